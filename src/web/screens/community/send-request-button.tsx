import { UserPlus } from 'lucide-react';
import { useSendFriendRequest } from '../../api/friends.js';
import { Button } from '../../components/ui/button.js';
import { toast } from '../../hooks/use-toast.js';

/** Sends a friend request to one person and says how it went. */
export function SendRequestButton(props: {
  person: { id: number; fullName: string };
  label: string;
}) {
  const send = useSendFriendRequest();
  const onClick = () =>
    send.mutate(props.person.id, {
      onSuccess: (request) => {
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
      onError: (error) => toast({ variant: 'destructive', title: error.message }),
    });

  return (
    <Button size="sm" onClick={onClick} disabled={send.isPending}>
      <UserPlus aria-hidden="true" />
      {props.label}
      <span className="sr-only"> to {props.person.fullName}</span>
    </Button>
  );
}
