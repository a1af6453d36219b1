import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '#shared/journal-schemas';
import {
  freePort,
  hasPostgres,
  type HttpPerson,
  inBatches,
  signUpOverHttp,
  startReadyServer,
  stopServer,
} from '../test-support/server-processes.js';
import { createTestDatabase } from '../test-support/test-app.js';

const PEOPLE = 10;
const DAYS_EACH = 30;
const IN_FLIGHT = 40;

interface Save {
  person: HttpPerson;
  body: { dayNumber: number; entryText: string; isPublic: boolean };
}

function shuffled<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe.each([
  { kind: 'sqlite' as const, enabled: true },
  // The PostgreSQL case runs only when TEST_DATABASE_URL names a server (CI sets it).
  { kind: 'postgres' as const, enabled: hasPostgres },
])('crash safety on $kind', ({ kind, enabled }) => {
  it.skipIf(!enabled)(
    'keeps every acknowledged save, intact, after SIGKILL mid-stream and a restart',
    async () => {
      const database = await createTestDatabase(kind);
      const port = await freePort();
      let server = await startReadyServer({ port, databaseUrl: database.url });
      try {
        const people = await Promise.all(
          Array.from({ length: PEOPLE }, () => signUpOverHttp(server.baseUrl)),
        );
        const saves: Save[] = shuffled(
          people.flatMap((person, p) =>
            Array.from({ length: DAYS_EACH }, (_, d) => ({
              person,
              body: {
                dayNumber: d + 1,
                entryText: `Person ${p} day ${d + 1}: ${'good thoughts, '.repeat(1 + (d % 7))}`,
                isPublic: (p + d) % 2 === 0,
              },
            })),
          ),
        );
        // The kill lands after a random number of acknowledged saves, while others are in flight.
        const killAfter = 20 + Math.floor(Math.random() * (saves.length - 120));
        const acknowledged: { save: Save; entry: JournalEntry }[] = [];
        const unexpected: string[] = [];
        let lost = 0;
        const killed = server;
        await inBatches(saves, IN_FLIGHT, async (save) => {
          try {
            const answer = await save.person.api('POST /api/journal', { body: save.body });
            if (answer.status === 200 || answer.status === 201) {
              acknowledged.push({ save, entry: answer.body });
              if (acknowledged.length === killAfter) killed.child.kill('SIGKILL');
            } else {
              unexpected.push(`${answer.status} ${JSON.stringify(answer.body)}`);
            }
          } catch {
            lost += 1;
          }
        });
        expect((await killed.exited).signal).toBe('SIGKILL');
        expect(unexpected).toEqual([]);
        expect(acknowledged.length).toBeGreaterThanOrEqual(killAfter);
        expect(lost, 'the kill came after every save had finished').toBeGreaterThan(0);

        server = await startReadyServer({ port, databaseUrl: database.url });
        for (const { save, entry } of acknowledged) {
          const answer = await save.person.api('GET /api/journal/day/:dayNumber', {
            params: { dayNumber: save.body.dayNumber },
          });
          expect(answer.status).toBe(200);
          expect(answer.body).toMatchObject({
            id: entry.id,
            userId: save.person.user!.id,
            dayNumber: save.body.dayNumber,
            entryText: save.body.entryText,
            isPublic: save.body.isPublic,
          });
        }
        // Saves that were in flight may or may not have landed; whatever did is whole.
        const sent = new Map(saves.map((s) => [`${s.person.user!.id}:${s.body.dayNumber}`, s]));
        for (const person of people) {
          const list = await person.api('GET /api/journal');
          expect(list.status).toBe(200);
          for (const entry of list.body) {
            const save = sent.get(`${entry.userId}:${entry.dayNumber}`);
            expect(entry.userId).toBe(person.user!.id);
            expect(save?.body.entryText).toBe(entry.entryText);
            expect(save?.body.isPublic).toBe(entry.isPublic);
          }
        }
      } finally {
        await stopServer(server, 'SIGKILL');
        await database.drop();
      }
    },
  );
});
