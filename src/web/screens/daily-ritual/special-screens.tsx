import { BookOpen, CloudOff, Sunrise, TableOfContents, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TOTAL_DAYS } from '#shared/constants';
import type { FutureDay } from '../../api/thoughts.js';
import { paths } from '../../app/paths.js';
import { Button, buttonVariants } from '../../components/ui/button.js';
import { cn } from '../../lib/cn.js';

const DEFAULT_FUTURE_MESSAGE =
  "This stanza opens on its own day. Until then, today's reading is waiting for you.";

/** A quiet, centred message that stands in for the day's reading. */
function NoticeCard({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-5 rounded-2xl border border-border bg-card px-6 py-10 text-center shadow-sm max-[359px]:px-3 sm:px-10">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-secondary text-primary [&_svg]:size-7"
      >
        {icon}
      </span>
      <h1 className="font-serif text-2xl font-semibold leading-snug text-balance">{title}</h1>
      <div className="text-base leading-relaxed text-muted-foreground">{children}</div>
      <div className="mt-2 flex w-full flex-col gap-3">{actions}</div>
    </section>
  );
}

const linkButton = (variant: 'default' | 'outline' | 'ghost') =>
  cn(
    buttonVariants({ variant, size: 'lg' }),
    'h-auto min-h-12 w-full whitespace-normal py-3 text-center leading-snug',
  );

function AddFriendsLink() {
  return (
    <Link to={paths.community.getHref()} className={linkButton('ghost')}>
      <UserPlus aria-hidden="true" /> Add Friends
    </Link>
  );
}

/**
 * Days past the last stanza: answered here, without asking the server. Such a day never
 * comes, so the screen says how long the cycle is and leads to days that are.
 */
export function NotAvailableScreen({ day }: { day: number }) {
  return (
    <NoticeCard
      icon={<BookOpen />}
      title={`There is no Day ${day}`}
      actions={
        <>
          <Link to={paths.dailyRitual.getHref()} className={linkButton('default')}>
            Go to Today&apos;s Gatha
          </Link>
          <Link to={paths.dailyRitual.getHref(TOTAL_DAYS)} className={linkButton('outline')}>
            Go to Day {TOTAL_DAYS}, the last
          </Link>
          <Link to={paths.contents.getHref()} className={linkButton('ghost')}>
            <TableOfContents aria-hidden="true" /> See all {TOTAL_DAYS} days
          </Link>
        </>
      }
    >
      <p>The cycle has {TOTAL_DAYS} days, one stanza each, and then begins again at Day 1.</p>
    </NoticeCard>
  );
}

/** A day that opens later: the server's own words, and the way back to today. */
export function FutureDayScreen({ futureDay }: { futureDay: FutureDay }) {
  return (
    <NoticeCard
      icon={<Sunrise />}
      title="Tomorrow's Wisdom Awaits"
      actions={
        <>
          <Link
            to={paths.dailyRitual.getHref(futureDay.currentDay)}
            className={linkButton('default')}
          >
            Go to Today&apos;s Gatha
          </Link>
          <AddFriendsLink />
        </>
      }
    >
      <p>{futureDay.friendlyMessage ?? DEFAULT_FUTURE_MESSAGE}</p>
    </NoticeCard>
  );
}

/** Any other failure, or a day with no reading. */
export function UnableToLoadScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <NoticeCard
      icon={<CloudOff />}
      title="Unable to load Gatha"
      actions={
        <>
          {onRetry && (
            <Button size="lg" className="w-full" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Link
            to={paths.dailyRitual.getHref()}
            className={linkButton(onRetry ? 'outline' : 'default')}
          >
            Go to Today&apos;s Gatha
          </Link>
        </>
      }
    >
      <p>The reading could not be opened just now. Check your connection and try again.</p>
    </NoticeCard>
  );
}
