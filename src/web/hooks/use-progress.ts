import { useCallback, useSyncExternalStore } from 'react';
import {
  type ProgressRecord,
  type ProgressStep,
  initialProgress,
  markRead as markReadRule,
  markStep as markStepRule,
  parseProgress,
} from '#shared/progress';
import { toast } from './use-toast.js';

const COOKIE = 'gatha-progress';
const MAX_AGE = 365 * 24 * 60 * 60;

function readCookie(): ProgressRecord {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${COOKIE}=`));
  return parseProgress(entry ? decodeURIComponent(entry.slice(COOKIE.length + 1)) : null);
}

function writeCookie(record: ProgressRecord) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(JSON.stringify(record))}; Max-Age=${MAX_AGE}; Path=/; SameSite=Lax${secure}`;
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

/** The local progress record (cookie gatha-progress) and the spec's progress actions. */
export function useProgress() {
  const record = useSyncExternalStore(subscribe, snapshot, snapshot);

  /** Records a step; returns the stanza unlocked when this completed the current one. */
  const markStep = useCallback((day: number, step: ProgressStep): number | null => {
    const result = markStepRule(snapshot(), day, step);
    save(result.record);
    if (result.advancedTo !== null) {
      toast({
        title: 'Progress unlocked!',
        description: `Stanza ${result.advancedTo} is now available`,
      });
    }
    return result.advancedTo;
  }, []);

  const markRead = useCallback((day: number) => {
    save(markReadRule(snapshot(), day));
    toast({ title: 'Progress saved', description: `Day ${day} marked as read` });
  }, []);

  const reset = useCallback(() => {
    save(initialProgress());
    toast({ title: 'Progress reset', description: 'Starting fresh from stanza 1' });
  }, []);

  return { record, markStep, markRead, reset };
}
