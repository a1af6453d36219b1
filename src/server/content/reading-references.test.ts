import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type AppDatabase } from '../db/connection.js';
import { signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

// Each day keeps its content pack's reference (migration 0011). A database whose readings were
// loaded before that has none: the export then names the reading as the daily heading does,
// and the app's next start loads the pack again to fill them in.

let first: TestApp;
let database: AppDatabase;
beforeAll(async () => {
  first = await createTestApp();
  database = openDatabase(first.databaseUrl);
});
afterAll(async () => {
  await database.close();
  await first.close();
});

const referenceOfDay41 = async (t: TestApp) => {
  const me = await signUp(t.app);
  const text = JSON.stringify({ thoughts: 'Day 41', words: '', deeds: '' });
  expect(
    (await me.api('POST /api/journal', { body: { dayNumber: 41, entryText: text } })).status,
  ).toBe(201);
  const exported = (await me.api('GET /api/journal/export')).body as {
    entries: { reference: string }[];
  };
  return exported.entries[0]!.reference;
};

describe("a day's reading reference", () => {
  it("comes from the pack, falls back to the heading's, and is filled in at the next start", async () => {
    expect(await referenceOfDay41(first)).toBe('Yasna 28.41');

    // As loaded before references were kept.
    await database.db.updateTable('thoughts').set({ reference: null }).execute();
    // The fixture pack puts day 41 on stanza 11 of its one chapter.
    expect(await referenceOfDay41(first)).toBe('Yasna 28.11');

    const second = await createTestApp({ databaseUrl: first.databaseUrl, clock: first.clock });
    try {
      const missing = await database.db
        .selectFrom('thoughts')
        .select('day_number')
        .where('reference', 'is', null)
        .execute();
      expect(missing).toEqual([]);
      expect(await referenceOfDay41(second)).toBe('Yasna 28.41');
    } finally {
      await second.close();
    }
  });
});
