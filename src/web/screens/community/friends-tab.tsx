import { Mail, MessageCircle, Search, UserMinus, Users } from 'lucide-react';
import { useState } from 'react';
import type { Friend } from '#shared/social-types';
import { useFriends, useRemoveFriend } from '../../api/friends.js';
import { Button } from '../../components/ui/button.js';
import { ConfirmDialog } from '../../components/ui/dialogs.js';
import { Input, Label } from '../../components/ui/form-controls.js';
import { toast } from '../../hooks/use-toast.js';
import { EmptyState, InlineError, PeopleSkeleton } from './list-states.js';
import { PersonActionsMenu } from '../../components/person-actions-menu.js';
import { PersonCard } from './person-card.js';

function matches(friend: Friend, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return (
    !needle ||
    friend.fullName.toLowerCase().includes(needle) ||
    friend.username.toLowerCase().includes(needle)
  );
}

export function FriendsTab() {
  const { data: friends, isPending, isError } = useFriends();
  const removeFriend = useRemoveFriend();
  const [search, setSearch] = useState('');
  const [toRemove, setToRemove] = useState<Friend | null>(null);

  const confirmRemove = () => {
    if (!toRemove) return;
    removeFriend.mutate(toRemove.id, {
      onSuccess: () =>
        toast({ title: 'Friend Removed', description: 'You are no longer connected.' }),
      onError: () =>
        toast({ variant: 'destructive', title: 'Failed to remove friend. Please try again.' }),
    });
  };

  const shown = (friends ?? []).filter((friend) => matches(friend, search));
  const count = friends?.length ?? 0;

  return (
    <section aria-labelledby="friends-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="friends-heading" className="font-serif text-xl font-semibold">
          Your Friends
        </h2>
        {friends && (
          <p className="text-sm text-muted-foreground" data-testid="friends-count">
            {count} {count === 1 ? 'friend' : 'friends'}
          </p>
        )}
      </div>

      <div className="relative">
        <Label htmlFor="friend-search" className="sr-only">
          Search your friends
        </Label>
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id="friend-search"
          type="search"
          placeholder="Search your friends..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>

      {isPending ? (
        <PeopleSkeleton />
      ) : isError ? (
        <InlineError message="Failed to load friends" />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={<Users />}
          title={
            count > 0
              ? 'No friends found matching your search.'
              : 'No friends yet. Start connecting in the Discover tab!'
          }
        />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Friends">
          {shown.map((friend) => (
            <li key={friend.id}>
              <PersonCard
                fullName={friend.fullName}
                username={friend.username}
                details={<FriendContacts friend={friend} />}
                actions={
                  <>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-muted-foreground hover:text-destructive"
                      onClick={() => setToRemove(friend)}
                    >
                      <UserMinus aria-hidden="true" />
                      <span className="sr-only">Remove {friend.fullName}</span>
                    </Button>
                    <PersonActionsMenu person={friend} />
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open) setToRemove(null);
        }}
        title="Remove Friend"
        description="Are you sure you want to remove this person from your friends? You can always add them back later."
        confirmLabel="Remove Friend"
        onConfirm={confirmRemove}
      />
    </section>
  );
}

function FriendContacts({ friend }: { friend: Friend }) {
  return (
    <div className="mt-2 flex flex-col gap-1 text-sm text-muted-foreground">
      <a
        href={`mailto:${friend.email}`}
        className="flex min-w-0 items-center gap-1.5 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Mail className="size-3.5 shrink-0" aria-hidden="true" />
        <span className="truncate">{friend.email}</span>
      </a>
      {friend.whatsapp && (
        <p className="flex items-center gap-1.5">
          <MessageCircle className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">WhatsApp: </span>
          {friend.whatsapp}
        </p>
      )}
    </div>
  );
}
