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

/** A stanza is complete when its reflection is saved, or its gatha and explanation were both viewed. */
export function isStanzaComplete(record: ProgressRecord, day: number): boolean {
  return (
    record.reflectionSaved.includes(day) ||
    (record.gathaViewed.includes(day) && record.explanationViewed.includes(day))
  );
}

const withDay = (list: number[], day: number) => (list.includes(day) ? list : [...list, day]);

/**
 * Records one step for a day. When that makes the current stanza complete, the current stanza
 * advances by one and lastReadDay follows it; `advancedTo` is the day that opened. Completing
 * the last day opens none: the next reading is day 1 again, which the calendar brings.
 */
export function markStep(
  record: ProgressRecord,
  day: number,
  step: ProgressStep,
): { record: ProgressRecord; advancedTo: number | null } {
  const wasComplete = isStanzaComplete(record, day);
  const key =
    step === 'gatha'
      ? 'gathaViewed'
      : step === 'explanation'
        ? 'explanationViewed'
        : 'reflectionSaved';
  const next = { ...record, [key]: withDay(record[key], day) };
  if (wasComplete || day !== record.currentStanza || !isStanzaComplete(next, day)) {
    return { record: next, advancedTo: null };
  }
  const currentStanza = Math.min(record.currentStanza + 1, TOTAL_DAYS);
  if (currentStanza === record.currentStanza) return { record: next, advancedTo: null };
  return {
    record: { ...next, currentStanza, lastReadDay: Math.max(next.lastReadDay, currentStanza) },
    advancedTo: currentStanza,
  };
}

/** Marks a day as read: adds it to readDays and raises lastReadDay. */
export function markRead(record: ProgressRecord, day: number): ProgressRecord {
  return {
    ...record,
    readDays: withDay(record.readDays, day),
    lastReadDay: Math.max(record.lastReadDay, day),
  };
}

/** The rounded share of read days over the 241, in percent. */
export function progressPercentage(record: ProgressRecord): number {
  return Math.round((record.readDays.filter(isDay).length / TOTAL_DAYS) * 100);
}
