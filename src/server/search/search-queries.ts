import { type Kysely, sql } from 'kysely';
import { parseEntryText } from '#shared/journal-entry';
import type { JournalResult, ReadingResult } from '#shared/search-schemas';
import {
  foldWord,
  SEARCH_RESULTS_MAX,
  SEARCH_TERMS_MAX,
  snippetOf,
  wordSpans,
} from '#shared/search-text';
import type { Database } from '../db/tables.js';
import type { AppContext } from '../app-context.js';
import { dialectOf } from '../db/dialect.js';
import { phraseCounter, searchPhrases } from './journal-matching.js';

/** What one search looks for, in the form each database and the snippets need. */
export interface SearchWords {
  /** The words as typed, for PostgreSQL's plainto_tsquery, which parses them itself. */
  text: string;
  /**
   * Each space-separated part of the search as a phrase of its letters and digits ("44.3" is
   * the phrase "44 3"): for SQLite's MATCH, so no character a reader types is FTS5 syntax, and
   * for the journal's matching.
   */
  phrases: string[];
  /** The folded words, for the snippets' highlights. */
  terms: string[];
}

/** The phrases of `text`: its letters and digits, grouped as its spaces group them. */
export function phrasesOf(text: string): string[] {
  const phrases: string[] = [];
  for (const part of text.split(/\s+/)) {
    const words = wordSpans(part).map((span) => part.slice(span.start, span.end));
    if (words.length > 0) phrases.push(words.join(' '));
    if (phrases.length === SEARCH_TERMS_MAX) break;
  }
  return phrases;
}

const isPostgres = (db: Kysely<Database>) => dialectOf(db) === 'postgres';

/** FTS5 query text: every phrase quoted (they hold only letters, digits and spaces). */
const matchAll = (phrases: string[], column: string) =>
  phrases.map((phrase) => `${column} : "${phrase}"`).join(' AND ');

interface ReadingRow {
  day_number: number;
  reference: string;
  song_title: string;
  thought: string;
  explanation: string;
  prompt: string;
}

/**
 * The readings of days 1..`currentDay` that hold every word, best first: the reference and the
 * Gatha's name weigh most, then the rendering, then the explanation and prompt.
 */
export async function searchReadings(
  db: Kysely<Database>,
  words: SearchWords,
  currentDay: number,
): Promise<ReadingResult[]> {
  let rows: ReadingRow[];
  if (isPostgres(db)) {
    rows = (
      await sql<ReadingRow>`
        select day_number, reference, song_title, thought, explanation, prompt
        from reading_search, plainto_tsquery('english', ${words.text}) query
        where document @@ query and day_number <= ${currentDay}
        order by ts_rank(document, query) desc, day_number asc
        limit ${SEARCH_RESULTS_MAX}`.execute(db)
    ).rows;
  } else {
    if (words.phrases.length === 0) return [];
    const match = matchAll(words.phrases, '{reference song_title thought explanation prompt}');
    rows = (
      await sql<ReadingRow>`
        select day_number, reference, song_title, thought, explanation, prompt
        from reading_search
        where reading_search match ${match} and day_number <= ${currentDay}
        order by bm25(reading_search, 0, 10, 10, 4, 1, 1), day_number asc
        limit ${SEARCH_RESULTS_MAX}`.execute(db)
    ).rows;
  }
  return rows.map((row) => {
    // A search for the reference or the Gatha's name shows the rendering's beginning; any
    // other shows the first text that holds a word of it.
    const title = `${row.reference} ${row.song_title}`;
    const named = words.terms.every((term) => snippetOf(title, [term]).highlights.length > 0);
    const texts = [row.thought, row.explanation, row.prompt];
    const snippets = texts.map((text) => snippetOf(text, words.terms));
    const shown = named
      ? snippets[0]!
      : (snippets.find((s) => s.highlights.length > 0) ?? snippets[0]!);
    return {
      dayNumber: Number(row.day_number),
      reference: row.reference,
      songTitle: row.song_title,
      snippet: shown.snippet,
      highlights: shown.highlights,
    };
  });
}

/**
 * The person's own journal entries that hold every phrase, best first: those that hold them
 * most often, then the latest. No one else's, ever. A journal holds at most one entry per day
 * of the cycle, so it is read whole and matched here, on either database
 * (docs/decisions/029-journal-search-without-an-index.md).
 */
export async function searchJournal(
  db: Kysely<Database>,
  userId: number,
  words: SearchWords,
): Promise<JournalResult[]> {
  const count = phraseCounter(searchPhrases(words.phrases));
  const rows = await db
    .selectFrom('journal_entries')
    .select(['id', 'day_number', 'entry_text', 'updated_at'])
    .where('user_id', '=', userId)
    .execute();
  const found = rows.flatMap((row) => {
    const parts = parseEntryText(row.entry_text);
    const text = [parts.thoughts, parts.words, parts.deeds].filter(Boolean).join(' · ');
    const hits = count(text);
    return hits > 0 ? [{ row, text, hits }] : [];
  });
  found.sort((a, b) => b.hits - a.hits || b.row.updated_at.localeCompare(a.row.updated_at));
  return found.slice(0, SEARCH_RESULTS_MAX).map(({ row, text }) => ({
    id: row.id,
    dayNumber: row.day_number,
    ...snippetOf(text, words.terms),
    updatedAt: row.updated_at,
  }));
}

/** Each word of the readings of days 1..`currentDay`, with how often it occurs. */
export async function readingVocabulary(
  { db, cache }: Pick<AppContext, 'db' | 'cache'>,
  currentDay: number,
): Promise<Map<string, number>> {
  const index = await cache.fromContent('vocabulary', () => vocabularyIndex(db));
  const words = new Map<string, number>();
  for (const [word, { count, firstDay }] of index) {
    if (firstDay <= currentDay) words.set(word, count);
  }
  return words;
}

type VocabularyIndex = Map<string, { count: number; firstDay: number }>;

/** The readings' words, with the first day each appears on: built once per loaded pack. */
async function vocabularyIndex(db: Kysely<Database>): Promise<VocabularyIndex> {
  const rows = (
    await sql<ReadingRow>`
      select day_number, reference, song_title, thought, explanation, prompt
      from reading_search`.execute(db)
  ).rows;
  const words: VocabularyIndex = new Map();
  for (const row of rows) {
    const day = Number(row.day_number);
    const text = [row.reference, row.song_title, row.thought, row.explanation, row.prompt].join(
      ' ',
    );
    for (const span of wordSpans(text)) {
      const folded = foldWord(text.slice(span.start, span.end));
      const seen = words.get(folded);
      if (seen) {
        seen.count++;
        seen.firstDay = Math.min(seen.firstDay, day);
      } else {
        words.set(folded, { count: 1, firstDay: day });
      }
    }
  }
  return words;
}
