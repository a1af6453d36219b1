export interface EntryParts {
  thoughts: string;
  words: string;
  deeds: string;
}

/** Reads stored entry text; older or unparseable text is read as plain thoughts. */
export function parseEntryText(entryText: string): EntryParts {
  try {
    const value: unknown = JSON.parse(entryText);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      const text = (key: string) =>
        typeof record[key] === 'string' ? (record[key] as string) : '';
      if (['thoughts', 'words', 'deeds'].some((key) => key in record)) {
        return { thoughts: text('thoughts'), words: text('words'), deeds: text('deeds') };
      }
    }
  } catch {
    // Not JSON: plain text from an older client.
  }
  return { thoughts: entryText, words: '', deeds: '' };
}

/** The three texts trimmed and stored as one JSON string (docs/product.md#journal). */
export function formatEntryText(parts: EntryParts): string {
  return JSON.stringify({
    thoughts: parts.thoughts.trim(),
    words: parts.words.trim(),
    deeds: parts.deeds.trim(),
  });
}

export type EntryCategory = 'Good Thoughts' | 'Good Words' | 'Good Deeds';

/**
 * What a friend's card leads with: the first non-empty part, in the order thoughts, words,
 * deeds (text that is not JSON was already read as thoughts).
 */
export function entryHighlight(entryText: string): { category: EntryCategory; text: string } {
  const parts = parseEntryText(entryText);
  if (parts.thoughts.trim()) return { category: 'Good Thoughts', text: parts.thoughts.trim() };
  if (parts.words.trim()) return { category: 'Good Words', text: parts.words.trim() };
  if (parts.deeds.trim()) return { category: 'Good Deeds', text: parts.deeds.trim() };
  return { category: 'Good Thoughts', text: '' };
}
