import type { User } from '#shared/auth-schemas';
import { useUpdateProfile } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { Card, CardDescription, CardHeader } from '../../components/ui/card.js';
import { Switch } from '../../components/ui/form-controls.js';
import { useChoiceWhileSaving } from '../../hooks/use-choice-while-saving.js';
import { toast } from '../../hooks/use-toast.js';

/**
 * Whether the reader is told when someone in one of their reading circles shares a reflection;
 * off until they turn it on, saved as soon as it is switched (docs/decisions/026).
 */
export function CircleNoticesCard({ user }: { user: User }) {
  const update = useUpdateProfile();
  const choice = useChoiceWhileSaving(user.circlePush);

  const change = (circlePush: boolean) => {
    choice.ask(circlePush);
    update.mutate(
      { circlePush },
      {
        onSuccess: () =>
          toast({
            title: 'Saved',
            description: circlePush ? 'Circle notices are on.' : 'Circle notices are off.',
          }),
        onError: (error) => {
          choice.forget();
          toast({
            variant: 'destructive',
            title: 'Could not save circle notices',
            description: serverMessage(error) ?? 'Please try again',
          });
        },
      },
    );
  };

  return (
    <Card role="region" aria-labelledby="circle-notices">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
          <h2 id="circle-notices" className="font-serif text-lg font-semibold leading-tight">
            Circle notices
          </h2>
          <CardDescription id="circle-notices-description">
            A notice when someone in one of your reading circles shares a reflection with it. At
            most one a day for each circle, and it never says who.
          </CardDescription>
          <p className="text-sm text-muted-foreground">
            It reaches the devices where the daily reminder arrives even when the app is closed.
          </p>
        </div>
        <Switch
          className="mt-1"
          aria-labelledby="circle-notices"
          aria-describedby="circle-notices-description"
          checked={choice.shown}
          disabled={update.isPending}
          onCheckedChange={change}
        />
      </CardHeader>
    </Card>
  );
}
