import {
  PARTS,
  type ReflectionValues,
  type SavedVersion,
  sameContent,
  sharedPartsOf,
  valuesOf,
  versionOf,
} from './reflection-versions.js';
import { keyOf, withStorage } from './draft-storage.js';

/**
 * Reflections typed and not yet saved, kept in this browser as the reader types, per person and
 * day, so leaving the screen, reloading or losing the tab loses nothing. Saving ends a draft;
 * signing out forgets every draft. localStorage rather than IndexedDB: the form reads its draft
 * as it opens, before its first paint.
 */
export interface Draft {
  /** What the reader typed. */
  values: ReflectionValues;
  /** What the form held before they typed: an unchanged form is no draft. */
  over: ReflectionValues;
  /** The saved version the typing began from, or null when none was known. */
  base: SavedVersion | null;
}

function isValues(value: unknown): value is ReflectionValues {
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.isPublic === 'boolean' && PARTS.every((part) => typeof record[part] === 'string')
  );
}

function isBase(value: unknown): value is SavedVersion | null {
  if (value === null) return true;
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.entryText === 'string' &&
    typeof record.isPublic === 'boolean' &&
    typeof record.updatedAt === 'string'
  );
}

export function readDraft(userId: number, dayNumber: number): Draft | null {
  return withStorage((storage) => {
    const raw = storage.getItem(keyOf(userId, dayNumber));
    if (!raw) return null;
    const draft = JSON.parse(raw) as Partial<Draft>;
    if (!isValues(draft.values) || !isValues(draft.over) || !isBase(draft.base)) return null;
    // Drafts kept before parts could be chosen shared all three.
    const withParts = (values: ReflectionValues) => ({
      ...values,
      sharedParts: sharedPartsOf(values.sharedParts),
    });
    return { values: withParts(draft.values), over: withParts(draft.over), base: draft.base };
  }, null);
}

export function writeDraft(userId: number, dayNumber: number, draft: Draft): void {
  withStorage((storage) => storage.setItem(keyOf(userId, dayNumber), JSON.stringify(draft)), null);
}

export function clearDraft(userId: number, dayNumber: number): void {
  withStorage((storage) => storage.removeItem(keyOf(userId, dayNumber)), null);
}

/**
 * A draft typed over a save that has since reached the server now began from the server's copy
 * of it, so saving the draft later replaces that copy rather than meeting it as a change.
 */
export function rebaseDraft(userId: number, dayNumber: number, saved: SavedVersion): void {
  const draft = readDraft(userId, dayNumber);
  if (draft && sameContent(draft.over, valuesOf(saved))) {
    writeDraft(userId, dayNumber, { ...draft, base: versionOf(saved), over: valuesOf(saved) });
  }
}
