import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  type ProgressRecord,
  type ProgressStep,
  initialProgress,
  markRead as markReadRule,
  markStep as markStepRule,
  parseProgress,
} from '#shared/progress';
import { useCurrentUser } from '../api/auth.js';
import { clearServerProgress, mergeProgressWithServer, sendDayFlags } from '../api/progress.js';
import { queryKeys } from '../api/query-keys.js';
import { RenderedPageContext } from '../app/reader-page.js';
import { cookieValue, setPageCookie } from '../lib/cookies.js';
import { newDayFlags, withChangesSince } from './progress-changes.js';
import { toast } from './use-toast.js';

const COOKIE = 'gatha-progress';
const MAX_AGE = 365 * 24 * 60 * 60;

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

function readCookie(): ProgressRecord {
  return progressInCookies(document.cookie);
}

function writeCookie(record: ProgressRecord) {
  setPageCookie(COOKIE, encodeURIComponent(JSON.stringify(record)), MAX_AGE);
}

let current: ProgressRecord | null = null;
const listeners = new Set<() => void>();

function snapshot(): ProgressRecord {
  current ??= readCookie();
  return current;
}

function save(record: ProgressRecord) {
  current = record;
  writeCookie(record);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Whose reset the server has not confirmed yet (a user id); it is sent again before that
 * person's next merge, so the merge does not bring the old progress back.
 */
const RESET_PENDING_KEY = 'gatha-progress-reset-pending';

/** Who is signed in now, and whose record this app start has already merged with the server. */
let signedInAs: number | null = null;
let mergedFor: number | null = null;
/** Counts resets, so a merge answer that left before a reset is not written back after it. */
let resets = 0;

/** Storage the browser refuses (private modes) only means a reset is not retried. */
function pendingResetStore(action: (storage: Storage) => string | null | void): string | null {
  try {
    return action(localStorage) ?? null;
  } catch {
    return null;
  }
}

async function sendReset(userId: number) {
  pendingResetStore((storage) => storage.setItem(RESET_PENDING_KEY, String(userId)));
  await clearServerProgress();
  pendingResetStore((storage) => storage.removeItem(RESET_PENDING_KEY));
}

/** Sends each newly set flag; one that fails reaches the server with the next merge. */
function sendNewSteps(before: ProgressRecord, after: ProgressRecord) {
  if (signedInAs === null) return;
  for (const { day, flags } of newDayFlags(before, after)) {
    sendDayFlags(day, flags).catch(() => undefined);
  }
}

async function mergeWithServer(userId: number): Promise<boolean> {
  const resetsAtStart = resets;
  const pendingFor = pendingResetStore((storage) => storage.getItem(RESET_PENDING_KEY));
  if (pendingFor === String(userId)) await sendReset(userId);
  const sent = snapshot();
  const merged = await mergeProgressWithServer(sent);
  if (signedInAs !== userId || resets !== resetsAtStart) return false;
  save(withChangesSince(merged, sent, snapshot()));
  return true;
}

let watchingSignOut = false;

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

/**
 * While signed in, merges the local record with the server's once per sign-in and app start,
 * and writes the union back. A failed merge leaves the local record as it is; the next start
 * tries again.
 */
export function useProgressSync() {
  const queryClient = useQueryClient();
  const userId = useCurrentUser().data?.id ?? null;
  useEffect(() => {
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
  }, [userId, queryClient]);
}

/** The local progress record (cookie gatha-progress) and the spec's progress actions. */
export function useProgress() {
  // On the server, the record comes with the request: the browser then hydrates the page with
  // the same record, read from the same cookie.
  const { requestCookies } = useContext(RenderedPageContext);
  const serverSnapshot = useMemo(() => {
    if (requestCookies === null) return snapshot;
    const record = progressInCookies(requestCookies);
    return () => record;
  }, [requestCookies]);
  const record = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  useProgressSync();

  /** Records a step; returns the stanza unlocked when this completed the current one. */
  const markStep = useCallback((day: number, step: ProgressStep): number | null => {
    const before = snapshot();
    const result = markStepRule(before, day, step);
    save(result.record);
    sendNewSteps(before, result.record);
    if (result.advancedTo !== null) {
      toast({
        title: 'Progress unlocked!',
        description: `Stanza ${result.advancedTo} is now available`,
      });
    }
    return result.advancedTo;
  }, []);

  const markRead = useCallback((day: number) => {
    const before = snapshot();
    const after = markReadRule(before, day);
    save(after);
    sendNewSteps(before, after);
    toast({ title: 'Progress saved', description: `Day ${day} marked as read` });
  }, []);

  const reset = useCallback(() => {
    save(initialProgress());
    resets += 1;
    if (signedInAs !== null) sendReset(signedInAs).catch(() => undefined);
    toast({ title: 'Progress reset', description: 'Starting fresh from stanza 1' });
  }, []);

  return { record, markStep, markRead, reset };
}
