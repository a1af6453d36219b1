import { type EntryParts, parseEntryText } from '#shared/journal-entry';
import type { JournalEntry } from '#shared/journal-schemas';
import { ENTRY_PARTS, type EntryPart, orderedParts } from '#shared/shared-parts';

/**
 * Versions of one day's reflection: the one saved in the journal, the one the device holds,
 * and the one a form began from. A device never replaces a saved version it has not seen, so
 * when both sides changed, the reader sees both and chooses (docs/product.md#journal).
 */

/**
 * A saved version of a day's entry, as far as the device needs to know it. Versions kept before
 * parts could be chosen have no `sharedParts`: they shared all three.
 */
export type SavedVersion = Pick<JournalEntry, 'entryText' | 'isPublic' | 'updatedAt'> &
  Partial<Pick<JournalEntry, 'sharedParts' | 'circleIds'>>;

/** A stored text and its sharing, the parts shared left out meaning all three. */
type StoredText = Pick<JournalEntry, 'entryText' | 'isPublic'> &
  Partial<Pick<JournalEntry, 'sharedParts' | 'circleIds'>>;

/** What a reflection form holds: the three parts and the sharing. */
export interface ReflectionValues extends EntryParts {
  isPublic: boolean;
  /** The parts friends see while it is shared (docs/product.md#partial-sharing). */
  sharedParts: EntryPart[];
  /** The reading circles whose members see it, with the same parts (docs/product.md#reading-circles). */
  circleIds: number[];
}

export const PARTS = [
  'thoughts',
  'words',
  'deeds',
] as const satisfies readonly (keyof EntryParts)[];

export const EMPTY_REFLECTION: ReflectionValues = {
  thoughts: '',
  words: '',
  deeds: '',
  isPublic: false,
  sharedParts: [...ENTRY_PARTS],
  circleIds: [],
};

/** The parts shared, in written order; none recorded (older versions) means all three. */
export function sharedPartsOf(parts: readonly EntryPart[] | null | undefined): EntryPart[] {
  const known = orderedParts(Array.isArray(parts) ? parts : []);
  return known.length > 0 ? known : [...ENTRY_PARTS];
}

const sameParts = (a: readonly EntryPart[], b: readonly EntryPart[]) =>
  sharedPartsOf(a).join() === sharedPartsOf(b).join();

/** The circles, each once, in id order. */
export function circlesOf(ids: readonly number[] | null | undefined): number[] {
  return [...new Set(Array.isArray(ids) ? ids : [])].sort((a, b) => a - b);
}

const sameCircles = (a: readonly number[], b: readonly number[]) =>
  circlesOf(a).join() === circlesOf(b).join();

/** The form's values for a stored text, or an empty private form when there is none. */
export function valuesOf(saved: StoredText | null | undefined): ReflectionValues {
  if (!saved) return EMPTY_REFLECTION;
  return {
    ...parseEntryText(saved.entryText),
    isPublic: saved.isPublic,
    sharedParts: sharedPartsOf(saved.sharedParts),
    circleIds: circlesOf(saved.circleIds),
  };
}

/** Whether two forms hold the same text and sharing, exactly as typed. */
export function sameValues(a: ReflectionValues, b: ReflectionValues): boolean {
  return (
    a.isPublic === b.isPublic &&
    sameParts(a.sharedParts, b.sharedParts) &&
    sameCircles(a.circleIds, b.circleIds) &&
    PARTS.every((part) => a[part] === b[part])
  );
}

/** Whether two forms would save the same, ignoring the spaces a save trims. */
export function sameContent(a: ReflectionValues, b: ReflectionValues): boolean {
  return (
    a.isPublic === b.isPublic &&
    sameParts(a.sharedParts, b.sharedParts) &&
    sameCircles(a.circleIds, b.circleIds) &&
    PARTS.every((part) => a[part].trim() === b[part].trim())
  );
}

/** Whether two stored versions say the same, ignoring the spaces a save trims. */
export function sameReflection(a: StoredText, b: StoredText): boolean {
  return sameContent(valuesOf(a), valuesOf(b));
}

/** The part of an entry a device keeps as the version its text began from. */
export function versionOf(entry: SavedVersion): SavedVersion {
  return {
    entryText: entry.entryText,
    isPublic: entry.isPublic,
    sharedParts: sharedPartsOf(entry.sharedParts),
    ...(entry.circleIds ? { circleIds: circlesOf(entry.circleIds) } : {}),
    updatedAt: entry.updatedAt,
  };
}

function mergePart(saved: string, mine: string, base: string): string {
  const [s, m, b] = [saved.trim(), mine.trim(), base.trim()];
  if (m === b) return s;
  if (s === b) return m;
  // Both changed it: keep whichever holds the other, else both.
  if (!m || s.includes(m)) return s;
  if (!s || m.includes(s)) return m;
  return `${s}\n\n${m}`;
}

/**
 * One form from two versions that both changed since `base` (null when the device knew of no
 * entry). Each part takes the side that changed it; where both did, both texts are kept, the
 * saved one first. The sharing (whether shared, and which parts) stays the saved version's
 * unless only the device changed it.
 * Nothing written on either side is dropped.
 */
export function mergeReflections(
  saved: ReflectionValues,
  mine: ReflectionValues,
  base: ReflectionValues | null,
): ReflectionValues {
  const from = base ?? EMPTY_REFLECTION;
  const onlyMineShared =
    base !== null && mine.isPublic !== base.isPublic && saved.isPublic === base.isPublic;
  const onlyMineChoseParts =
    base !== null &&
    !sameParts(mine.sharedParts, base.sharedParts) &&
    sameParts(saved.sharedParts, base.sharedParts);
  const onlyMineChoseCircles =
    base !== null &&
    !sameCircles(mine.circleIds, base.circleIds) &&
    sameCircles(saved.circleIds, base.circleIds);
  return {
    thoughts: mergePart(saved.thoughts, mine.thoughts, from.thoughts),
    words: mergePart(saved.words, mine.words, from.words),
    deeds: mergePart(saved.deeds, mine.deeds, from.deeds),
    isPublic: onlyMineShared ? mine.isPublic : saved.isPublic,
    sharedParts: sharedPartsOf(onlyMineChoseParts ? mine.sharedParts : saved.sharedParts),
    circleIds: circlesOf(onlyMineChoseCircles ? mine.circleIds : saved.circleIds),
  };
}
