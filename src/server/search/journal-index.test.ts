import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, migrateToLatest, openDatabase } from '../db/connection.js';
import { saveEntryForDay } from '../journal/journal-entries.js';
import { createTestApp, createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { insertUser } from '../test-support/user-rows.js';
import { hasWaitingEntries, indexWaitingEntries } from './journal-index.js';
import { phrasesOf, searchJournal } from './search-queries.js';

const entryText = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });
const onSqlite = process.env.TEST_DB !== 'postgres';
const now = new Date('2026-03-01T12:00:00.000Z');
const wordsOf = (text: string) => ({ text, phrases: phrasesOf(text), terms: [text] });
const marker = () => `quokka${Math.random().toString(36).slice(2, 8)}`;

let database: TestDatabase;
let one: AppDatabase;
let two: AppDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  one = openDatabase(database.url);
  await migrateToLatest(one.db, one.schema);
  two = openDatabase(database.url);
});
afterAll(async () => {
  await two.close();
  await one.close();
  await database.drop();
});

/** The entries the index itself holds for a word, read from the index (SQLite), not the rows. */
async function indexed(word: string): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select rowid as id from journal_search where journal_search match ${`body : "${word}"`}`.execute(
    one.db,
  );
  return rows.map((row) => Number(row.id));
}

describe("the journal's search index, after saves", () => {
  it('finds a save its author searches for at once, before any batch has run', async () => {
    const userId = await insertUser(one.db, `finder${Date.now()}`);
    const word = marker();
    await saveEntryForDay(
      one.db,
      userId,
      { dayNumber: 3, entryText: entryText(word), isPublic: false },
      now,
    );
    if (onSqlite) expect(await hasWaitingEntries(one.db, userId)).toBe(true);
    const found = await searchJournal(two.db, userId, wordsOf(word));
    expect(found.map((result) => result.dayNumber)).toEqual([3]);
    expect(await hasWaitingEntries(one.db, userId)).toBe(false);
  });

  it.skipIf(!onSqlite)(
    'replaces the words of an entry changed twice before its batch, and keeps none of a deleted one',
    async () => {
      const userId = await insertUser(one.db, `changer${Date.now()}`);
      const [first, second, third] = [marker(), marker(), marker()];
      const save = (text: string) =>
        saveEntryForDay(
          one.db,
          userId,
          { dayNumber: 9, entryText: entryText(text), isPublic: false },
          now,
        );
      await save(first);
      await indexWaitingEntries(one.db, { userId });
      expect(await indexed(first)).toHaveLength(1);
      await save(second);
      await save(third);
      await indexWaitingEntries(one.db, { userId });
      expect(await indexed(first)).toEqual([]);
      expect(await indexed(second)).toEqual([]);
      expect(await indexed(third)).toHaveLength(1);

      // Changed again, then the account deleted before the batch: nothing of it stays.
      await save(first);
      await one.db.deleteFrom('users').where('id', '=', userId).execute();
      for (const word of [first, second, third]) expect(await indexed(word)).toEqual([]);
      const { rows } = await sql<{ n: number }>`
        select count(*) as n from journal_search_queue where user_id = ${userId}`.execute(one.db);
      expect(Number(rows[0]!.n)).toBe(0);
    },
  );

  it.skipIf(!onSqlite)(
    'indexes after a restart a save that was answered before its batch ran',
    async () => {
      const userId = await insertUser(one.db, `restart${Date.now()}`);
      const word = marker();
      // Answered, then the process stopped: the entry waits in the database, not in memory.
      await saveEntryForDay(
        one.db,
        userId,
        { dayNumber: 4, entryText: entryText(word), isPublic: false },
        now,
      );
      expect(await indexed(word)).toEqual([]);
      const restarted = await createTestApp({ databaseUrl: database.url });
      try {
        for (let i = 0; i < 100 && (await indexed(word)).length === 0; i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(await indexed(word)).toHaveLength(1);
        expect(await hasWaitingEntries(one.db, userId)).toBe(false);
      } finally {
        await restarted.close();
      }
    },
  );
});
