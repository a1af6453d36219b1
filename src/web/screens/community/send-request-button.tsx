import { useQueryClient } from '@tanstack/react-query';
import { UserPlus } from 'lucide-react';
import { useSendFriendRequest } from '../../api/friends.js';
import { queryKeys } from '../../api/query-keys.js';
import { Button } from '../../components/ui/button.js';
import { toast } from '../../hooks/use-toast.js';

/** Sends a friend request to one person and says how it went. */
export function SendRequestButton(props: {
  person: { id: number; fullName: string; username?: string };
  label: string;
}) {
  const send = useSendFriendRequest();
  const queryClient = useQueryClient();
  // mutateAsync, not mutate's callbacks: the refreshed lists replace this button before the
  // request settles, and callbacks of an unmounted mutation never run.
  const onClick = () =>
    send.mutateAsync(props.person).then(
      (request) => {
        // The server accepts their pending request instead when they had already asked us.
        if (request.status === 'accepted') {
          toast({
            title: 'Friend Request Accepted',
            description: `You and ${props.person.fullName} are now connected!`,
          });
        } else {
          toast({
            title: 'Friend Request Sent',
            description: `${props.person.fullName} will see your request.`,
          });
        }
      },
      (error: Error) => {
        toast({ variant: 'destructive', title: error.message });
        // A refusal (already friends, already sent) means the lists on screen are out of date.
        void queryClient.invalidateQueries({ queryKey: queryKeys.friendRequests });
        void queryClient.invalidateQueries({ queryKey: queryKeys.friends });
        void queryClient.invalidateQueries({ queryKey: queryKeys.discover });
      },
    );

  return (
    <Button size="sm" onClick={() => void onClick()} disabled={send.isPending}>
      <UserPlus aria-hidden="true" />
      {props.label}
      <span className="sr-only"> to {props.person.fullName}</span>
    </Button>
  );
}
