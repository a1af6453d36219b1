import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import {
  freePort,
  signUpOverHttp,
  startReadyServer,
  stopServer,
} from '../test-support/server-processes.js';
import { createTestDatabase } from '../test-support/test-app.js';

const PEOPLE = 40;

interface Outcome {
  person: number;
  userId: number;
  dayNumber: number;
  entryText: string;
  status: number | 'refused';
}

describe('graceful shutdown', () => {
  it('on SIGTERM under load: requests in flight finish 2xx, new ones are refused, exit 0 within 10 s', async () => {
    const database = await createTestDatabase('sqlite');
    const port = await freePort();
    const server = await startReadyServer({
      port,
      databaseUrl: database.url,
      env: { LOG_LEVEL: 'info' },
    });
    try {
      const people = await Promise.all(
        Array.from({ length: PEOPLE }, () => signUpOverHttp(server.baseUrl)),
      );
      const outcomes: Outcome[] = [];
      const reads: (number | 'refused')[] = [];
      let signalledAt = Infinity;
      let refusals = 0;

      // Each person saves day after day and reads the feed in between, until the server is gone.
      const load = people.map(async (person, p) => {
        for (let day = 1; day <= 241; day++) {
          const entryText = `Person ${p}, day ${day}`;
          const outcome: Outcome = {
            person: p,
            userId: person.user!.id,
            dayNumber: day,
            entryText,
            status: 'refused',
          };
          outcomes.push(outcome);
          try {
            const saved = await person.api('POST /api/journal', {
              body: {
                dayNumber: day,
                entryText,
              },
            });
            outcome.status = saved.status;
          } catch {
            refusals += 1;
            return;
          }
          try {
            reads.push((await person.api('GET /api/journal/friends')).status);
          } catch {
            refusals += 1;
            return;
          }
        }
      });

      // A request the server is surely still answering when the signal comes: a share image it
      // has not drawn yet (drawn when asked for here), whose first drawing takes hundreds of ms.
      // A save is answered within one turn of the server's event loop, so whether one is still
      // on its way at the signal is chance.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const drawing = fetch(`${server.baseUrl}/read/1/card.png`).then(async (answer) => ({
        status: answer.status,
        bytes: (await answer.arrayBuffer()).byteLength,
        endedAt: performance.now(),
      }));
      await new Promise((resolve) => setTimeout(resolve, 100));
      signalledAt = performance.now();
      server.child.kill('SIGTERM');
      const exit = await server.exited;
      const exitedAt = performance.now();
      await Promise.all(load);
      const image = await drawing;

      expect(exit).toEqual({ code: 0, signal: null });
      expect(exitedAt - signalledAt).toBeLessThan(10_000);
      expect(server.output()).toContain('shutting down');

      const answered = outcomes.filter((o) => o.status !== 'refused');
      const statuses = new Set([...answered.map((o) => o.status), ...reads]);
      expect([...statuses].filter((s) => s !== 200 && s !== 201 && s !== 'refused')).toEqual([]);
      // The image the server was drawing at the signal was sent whole after it.
      expect(image.status).toBe(200);
      expect(image.bytes).toBeGreaterThan(0);
      expect(image.endedAt).toBeGreaterThan(signalledAt);
      // Every person's load ended on a refusal once the server stopped listening.
      expect(refusals).toBe(PEOPLE);
      await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();

      // What was acknowledged is stored; what was refused never ran.
      const stored = openDatabase(database.url);
      try {
        const rows = await stored.db
          .selectFrom('journal_entries')
          .select(['user_id', 'day_number', 'entry_text'])
          .execute();
        const byKey = new Map(rows.map((r) => [`${r.user_id}:${r.day_number}`, r.entry_text]));
        for (const outcome of outcomes) {
          const key = `${outcome.userId}:${outcome.dayNumber}`;
          if (outcome.status === 'refused') expect(byKey.has(key)).toBe(false);
          else expect(byKey.get(key)).toBe(outcome.entryText);
        }
        expect(rows).toHaveLength(answered.length);
      } finally {
        await stored.close();
      }
    } finally {
      await stopServer(server, 'SIGKILL');
      await database.drop();
    }
  });
});
