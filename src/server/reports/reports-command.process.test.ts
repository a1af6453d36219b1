import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../config.js';
import {
  freePort,
  hasPostgres,
  HttpPerson,
  signUpOverHttp,
  startReadyServer,
  stopServer,
} from '../test-support/server-processes.js';
import { createTestDatabase } from '../test-support/test-app.js';

/** `npm run reports -- ...args` as an operator types it, against one database. */
function npmRunReports(
  args: string[],
  databaseUrl: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn('npm', ['run', '--silent', 'reports', '--', ...args], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function befriend(a: HttpPerson, b: HttpPerson): Promise<void> {
  const sent = await a.api('POST /api/friend-requests/:userId', { params: { userId: b.user!.id } });
  expect(sent.status).toBe(201);
  expect(
    (await b.api('POST /api/friend-requests/:id/accept', { params: { id: sent.body.id } })).status,
  ).toBe(200);
}

/** The report number `npm run reports` lists for a target, from its line. */
function reportNumber(listing: string, target: string): number {
  const line = listing.split('\n').find((l) => l.includes(target));
  expect(line, listing).toBeDefined();
  return Number(/^#(\d+)/.exec(line!)![1]);
}

describe.each([
  { kind: 'sqlite' as const, enabled: true },
  // The PostgreSQL case runs only when TEST_DATABASE_URL names a server (CI sets it).
  { kind: 'postgres' as const, enabled: hasPostgres },
])('npm run reports on $kind, while the app serves', ({ kind, enabled }) => {
  it.skipIf(!enabled)(
    'lists, shows, removes an entry, suspends and lifts it, as the running app sees',
    async () => {
      const database = await createTestDatabase(kind);
      const server = await startReadyServer({ port: await freePort(), databaseUrl: database.url });
      try {
        const author = await signUpOverHttp(server.baseUrl);
        const reader = await signUpOverHttp(server.baseUrl);
        await befriend(author, reader);
        const entry = await author.api('POST /api/journal', {
          body: {
            dayNumber: 3,
            entryText: JSON.stringify({ thoughts: 'Unkind words here', words: '', deeds: '' }),
            isPublic: true,
          },
        });
        expect(entry.status).toBe(201);
        const reportEntry = await reader.api('POST /api/reports', {
          body: {
            targetType: 'entry',
            targetId: entry.body.id,
            reason: 'harassment',
            note: 'Aimed at me',
          },
        });
        expect(reportEntry.status).toBe(201);
        const reportUser = await reader.api('POST /api/reports', {
          body: {
            targetType: 'user',
            targetId: author.user!.id,
            reason: 'spam',
          },
        });
        expect(reportUser.status).toBe(201);

        const listed = await npmRunReports([], database.url);
        expect(listed.code, listed.output).toBe(0);
        const entryReport = reportNumber(listed.output, `entry ${entry.body.id} `);
        const userReport = reportNumber(listed.output, `user ${author.user!.id} `);
        expect(listed.output).toContain(`reported by @${reader.user!.username}`);

        const shown = await npmRunReports(['show', String(entryReport)], database.url);
        expect(shown.code, shown.output).toBe(0);
        expect(shown.output).toContain('Reason: harassment');
        expect(shown.output).toContain('Note: Aimed at me');
        expect(shown.output).toContain('Unkind words here');

        const removed = await npmRunReports(['remove-entry', String(entryReport)], database.url);
        expect(removed.code, removed.output).toBe(0);
        const feed = await reader.api('GET /api/journal/friends');
        expect(feed.body.map((e) => e.id)).not.toContain(entry.body.id);

        const suspended = await npmRunReports(['suspend', String(userReport)], database.url);
        expect(suspended.code, suspended.output).toBe(0);
        // Every session of the account ends; the friend no longer sees them anywhere.
        expect((await author.api('GET /api/auth/me')).status).toBe(401);
        const friends = await reader.api('GET /api/friends');
        expect(friends.body.map((f) => f.id)).not.toContain(author.user!.id);

        // Signing in again gives a session that may only take the journal and leave.
        const again = new HttpPerson(server.baseUrl);
        const login = await again.api('POST /api/auth/login', {
          body: {
            username: author.user!.username,
            password: 'correct horse battery',
          },
        });
        expect(login.status).toBe(200);
        expect((await again.api('GET /api/auth/me')).body.user).toMatchObject({ suspended: true });
        expect(
          (await again.api('GET /api/journal/export', { query: { format: 'json' } })).status,
        ).toBe(200);
        expect(await again.api('GET /api/journal')).toMatchObject({
          status: 403,
          body: { message: 'This account is suspended' },
        });

        const lifted = await npmRunReports(['unsuspend', String(userReport)], database.url);
        expect(lifted.code, lifted.output).toBe(0);
        expect((await again.api('GET /api/journal')).status).toBe(200);
        const friendsAfter = await reader.api('GET /api/friends');
        expect(friendsAfter.body.map((f) => f.id)).toContain(author.user!.id);

        const unknown = await npmRunReports(['dismiss', '999999'], database.url);
        expect(unknown).toMatchObject({ code: 1 });
        expect(unknown.output).toContain('There is no report #999999.');
        const misuse = await npmRunReports(['suspend'], database.url);
        expect(misuse.code).toBe(2);
        expect(misuse.output).toContain('Usage: npm run reports');
      } finally {
        await stopServer(server);
        await database.drop();
      }
    },
    60_000,
  );
});
