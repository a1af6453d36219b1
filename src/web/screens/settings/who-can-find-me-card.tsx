import type { Discoverability, User } from '#shared/auth-schemas';
import { useUpdateProfile } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { useChoiceWhileSaving } from '../../hooks/use-choice-while-saving.js';
import { toast } from '../../hooks/use-toast.js';

const CHOICES: { value: Discoverability; label: string; meaning: string }[] = [
  {
    value: 'everyone',
    label: 'Everyone',
    meaning:
      'Anyone can find you by name or username, and you may be suggested to people near you.',
  },
  {
    value: 'username',
    label: 'Only by exact username',
    meaning:
      'Only someone who types your whole username finds you; you are never suggested to anyone.',
  },
  {
    value: 'nobody',
    label: 'Nobody',
    meaning: 'No one can find you; friends you already have still see you.',
  },
];

/** Who may find this person in search and suggestions; saved as soon as it is chosen. */
export function WhoCanFindMeCard({ user }: { user: User }) {
  const update = useUpdateProfile();
  const choice = useChoiceWhileSaving(user.discoverable);

  const choose = (discoverable: Discoverability) => {
    choice.ask(discoverable);
    update.mutate(
      { discoverable },
      {
        onSuccess: () => toast({ title: 'Saved', description: 'Who can find you was changed.' }),
        onError: (error) => {
          choice.forget();
          toast({
            variant: 'destructive',
            title: 'Could not save who can find you',
            description: serverMessage(error) ?? 'Please try again',
          });
        },
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="find-me-heading">
      <CardHeader>
        <h2 id="find-me-heading" className="font-serif text-lg font-semibold leading-tight">
          Who can find me
        </h2>
        <CardDescription>
          Who can find you in Community’s search and suggestions. People you have blocked never can.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="flex min-w-0 flex-col gap-3" disabled={update.isPending}>
          <legend className="sr-only">Who can find me</legend>
          {CHOICES.map((option) => (
            <label
              key={option.value}
              className="flex cursor-pointer flex-wrap items-start gap-3 rounded-lg border border-border p-3 max-[359px]:gap-2 max-[359px]:p-2 has-[:checked]:border-primary has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <input
                type="radio"
                name="discoverable"
                value={option.value}
                checked={choice.shown === option.value}
                onChange={() => choose(option.value)}
                aria-describedby={`find-me-${option.value}`}
                className="mt-1 size-4 shrink-0 accent-primary"
              />
              {/* Too narrow for a word beside the radio (200% page zoom), the words go under it. */}
              <span className="flex min-w-0 flex-[1_1_6rem] flex-col gap-0.5">
                <span className="font-medium">{option.label}</span>
                <span id={`find-me-${option.value}`} className="text-sm text-muted-foreground">
                  {option.meaning}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
