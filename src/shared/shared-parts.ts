import { parseEntryText } from './journal-entry.js';

/** The three parts of a reflection, in the order they are written. */
export const ENTRY_PARTS = ['thoughts', 'words', 'deeds'] as const;
export type EntryPart = (typeof ENTRY_PARTS)[number];

export const ENTRY_PART_LABELS: Record<EntryPart, string> = {
  thoughts: 'Good Thoughts',
  words: 'Good Words',
  deeds: 'Good Deeds',
};

/** The parts in their written order, each once. */
export function orderedParts(parts: readonly EntryPart[]): EntryPart[] {
  return ENTRY_PARTS.filter((part) => parts.includes(part));
}

export function sharesEveryPart(parts: readonly EntryPart[]): boolean {
  return ENTRY_PARTS.every((part) => parts.includes(part));
}

/**
 * The entry text a friend may read: only the shared parts (docs/product.md#partial-sharing).
 * Text from before the parts were stored apart counts as thoughts. When every part is shared
 * the text is passed on as written.
 */
export function sharedEntryText(entryText: string, parts: readonly EntryPart[]): string {
  if (sharesEveryPart(parts)) return entryText;
  const all = parseEntryText(entryText);
  const shared: Partial<Record<EntryPart, string>> = {};
  for (const part of orderedParts(parts)) shared[part] = all[part];
  return JSON.stringify(shared);
}

/**
 * What a friend's card shows: each shared part that has text, in written order, under its
 * label. The feed already holds only the shared parts; `parts` keeps the card to them too.
 */
export function sharedSections(
  entryText: string,
  parts: readonly EntryPart[],
): { part: EntryPart; label: string; text: string }[] {
  const all = parseEntryText(entryText);
  return orderedParts(parts)
    .map((part) => ({ part, label: ENTRY_PART_LABELS[part], text: all[part].trim() }))
    .filter(({ text }) => text !== '');
}
