import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { retryDelayMs } from './offline-outbox.js';
import { useCurrentUser } from '../api/auth.js';
import { journalQuery } from '../api/journal.js';
import { queryKeys } from '../api/query-keys.js';
import type { Notice, TellReader } from '../lib/notice.js';
import { rebaseDraft } from './drafts.js';
import { rememberEntry } from './known-entries.js';
import { type SyncReport, sendPendingSaves } from './sync.js';

// Built when a notice first lists days, not as the app starts: a first Intl formatter loads the
// locale's data, which the morning page need not wait for.
let listFormat: Intl.ListFormat | undefined;

function daysText(days: number[]): string {
  if (days.length === 1) return `day ${days[0]}`;
  listFormat ??= new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });
  return `days ${listFormat.format(days.map(String))}`;
}

/**
 * One notice for the run; a refusal matters most, then a change that needs the reader's choice,
 * so they win the single slot.
 */
export function syncNotice({ synced, refused, changed }: SyncReport): Notice | null {
  if (refused.length > 0) {
    const one = refused.length === 1;
    const reason = one ? refused[0]?.reason : undefined;
    return {
      variant: 'destructive',
      title: `${one ? 'Reflection' : 'Reflections'} for ${daysText(refused.map((r) => r.dayNumber))} could not be synced`,
      description: `The server refused ${one ? 'it' : 'them'}${reason ? ` (${reason})` : ''}, so ${one ? 'it was' : 'they were'} removed from this device.`,
    };
  } else if (changed.length > 0) {
    const one = changed.length === 1;
    return {
      title: `${one ? 'Reflection' : 'Reflections'} for ${daysText(changed.map((entry) => entry.dayNumber))} changed elsewhere`,
      description: `Your words wait on this device until you choose, on ${one ? "the day's" : "each day's"} reflection, which version to keep.`,
    };
  } else if (synced.length > 0) {
    const days = synced.map((entry) => entry.dayNumber);
    return {
      title: 'Reflection synced',
      description:
        days.length === 1
          ? `Your reflection for day ${days[0]} is now in your journal.`
          : `Your reflections for ${daysText(days)} are now in your journal.`,
    };
  }
  return null;
}

/** Sends what waits, tells the reader, and answers how many saves still wait. */
async function syncAndTell(
  userId: number,
  queryClient: QueryClient,
  tell: TellReader,
): Promise<number> {
  const showDay = (entry: Parameters<typeof rememberEntry>[0]) => {
    // A read of the day begun before the save landed (the connection's return refetches it)
    // would answer with the entry as it was: it is called off, so the form shows what was sent.
    const queryKey = queryKeys.journalDay(entry.dayNumber);
    void queryClient
      .cancelQueries({ queryKey })
      .then(() => queryClient.setQueryData(queryKey, entry));
    void rememberEntry(entry);
  };
  let report: SyncReport;
  try {
    report = await sendPendingSaves(userId, {
      onSent: (entry) => {
        showDay(entry);
        rebaseDraft(userId, entry.dayNumber, entry);
      },
      onChanged: showDay,
    });
  } catch (error) {
    // The outbox could not be read (no IndexedDB): nothing was sent and nothing is lost.
    console.warn('Could not sync reflections saved on this device', error);
    return 0;
  }
  const notice = syncNotice(report);
  if (notice) tell(notice);
  if (report.synced.length + report.refused.length > 0) {
    // The journal list now has the server's copy of each day sent.
    await queryClient.invalidateQueries({ queryKey: queryKeys.journal });
  }
  return report.waiting;
}

/**
 * Sends one person's saves kept on this device: at once, whenever the connection returns, and,
 * while saves still wait and the browser believes it is online (a server that cannot be
 * reached, or a connection that drops answers), again by itself after 1 s, 2 s, 4 s and so on,
 * up to every 5 minutes, until they land.
 */
class SyncLoop {
  private failures = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private again = false;
  private stopped = false;
  private learnedJournal = false;

  constructor(
    readonly userId: number,
    private readonly queryClient: QueryClient,
    private readonly tell: TellReader,
  ) {
    window.addEventListener('online', this.onOnline);
    void this.run();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    window.removeEventListener('online', this.onOnline);
  }

  /** A save was just kept on the device though the browser is online: try again shortly. */
  soon() {
    if (this.timer === undefined && !this.running) this.retryLater();
  }

  private readonly onOnline = () => {
    this.failures = 0;
    void this.run();
  };

  private retryLater() {
    this.failures += 1;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, retryDelayMs(this.failures));
  }

  private async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = undefined;
    this.running = true;
    let waiting: number;
    try {
      waiting = await syncAndTell(this.userId, this.queryClient, this.tell);
    } finally {
      this.running = false;
    }
    if (this.stopped) return;
    if (this.again) {
      this.again = false;
      return this.run();
    }
    if (waiting === 0) this.failures = 0;
    else if (navigator.onLine) this.retryLater();
    this.learnJournal();
  }

  /**
   * Once per start, with nothing left to send, the reader's own entries are read and kept on
   * the device, so a reflection opened offline later shows what was written.
   */
  private learnJournal() {
    if (this.learnedJournal || !navigator.onLine) return;
    this.learnedJournal = true;
    void this.queryClient.prefetchQuery(journalQuery(this.userId));
  }
}

let loop: { sync: SyncLoop; users: number } | null = null;

/** Asks the running sync to try again shortly, after a save was kept on the device. */
export function syncSoon() {
  loop?.sync.soon();
}

/**
 * Sends the signed-in person's reflections saved on this device: when mounted (app start, a
 * screen opening), when that person signs in, whenever the connection returns and, while any
 * wait, by itself with growing pauses, telling the reader by `tell` what came of it. Safe to
 * mount in several places: they share one loop.
 */
export function useOfflineSync(tell: TellReader) {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    if (loop?.sync.userId !== userId) {
      loop?.sync.stop();
      loop = { sync: new SyncLoop(userId, queryClient, tell), users: 0 };
    }
    const mine = loop;
    mine.users += 1;
    return () => {
      mine.users -= 1;
      if (mine.users === 0 && loop === mine) {
        mine.sync.stop();
        loop = null;
      }
    };
  }, [userId, queryClient, tell]);
}
