import { formatDistanceToNow } from 'date-fns';
import { useBlocks, useUnblockPerson } from '../../api/blocks.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { toast } from '../../hooks/use-toast.js';

function blockedWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : `Blocked ${formatDistanceToNow(date, { addSuffix: true })}`;
}

/** The people this person blocked, each with a way to unblock them. */
export function BlockedPeopleCard() {
  const blocks = useBlocks();
  const unblock = useUnblockPerson();

  const onUnblock = (person: { userId: number; fullName: string }) =>
    unblock.mutate(person.userId, {
      onSuccess: () =>
        toast({
          title: `${person.fullName} is unblocked`,
          description: 'You can find each other again; your friendship is not restored.',
        }),
      onError: () =>
        toast({ variant: 'destructive', title: 'Failed to unblock. Please try again.' }),
    });

  return (
    <Card role="region" aria-labelledby="blocked-heading">
      <CardHeader>
        <h2 id="blocked-heading" className="font-serif text-lg font-semibold leading-tight">
          Blocked people
        </h2>
        <CardDescription>
          They are not told. You and they don’t see each other anywhere in the app. Unblocking does
          not restore a friendship.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {blocks.isPending ? (
          <div role="status">
            <span className="sr-only">Loading blocked people</span>
            <Skeleton className="h-12 w-full" />
          </div>
        ) : blocks.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3">
            <p className="text-sm text-muted-foreground">Blocked people could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => void blocks.refetch()}>
              Try again
            </Button>
          </div>
        ) : blocks.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">You haven’t blocked anyone.</p>
        ) : (
          <ul aria-label="Blocked people" className="flex flex-col divide-y divide-border">
            {blocks.data.map((person) => (
              <li key={person.userId} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                <div className="min-w-0 flex-1">
                  <p className="font-medium [overflow-wrap:anywhere]">{person.fullName}</p>
                  <p className="truncate text-sm text-muted-foreground">
                    @{person.username} · {blockedWhen(person.blockedAt)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => onUnblock(person)}
                  disabled={unblock.isPending}
                >
                  Unblock<span className="sr-only"> {person.fullName}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
