import { TOTAL_DAYS } from './constants.js';

/** The local progress record kept in the gatha-progress cookie (docs/product.md#progress). */
export interface ProgressRecord {
  lastReadDay: number;
  readDays: number[];
  /** Always TOTAL_DAYS: the cookie carries it, and an older record's other total reads as it. */
  totalDays: number;
  gathaViewed: number[];
  explanationViewed: number[];
  reflectionSaved: number[];
  currentStanza: number;
}

export type ProgressStep = 'gatha' | 'explanation' | 'reflection';

export function initialProgress(): ProgressRecord {
  return {
    lastReadDay: 1,
    readDays: [],
    totalDays: TOTAL_DAYS,
    gathaViewed: [],
    explanationViewed: [],
    reflectionSaved: [],
    currentStanza: 1,
  };
}

const isDay = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= TOTAL_DAYS;
const dayList = (value: unknown): number[] =>
  Array.isArray(value) ? [...new Set(value.filter(isDay))] : [];
/** A position past the last day (an older version counted on to 293) is the last day. */
const position = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0
    ? Math.min(value, TOTAL_DAYS)
    : fallback;

/**
 * Reads a stored record, keeping what is valid and defaulting the rest. Days outside 1..241
 * are dropped and the total is always 241, whatever an older version stored.
 */
export function parseProgress(text: string | undefined | null): ProgressRecord {
  const base = initialProgress();
  if (!text) return base;
  let value: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return base;
    value = parsed as Record<string, unknown>;
  } catch {
    return base;
  }
  return {
    lastReadDay: position(value.lastReadDay, base.lastReadDay),
    readDays: dayList(value.readDays),
    totalDays: TOTAL_DAYS,
    gathaViewed: dayList(value.gathaViewed),
    explanationViewed: dayList(value.explanationViewed),
    reflectionSaved: dayList(value.reflectionSaved),
    currentStanza: position(value.currentStanza, base.currentStanza),
  };
}

/**
 * The one model of progress (docs/product.md#progress): a day is complete when its reflection
 * is saved, when both its stanza and its explanation have been read, or when the reader marked
 * it as read. Every count of completed days, on any screen, comes from here.
 */
export function isDayComplete(record: ProgressRecord, day: number): boolean {
  return (
    record.reflectionSaved.includes(day) ||
    record.readDays.includes(day) ||
    (record.gathaViewed.includes(day) && record.explanationViewed.includes(day))
  );
}

/** The completed days, in day order. */
export function completedDays(record: ProgressRecord): number[] {
  // A complete day is in at least one of these lists.
  const candidates = new Set([
    ...record.reflectionSaved,
    ...record.readDays,
    ...record.gathaViewed,
  ]);
  return [...candidates]
    .filter((day) => isDay(day) && isDayComplete(record, day))
    .sort((a, b) => a - b);
}

/** How far the reader has come: completed days out of the one total, 241. */
export function progressSummary(record: ProgressRecord): {
  daysCompleted: number;
  totalDays: number;
} {
  return { daysCompleted: completedDays(record).length, totalDays: TOTAL_DAYS };
}

/**
 * The stanza after `day` on the reader's path: the first later day not yet complete, or the
 * last day when every later one is. `nextStanza(record, 0)` is where a path read in order stands.
 */
export function nextStanza(record: ProgressRecord, day: number): number {
  let next = Math.min(day + 1, TOTAL_DAYS);
  while (next < TOTAL_DAYS && isDayComplete(record, next)) next += 1;
  return next;
}

const withDay = (list: number[], day: number) => (list.includes(day) ? list : [...list, day]);

type ProgressList = 'readDays' | 'gathaViewed' | 'explanationViewed' | 'reflectionSaved';

/** The change a step or a mark makes, plus the day it opened on the reader's path, if any. */
export interface ProgressChange {
  record: ProgressRecord;
  advancedTo: number | null;
}

/**
 * Adds a day to one list. When that completes the current stanza, the path moves on to the
 * next stanza and lastReadDay follows it; `advancedTo` is the day that opened. Completing the
 * last day opens none: the next reading is day 1 again, which the calendar brings.
 */
function addDay(record: ProgressRecord, day: number, list: ProgressList): ProgressChange {
  const wasComplete = isDayComplete(record, day);
  const next = { ...record, [list]: withDay(record[list], day) };
  if (wasComplete || day !== record.currentStanza || !isDayComplete(next, day)) {
    return { record: next, advancedTo: null };
  }
  const currentStanza = nextStanza(next, day);
  if (currentStanza === record.currentStanza) return { record: next, advancedTo: null };
  return {
    record: { ...next, currentStanza, lastReadDay: Math.max(next.lastReadDay, currentStanza) },
    advancedTo: currentStanza,
  };
}

const STEP_LISTS: Record<ProgressStep, ProgressList> = {
  gatha: 'gathaViewed',
  explanation: 'explanationViewed',
  reflection: 'reflectionSaved',
};

/** Records one step for a day (docs/product.md#progress). */
export function markStep(record: ProgressRecord, day: number, step: ProgressStep): ProgressChange {
  return addDay(record, day, STEP_LISTS[step]);
}

/** Marks a day as read, which completes it: adds it to readDays and raises lastReadDay. */
export function markRead(record: ProgressRecord, day: number): ProgressChange {
  const change = addDay(record, day, 'readDays');
  return {
    ...change,
    record: { ...change.record, lastReadDay: Math.max(change.record.lastReadDay, day) },
  };
}
