import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import {
  freePort,
  inBatches,
  startReadyServer,
  stopServer,
  signUpOverHttp,
} from '../test-support/server-processes.js';
import { createTestDatabase } from '../test-support/test-app.js';

const entryText = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });

describe("the journal's search index, with two processes on one SQLite file", () => {
  it('indexes every save made through either process once, and an entry changed again only with its new words', async () => {
    const database = await createTestDatabase('sqlite');
    const servers = [
      await startReadyServer({ port: await freePort(), databaseUrl: database.url }),
      await startReadyServer({ port: await freePort(), databaseUrl: database.url }),
    ];
    const handle = openDatabase(database.url);
    const indexed = async (word: string) =>
      (
        await sql<{ id: number }>`
          select rowid as id from journal_search
          where journal_search match ${`body : "${word}"`}`.execute(handle.db)
      ).rows.map((row) => Number(row.id));
    const waiting = async () =>
      Number(
        (
          await sql<{ n: number }>`select count(*) as n from journal_search_queue`.execute(
            handle.db,
          )
        ).rows[0]!.n,
      );
    try {
      const person = await signUpOverHttp(servers[0]!.baseUrl);
      const save = async (day: number, words: string) => {
        const through = person.on(servers[day % 2]!.baseUrl);
        const answer = await through.post('/api/journal', {
          dayNumber: day,
          entryText: entryText(`${words} on day ${day}`),
          isPublic: false,
        });
        expect([200, 201]).toContain(answer.status);
      };
      const days = Array.from({ length: 80 }, (_, i) => i + 1);
      await inBatches(days, 8, (day) => save(day, 'wombat'));
      await inBatches(days.slice(0, 30), 8, (day) => save(day, 'platypus'));

      for (let i = 0; i < 200 && (await waiting()) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await waiting()).toBe(0);
      const wombats = await indexed('wombat');
      expect(wombats).toHaveLength(50);
      expect(new Set(wombats).size).toBe(50);
      const platypuses = await indexed('platypus');
      expect(platypuses).toHaveLength(30);
      expect(new Set(platypuses).size).toBe(30);
    } finally {
      await handle.close();
      await Promise.all(servers.map((server) => stopServer(server)));
      await database.drop();
    }
  });
});
