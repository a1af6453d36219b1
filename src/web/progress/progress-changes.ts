import type { ProgressRecord } from '#shared/progress';
import type { ProgressDayUpdate } from '#shared/progress-sync';

/** Which list of the local record holds which flag of the server's progress day. */
const FLAG_LISTS = [
  ['read', 'readDays'],
  ['gathaViewed', 'gathaViewed'],
  ['explanationViewed', 'explanationViewed'],
  ['reflectionSaved', 'reflectionSaved'],
] as const;

export interface DayFlags {
  day: number;
  flags: ProgressDayUpdate;
}

/** The flags `after` has set that `before` had not, one entry per day, ordered by day. */
export function newDayFlags(before: ProgressRecord, after: ProgressRecord): DayFlags[] {
  const byDay = new Map<number, ProgressDayUpdate>();
  for (const [flag, list] of FLAG_LISTS) {
    const known = new Set(before[list]);
    for (const day of after[list]) {
      if (!known.has(day)) byDay.set(day, { ...byDay.get(day), [flag]: true });
    }
  }
  return [...byDay.entries()].sort(([a], [b]) => a - b).map(([day, flags]) => ({ day, flags }));
}

/**
 * The server's merged record with the steps taken on this device while the merge was on its
 * way (the changes from `sent` to `latest`), so writing the answer back loses none of them.
 */
export function withChangesSince(
  merged: ProgressRecord,
  sent: ProgressRecord,
  latest: ProgressRecord,
): ProgressRecord {
  const result = { ...merged };
  for (const { day, flags } of newDayFlags(sent, latest)) {
    for (const [flag, list] of FLAG_LISTS) {
      if (flags[flag] && !result[list].includes(day)) result[list] = [...result[list], day];
    }
  }
  return {
    ...result,
    lastReadDay: Math.max(result.lastReadDay, latest.lastReadDay),
    currentStanza: Math.max(result.currentStanza, latest.currentStanza),
  };
}
