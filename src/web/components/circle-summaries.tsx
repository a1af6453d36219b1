import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { ENTRY_PARTS } from '#shared/shared-parts';
import { useCircles, useTodayInEachCircle } from '../api/circles.js';
import { paths } from '../app/paths.js';
import { Card } from './ui/card.js';

/** "4 of 9 have reflected today", never naming who has not. */
export function reflectedTodayLine(reflected: number, members: number): string {
  return `${reflected} of ${members} ${reflected === 1 ? 'has' : 'have'} reflected today`;
}

/**
 * The reader's reading circles, each with its newest reflection of today, linking to its page
 * (docs/product.md#reading-circles). Shown on the dashboard and in Community.
 */
export function CircleSummaries(props: { headingLevel?: 'h2' | 'h3' }) {
  const circles = useCircles();
  const list = circles.data ?? [];
  const today = useTodayInEachCircle(list.map((circle) => circle.id));
  const Heading = props.headingLevel ?? 'h2';
  return (
    <section aria-labelledby="circle-summaries" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <Heading id="circle-summaries" className="font-serif text-xl font-semibold">
          Your circles
        </Heading>
        <Link to={paths.circles.getHref()} className="text-sm text-primary underline">
          {list.length > 0 ? 'All circles' : 'Start a circle'}
        </Link>
      </div>
      {circles.isSuccess && list.length === 0 && (
        <p className="text-sm text-muted-foreground">
          A circle is a small group that reads together: a family, a study class, a community.
        </p>
      )}
      <ul className="flex flex-col gap-3">
        {list.map((circle, index) => {
          const newest = today[index]?.data?.[0];
          const part = newest && ENTRY_PARTS.find((p) => newest[p]?.trim());
          return (
            <li key={circle.id}>
              <Card className="flex flex-col gap-1.5 p-4">
                <Link
                  to={paths.circle.getHref(circle.id)}
                  className="flex items-center gap-2 font-semibold break-words text-primary underline"
                >
                  <UsersRound aria-hidden="true" className="size-4 shrink-0" />
                  {circle.name}
                </Link>
                <p className="text-xs text-muted-foreground">
                  {reflectedTodayLine(circle.reflectedToday, circle.memberCount)}
                </p>
                {newest && part && (
                  <p className="line-clamp-2 font-serif text-sm break-words">
                    <span className="font-sans font-medium">{newest.user.fullName}: </span>
                    {newest[part]}
                  </p>
                )}
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
