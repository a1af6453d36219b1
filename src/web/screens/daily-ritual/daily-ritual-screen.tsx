import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { TOTAL_DAYS } from '#shared/constants';
import type { Thought } from '#shared/thought-types';
import { futureDayOf, useGathaInfo, useThought, useTodayThought } from '../../api/thoughts.js';
import { lazyPart } from '../../components/lazy-part.js';
import { PartLoadBoundary } from '../../components/part-load-boundary.js';
import { DayReading } from './day-reading.js';
import { DayStrip } from './day-strip.js';
import { DayStripSkeleton, ReadingSkeleton } from './reading-skeleton.js';
import { FutureDayScreen, NotAvailableScreen, UnableToLoadScreen } from './special-screens.js';
import { paceWelcomeAsked } from '../../lib/pace-welcome.js';

// Asked once, after sign-up: loaded only then, never with the daily screen.
const PaceWelcome = lazyPart(async () => (await import('./pace-welcome.js')).PaceWelcome);

/** The daily ritual: today's stanza, or the day in the address (/app/daily-ritual/:day?). */
export function DailyRitualScreen() {
  const { day: dayParam } = useParams();
  if (dayParam === undefined) return <TodaysReading />;
  const day = Number(dayParam);
  if (!Number.isInteger(day) || day < 1) return <UnableToLoadScreen />;
  // Past the last stanza there is nothing to ask the server for.
  if (day > TOTAL_DAYS) return <NotAvailableScreen day={day} />;
  return <ChosenDayReading day={day} />;
}

function TodaysReading() {
  const today = useTodayThought();
  if (today.isPending && today.fetchStatus !== 'idle') {
    return (
      <div data-wide-layout className="flex flex-col gap-8">
        <DayStripSkeleton />
        <ReadingSkeleton />
      </div>
    );
  }
  const day = today.data?.dayNumber;
  if (!day) return <UnableToLoadScreen onRetry={() => void today.refetch()} />;
  return <DayScreen day={day} thought={today} />;
}

function ChosenDayReading({ day }: { day: number }) {
  return <DayScreen day={day} thought={useThought(day)} />;
}

/**
 * The strip stays in place while days change, so the focused day button keeps its focus. On a
 * wide screen the day takes the page's full width (data-wide-layout, app-shell.tsx).
 */
function DayScreen({ day, thought }: { day: number; thought: UseQueryResult<Thought> }) {
  return (
    <div data-wide-layout className="flex flex-col gap-8">
      <NewcomersPace />
      <DayStrip day={day} />
      <DayContent day={day} thought={thought} />
    </div>
  );
}

/** The pace choice of a reader who has just signed up, until they answer it. */
function NewcomersPace() {
  const [asking, setAsking] = useState(false);
  // Read after the first render: the server-rendered page knows nothing of this tab's storage.
  useEffect(() => setAsking(paceWelcomeAsked()), []);
  if (!asking) return null;
  return (
    <PartLoadBoundary quietly={null}>
      <PaceWelcome onDone={() => setAsking(false)} />
    </PartLoadBoundary>
  );
}

function DayContent({ day, thought }: { day: number; thought: UseQueryResult<Thought> }) {
  // The heading's details are asked for with the stanza, not after it, and the reading waits
  // for both: a heading arriving later would push the whole reading down by a line or two.
  const headingDetails = useGathaInfo(day);
  if (thought.isLoading || headingDetails.isLoading) return <ReadingSkeleton />;
  if (thought.isError) {
    const futureDay = futureDayOf(thought.error);
    if (futureDay) return <FutureDayScreen futureDay={futureDay} />;
    return <UnableToLoadScreen onRetry={() => void thought.refetch()} />;
  }
  if (!thought.data) return <UnableToLoadScreen onRetry={() => void thought.refetch()} />;
  return <DayReading key={day} day={day} thought={thought.data} />;
}
