import { Check, Inbox, X } from 'lucide-react';
import type { FriendRequest } from '#shared/social-types';
import {
  useAcceptFriendRequest,
  useFriendRequests,
  useRejectFriendRequest,
} from '../../api/friends.js';
import { Badge } from '../../components/ui/badge.js';
import { Button } from '../../components/ui/button.js';
import { toast } from '../../hooks/use-toast.js';
import { EmptyState, InlineError, PeopleSkeleton } from './list-states.js';
import { PersonActionsMenu } from '../../components/person-actions-menu.js';
import { PersonCard } from './person-card.js';

export function RequestsTab() {
  const { data: requests, isPending, isError } = useFriendRequests();

  if (isPending) return <PeopleSkeleton count={2} />;
  if (isError) return <InlineError message="Failed to load friend requests" />;

  const { received, sent } = requests;
  if (received.length === 0 && sent.length === 0) {
    return <EmptyState icon={<Inbox />} title="No pending friend requests" />;
  }

  return (
    <div className="flex flex-col gap-8">
      {received.length > 0 && (
        <section aria-labelledby="received-heading" className="flex flex-col gap-3">
          <h2 id="received-heading" className="font-serif text-xl font-semibold">
            Received Requests
          </h2>
          <ul className="flex flex-col gap-3" aria-label="Received Requests">
            {received.map((request) => (
              <li key={request.id}>
                <ReceivedRequest request={request} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {sent.length > 0 && (
        <section aria-labelledby="sent-heading" className="flex flex-col gap-3">
          <h2 id="sent-heading" className="font-serif text-xl font-semibold">
            Sent Requests
          </h2>
          <ul className="flex flex-col gap-3" aria-label="Sent Requests">
            {sent.map((request) => (
              <li key={request.id}>
                <PersonCard
                  fullName={request.receiver.fullName}
                  username={request.receiver.username}
                  actions={<Badge variant="secondary">Pending</Badge>}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ReceivedRequest({ request }: { request: FriendRequest }) {
  const accept = useAcceptFriendRequest();
  const reject = useRejectFriendRequest();
  const busy = accept.isPending || reject.isPending;
  const name = request.sender.fullName;

  // mutateAsync: this card leaves the list once the requests refresh, before mutate's callbacks.
  const onAccept = () =>
    accept.mutateAsync(request.id).then(
      () => toast({ title: 'Friend Request Accepted', description: 'You are now connected!' }),
      () => toast({ variant: 'destructive', title: 'Failed to accept friend request.' }),
    );
  const onDecline = () =>
    reject.mutateAsync(request.id).then(
      () => toast({ title: 'Request Rejected' }),
      () => toast({ variant: 'destructive', title: 'Failed to reject friend request.' }),
    );

  return (
    <PersonCard
      fullName={name}
      username={request.sender.username}
      actions={<PersonActionsMenu person={request.sender} />}
      details={
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => void onAccept()} disabled={busy}>
            <Check aria-hidden="true" />
            Accept
            <span className="sr-only"> {name}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={() => void onDecline()} disabled={busy}>
            <X aria-hidden="true" />
            Decline
            <span className="sr-only"> {name}</span>
          </Button>
        </div>
      }
    />
  );
}
