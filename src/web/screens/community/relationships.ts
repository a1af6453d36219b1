import { useFriendRequests, useFriends } from '../../api/friends.js';

export type Relationship = 'friend' | 'sent' | 'received' | 'none';

/** Where the signed-in user stands with another person, from the friends and requests lists. */
export function useRelationships(): (userId: number) => Relationship {
  const { data: friends = [] } = useFriends();
  const { data: requests } = useFriendRequests();
  const friendIds = new Set(friends.map((f) => f.id));
  const sentTo = new Set((requests?.sent ?? []).map((r) => r.receiverId));
  const receivedFrom = new Set((requests?.received ?? []).map((r) => r.senderId));
  return (userId) => {
    if (friendIds.has(userId)) return 'friend';
    if (sentTo.has(userId)) return 'sent';
    if (receivedFrom.has(userId)) return 'received';
    return 'none';
  };
}
