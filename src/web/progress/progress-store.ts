import type { QueryClient } from '@tanstack/react-query';
import {
  type ProgressRecord,
  type ProgressStep,
  initialProgress,
  markRead as markReadRule,
  markStep as markStepRule,
  parseProgress,
} from '#shared/progress';
import type { ProgressDayUpdate } from '#shared/progress-sync';
import { clearServerProgress, mergeProgressWithServer, sendDayFlags } from '../api/progress.js';
import { queryKeys } from '../api/query-keys.js';
import { cookieValue, setPageCookie } from '../lib/cookies.js';
import type { Notice, TellReader } from '../lib/notice.js';
import { newDayFlags, withChangesSince } from './progress-changes.js';

const COOKIE = 'gatha-progress';
const MAX_AGE = 365 * 24 * 60 * 60;
/**
 * Whose reset the server has not confirmed yet (a user id); it is sent again before that
 * person's next merge, so the merge does not bring the old progress back.
 */
const RESET_PENDING_KEY = 'gatha-progress-reset-pending';

/** The progress record in a Cookie header or document.cookie ('a=1; b=2'). */
function progressInCookies(cookies: string): ProgressRecord {
  const value = cookieValue(cookies, COOKIE);
  let text: string | null = null;
  try {
    text = value === undefined ? null : decodeURIComponent(value);
  } catch {
    text = null;
  }
  return parseProgress(text);
}

/** Everything the store reads and changes outside itself. */
export interface ProgressStoreIo {
  /** The cookies the record is first read from. */
  cookies(): string;
  /** Keeps a changed record where the next page finds it. */
  keep(record: ProgressRecord): void;
  announce(message: Notice): void;
  mergeWithServer(record: ProgressRecord): Promise<ProgressRecord>;
  sendDayFlags(day: number, flags: ProgressDayUpdate): Promise<void>;
  clearServer(): Promise<void>;
  /** Where a reset the server has not confirmed yet is remembered. */
  pendingReset(action: (storage: Storage) => string | null | void): string | null;
}

const browserIo: Omit<ProgressStoreIo, 'announce'> = {
  cookies: () => (typeof document === 'undefined' ? '' : document.cookie),
  keep: (record) => setPageCookie(COOKIE, encodeURIComponent(JSON.stringify(record)), MAX_AGE),
  mergeWithServer: mergeProgressWithServer,
  sendDayFlags,
  clearServer: clearServerProgress,
  // Storage the browser refuses (private modes) only means a reset is not retried.
  pendingReset: (action) => {
    try {
      return action(localStorage) ?? null;
    } catch {
      return null;
    }
  },
};

export type ProgressStore = ReturnType<typeof createProgressStore>;

/**
 * One app's reading progress: the local record (cookie gatha-progress), the spec's progress
 * actions, and its syncing with the server while someone is signed in. Each app root makes its
 * own, so two apps in one page or one process never see each other's progress.
 */
export function createProgressStore(io: ProgressStoreIo) {
  let current: ProgressRecord | null = null;
  const listeners = new Set<() => void>();
  /** Who is signed in now, and whose record this app has already merged with the server. */
  let signedInAs: number | null = null;
  let mergedFor: number | null = null;
  /** Counts resets, so a merge answer that left before a reset is not written back after it. */
  let resets = 0;
  let watchingSignOut = false;

  function snapshot(): ProgressRecord {
    current ??= progressInCookies(io.cookies());
    return current;
  }

  function save(record: ProgressRecord) {
    current = record;
    io.keep(record);
    for (const listener of listeners) listener();
  }

  async function sendReset(userId: number) {
    io.pendingReset((storage) => storage.setItem(RESET_PENDING_KEY, String(userId)));
    await io.clearServer();
    io.pendingReset((storage) => storage.removeItem(RESET_PENDING_KEY));
  }

  /** Sends each newly set flag; one that fails reaches the server with the next merge. */
  function sendNewSteps(before: ProgressRecord, after: ProgressRecord) {
    if (signedInAs === null) return;
    for (const { day, flags } of newDayFlags(before, after)) {
      io.sendDayFlags(day, flags).catch(() => undefined);
    }
  }

  async function mergeWithServer(userId: number): Promise<boolean> {
    const resetsAtStart = resets;
    const pendingFor = io.pendingReset((storage) => storage.getItem(RESET_PENDING_KEY));
    if (pendingFor === String(userId)) await sendReset(userId);
    const sent = snapshot();
    const merged = await io.mergeWithServer(sent);
    if (signedInAs !== userId || resets !== resetsAtStart) return false;
    save(withChangesSince(merged, sent, snapshot()));
    return true;
  }

  /** Signing out (or deleting the account) from any screen ends syncing, so a new sign-in merges. */
  function watchSignOut(queryClient: QueryClient) {
    if (watchingSignOut) return;
    watchingSignOut = true;
    queryClient.getQueryCache().subscribe(({ query }) => {
      if (query.queryKey[0] === queryKeys.me[0] && query.state.data === null) {
        signedInAs = null;
        mergedFor = null;
      }
    });
  }

  return {
    snapshot,

    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },

    /**
     * Told who is signed in now (null for no one): merges the local record with the server's
     * once per sign-in, and writes the union back. A failed merge leaves the local record as
     * it is; the next app start tries again.
     */
    signedIn(userId: number | null, queryClient: QueryClient) {
      watchSignOut(queryClient);
      signedInAs = userId;
      if (userId === null) {
        mergedFor = null;
        return;
      }
      if (mergedFor === userId) return;
      mergedFor = userId;
      mergeWithServer(userId).then(
        (written) => {
          if (written) void queryClient.invalidateQueries({ queryKey: queryKeys.progress });
        },
        () => undefined,
      );
    },

    /**
     * Records a step. When it completes the stanza the reader's path stands on, the next one
     * opens on the path; it is announced, and returned, only when the calendar has opened it
     * too (`openThrough`, today's day), so no day that is still to come is called available.
     */
    markStep(day: number, step: ProgressStep, openThrough: number): number | null {
      const before = snapshot();
      const result = markStepRule(before, day, step);
      save(result.record);
      sendNewSteps(before, result.record);
      if (result.advancedTo === null || result.advancedTo > openThrough) return null;
      io.announce({
        title: 'Progress unlocked!',
        description: `Stanza ${result.advancedTo} is now available`,
      });
      return result.advancedTo;
    },

    /** Marks a day as read, which completes it; the path moves on quietly. */
    markRead(day: number) {
      const before = snapshot();
      const after = markReadRule(before, day).record;
      save(after);
      sendNewSteps(before, after);
      io.announce({ title: 'Progress saved', description: `Day ${day} marked as read` });
    },

    reset() {
      save(initialProgress());
      resets += 1;
      if (signedInAs !== null) sendReset(signedInAs).catch(() => undefined);
      io.announce({ title: 'Progress reset', description: 'Starting fresh from stanza 1' });
    },
  };
}

/**
 * The progress store of an app root: in the browser, the page's own cookie, its changes told
 * to the reader by `announce`; on the server, the request's cookies, read only, since a page
 * rendered there never acts.
 */
export function progressStoreFor(
  requestCookies: string | null,
  announce: TellReader,
): ProgressStore {
  if (requestCookies === null) return createProgressStore({ ...browserIo, announce });
  const refused = () => Promise.reject(new Error('A page rendered on the server never syncs'));
  return createProgressStore({
    cookies: () => requestCookies,
    keep: () => undefined,
    announce: () => undefined,
    mergeWithServer: refused,
    sendDayFlags: refused,
    clearServer: refused,
    pendingReset: () => null,
  });
}
