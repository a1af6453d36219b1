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
