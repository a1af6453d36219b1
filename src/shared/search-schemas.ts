import { z } from 'zod';
import { SEARCH_QUERY_MAX } from './search-text.js';

export const SEARCH_QUERY_MISSING = 'Type a word or two to search for';
export const SEARCH_QUERY_TOO_LONG = `A search can be at most ${SEARCH_QUERY_MAX} characters`;
export const SEARCH_SCOPE_INVALID = 'Search scope must be readings, journal or all';
export const JOURNAL_SEARCH_SIGN_IN = 'You must be signed in to search your journal';

export const searchScopes = ['readings', 'journal', 'all'] as const;
export type SearchScope = (typeof searchScopes)[number];

/**
 * `GET /api/search?q=&scope=`: `q` is 1..200 characters once trimmed; `scope` defaults to
 * "all" for a signed-in reader and "readings" for anyone else.
 */
export const searchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_QUERY_MISSING })
    .trim()
    .min(1, { error: SEARCH_QUERY_MISSING })
    .max(SEARCH_QUERY_MAX, { error: SEARCH_QUERY_TOO_LONG }),
  scope: z.enum(searchScopes, { error: SEARCH_SCOPE_INVALID }).optional(),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

const highlights = z.array(z.tuple([z.int(), z.int()]));

/** A reading that matched: its day, reference, Gatha and a plain-text snippet. */
export const readingResultSchema = z.object({
  dayNumber: z.int(),
  reference: z.string(),
  songTitle: z.string(),
  snippet: z.string(),
  highlights,
});
export type ReadingResult = z.infer<typeof readingResultSchema>;

/** One of the reader's own journal entries that matched. */
export const journalResultSchema = z.object({
  id: z.int(),
  dayNumber: z.int(),
  snippet: z.string(),
  highlights,
  updatedAt: z.string(),
});
export type JournalResult = z.infer<typeof journalResultSchema>;

/**
 * The answer: each group best match first. `correctedQuery` is there only when nothing matched
 * the words as typed and a correction of them did.
 */
export const searchResultsSchema = z.object({
  readings: z.array(readingResultSchema),
  journal: z.array(journalResultSchema),
  correctedQuery: z.string().optional(),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;
