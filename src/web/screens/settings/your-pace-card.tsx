import { useState } from 'react';
import type { User } from '#shared/auth-schemas';
import type { Pace } from '#shared/reading-pace';
import { useUpdateProfile } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { OWN_PATH_RESTARTS, PaceRadioGroup } from '../../components/pace-choices.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { useChoiceWhileSaving } from '../../hooks/use-choice-while-saving.js';
import { toast } from '../../hooks/use-toast.js';

/** A YYYY-MM-DD local date in words, as the reader's language writes it. */
function longDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
}

/**
 * Whose day the reader reads. Reading with everyone is saved as soon as it is chosen; an own
 * path is confirmed first, since it always begins again at day 1.
 */
export function YourPaceCard({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [confirming, setConfirming] = useState(false);
  // The radio the reader picked, shown at once while it is confirmed or saved.
  const picked = useChoiceWhileSaving<Pace>(user.pace);

  const save = (pace: Pace) =>
    update.mutate(
      { pace },
      {
        onSuccess: () =>
          toast({
            title: 'Saved',
            description:
              pace === 'own' ? 'Your own path begins today at day 1.' : 'You read with everyone.',
          }),
        onError: (error) => {
          picked.forget();
          toast({
            variant: 'destructive',
            title: 'Could not change your pace',
            description: serverMessage(error) ?? 'Please try again',
          });
        },
        onSettled: () => setConfirming(false),
      },
    );

  const choose = (pace: Pace) => {
    const changes = pace !== user.pace;
    if (changes) picked.ask(pace);
    else picked.forget();
    setConfirming(changes && pace === 'own');
    if (changes && pace === 'together') save('together');
  };

  const cancel = () => {
    setConfirming(false);
    picked.forget();
  };

  return (
    <Card role="region" aria-labelledby="your-pace-heading">
      <CardHeader>
        <h2 id="your-pace-heading" className="font-serif text-lg font-semibold leading-tight">
          Your pace
        </h2>
        <CardDescription>
          {user.pace === 'own' && user.paceStartedOn
            ? `You are on your own path, begun on ${longDate(user.paceStartedOn)}.`
            : 'You read the same stanza as everyone each day.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <PaceRadioGroup
          name="settings-pace"
          chosen={picked.shown}
          onChoose={choose}
          disabled={update.isPending}
        />
        {confirming && (
          <div className="flex flex-col gap-3" role="group" aria-labelledby="own-path-note">
            <p id="own-path-note" className="text-sm">
              {OWN_PATH_RESTARTS}
            </p>
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => save('own')} disabled={update.isPending}>
                Start at day 1
              </Button>
              <Button variant="outline" onClick={cancel}>
                Cancel
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
