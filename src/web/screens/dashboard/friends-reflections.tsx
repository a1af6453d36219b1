import { RefreshCw, Users } from 'lucide-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../api/auth.js';
import { useFriendsFeed } from '../../api/journal.js';
import { paths } from '../../app/paths.js';
import { Button, buttonVariants } from '../../components/ui/button.js';
import { isNetworkFailure } from '../../offline/network-failure.js';
import { Card } from '../../components/ui/card.js';
import { useLikedEntries } from '../../hooks/use-liked-entries.js';
import { toast } from '../../hooks/use-toast.js';
import { cn } from '../../lib/cn.js';
import { UnavailableNotice, useOfflineFailure } from '../../components/unavailable-notice.js';
import { FriendReflectionCard } from './friend-reflection-card.js';
import { LoadingCards } from './loading-cards.js';

/** The Friends' Reflections tab: friends' public entries, newest first. */
export function FriendsReflections() {
  const { data: user } = useCurrentUser();
  const feed = useFriendsFeed(Boolean(user));
  const { isLiked, toggleLike } = useLikedEntries();
  const offline = useOfflineFailure(feed.error);
  const entries = feed.data;

  const refresh = async () => {
    const result = await feed.refetch();
    if (!result.isError) {
      toast({ title: 'Refreshed', description: 'Dashboard updated with latest reflections.' });
    } else if (offline || isNetworkFailure(result.error)) {
      toast({
        title: "You're offline",
        description: "Friends' reflections will refresh when the connection returns.",
      });
    } else {
      toast({ variant: 'destructive', title: 'Could not refresh reflections' });
    }
  };

  return (
    <section aria-labelledby="community-reflections" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="community-reflections" className="font-serif text-2xl font-semibold">
          Community Reflections
        </h2>
        <Button
          variant="outline"
          size="icon"
          onClick={() => void refresh()}
          disabled={feed.isFetching}
          aria-label="Refresh reflections"
          title="Refresh reflections"
        >
          <RefreshCw aria-hidden="true" className={cn(feed.isFetching && 'animate-spin')} />
        </Button>
      </div>

      {entries === undefined && feed.isError ? (
        <UnavailableNotice
          offline={offline}
          offlineText="Friends' reflections will appear when the connection returns."
          failedText="Friends' reflections could not be loaded."
          onRetry={() => void feed.refetch()}
        />
      ) : entries === undefined ? (
        <LoadingCards withAvatar label="Loading reflections" />
      ) : entries.length === 0 ? (
        <NoSharedReflections />
      ) : (
        <ul className="flex flex-col gap-4">
          {entries.map((entry) => (
            <li key={entry.id}>
              <FriendReflectionCard
                entry={entry}
                liked={isLiked(entry.id)}
                onToggleLike={() => toggleLike(entry.id)}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function NoSharedReflections() {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-10 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Users aria-hidden="true" className="size-6" />
      </span>
      <h3 className="font-serif text-xl font-semibold">No Shared Reflections Yet</h3>
      <p className="max-w-sm text-sm leading-relaxed text-muted-foreground">
        When your friends share a reflection, it will appear here for you to read.
      </p>
      <Link to={paths.community.getHref()} className={cn(buttonVariants(), 'mt-2')}>
        Connect with Friends
      </Link>
    </Card>
  );
}
