import { useId, useState } from 'react';
import type { Pace } from '#shared/reading-pace';
import { useUpdateProfile } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { PaceRadioGroup } from '../../components/pace-choices.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { toast } from '../../hooks/use-toast.js';
import { paceWelcomeAnswered } from '../../lib/pace-welcome.js';

/**
 * The newcomer's first choice: read with everyone (already chosen) or start an own path at
 * day 1. Answered once; Settings can change it later.
 */
export function PaceWelcome({ onDone }: { onDone: () => void }) {
  const [pace, setPace] = useState<Pace>('together');
  const update = useUpdateProfile();
  const headingId = useId();

  const begin = () => {
    const done = () => {
      paceWelcomeAnswered();
      onDone();
    };
    // Reading with everyone is every account's pace from the start: nothing to save.
    if (pace === 'together') return done();
    update.mutate(
      { pace },
      {
        onSuccess: done,
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: 'Could not choose your pace',
            description: serverMessage(error) ?? 'Please try again',
          }),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <h2 id={headingId} className="font-serif text-lg font-semibold leading-tight">
          Your pace
        </h2>
        <CardDescription>
          How would you like to walk the 241 days? Settings can change it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <PaceRadioGroup
          name="welcome-pace"
          chosen={pace}
          onChoose={setPace}
          disabled={update.isPending}
        />
        <Button className="self-start" onClick={begin} disabled={update.isPending}>
          Start reading
        </Button>
      </CardContent>
    </Card>
  );
}
