import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../config.js';
import {
  freePort,
  type HttpPerson,
  signUpOverHttp,
  startReadyServer,
  stopServer,
} from '../test-support/server-processes.js';
import { createTestDatabase } from '../test-support/test-app.js';

/** Runs a built command (`dist/server/backup/<name>-command.js`) the way npm would. */
function runCommand(
  name: 'backup' | 'restore',
  args: string[],
  databaseUrl: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(
    process.execPath,
    [path.join(projectRoot, 'dist', 'server', 'backup', `${name}-command.js`), ...args],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

async function save(person: HttpPerson, dayNumber: number, entryText: string): Promise<void> {
  const answer = await person.api('POST /api/journal', { body: { dayNumber, entryText } });
  expect([200, 201]).toContain(answer.status);
}

/** Every entry in a database file, as `user:day` → text. */
function entriesIn(file: string): Map<string, string> {
  const db = new SQLite(file, { readonly: true });
  try {
    const rows = db
      .prepare('select user_id, day_number, entry_text from journal_entries')
      .all() as { user_id: number; day_number: number; entry_text: string }[];
    return new Map(rows.map((r) => [`${r.user_id}:${r.day_number}`, r.entry_text]));
  } finally {
    db.close();
  }
}

async function entriesServed(person: HttpPerson): Promise<Map<string, string>> {
  const list = await person.api('GET /api/journal');
  expect(list.status).toBe(200);
  return new Map(list.body.map((e) => [`${e.userId}:${e.dayNumber}`, e.entryText]));
}

describe('backup and restore of the SQLite database', () => {
  it('backs up while serving and writing, and restore brings back exactly that state', async () => {
    const database = await createTestDatabase('sqlite');
    const databaseFile = database.url.slice('sqlite:'.length);
    const backupFile = path.join(path.dirname(databaseFile), 'snapshots', 'backup.db');
    const port = await freePort();
    let server = await startReadyServer({ port, databaseUrl: database.url });
    try {
      const person = await signUpOverHttp(server.baseUrl);
      for (let day = 1; day <= 20; day++) await save(person, day, `Before the backup, day ${day}`);

      // One writer keeps saving, day after day, while the backup runs.
      let writing = true;
      let written = 20;
      const writer = (async () => {
        while (writing && written < 199) {
          written += 1;
          await save(person, written, `During the backup, day ${written}`);
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const writtenBeforeBackup = written;
      const backup = await runCommand('backup', ['--out', backupFile], database.url);
      const writtenAfterBackup = written;
      writing = false;
      await writer;
      expect(backup.output).toContain(`to ${path.resolve(backupFile)}`);
      expect(backup.code).toBe(0);
      expect(writtenAfterBackup, 'no save ran during the backup').toBeGreaterThan(
        writtenBeforeBackup,
      );

      // The snapshot is one consistent moment of a sequential writer: days 1..N, nothing after.
      const snapshot = entriesIn(backupFile);
      const days = [...snapshot.keys()].map((key) => Number(key.split(':')[1]));
      expect(days.sort((a, b) => a - b)).toEqual(
        Array.from({ length: snapshot.size }, (_, i) => i + 1),
      );
      expect(snapshot.size).toBeGreaterThanOrEqual(writtenBeforeBackup - 1);
      expect(snapshot.size).toBeLessThanOrEqual(writtenAfterBackup);
      expect(snapshot.get(`${person.user!.id}:1`)).toBe('Before the backup, day 1');

      await save(person, 1, 'Changed after the backup');
      await save(person, 200, 'Written after the backup');

      const refused = await runCommand('restore', [backupFile], database.url);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('is open in a running app; stop the app');
      expect((await entriesServed(person)).get(`${person.user!.id}:200`)).toBe(
        'Written after the backup',
      );

      expect((await stopServer(server)).code).toBe(0);
      const restore = await runCommand('restore', [backupFile], database.url);
      expect(restore.output).toContain(`Restored ${path.resolve(databaseFile)}`);
      expect(restore.code).toBe(0);
      expect(fs.existsSync(`${databaseFile}-wal`)).toBe(false);

      server = await startReadyServer({ port, databaseUrl: database.url });
      person.baseUrl = server.baseUrl;
      expect(await entriesServed(person)).toEqual(snapshot);
    } finally {
      await stopServer(server, 'SIGKILL');
      await database.drop();
    }
  });

  it('refuses to restore a file that is not a backup of this app, and changes nothing', async () => {
    const database = await createTestDatabase('sqlite');
    const databaseFile = database.url.slice('sqlite:'.length);
    const notABackup = path.join(path.dirname(databaseFile), 'notes.db');
    fs.writeFileSync(notABackup, 'just some text, not a database');
    try {
      const answer = await runCommand('restore', [notABackup], database.url);
      expect(answer.code).toBe(1);
      expect(answer.output).toContain('Nothing was restored');
      expect(fs.existsSync(databaseFile)).toBe(false);
    } finally {
      await database.drop();
    }
  });

  it('on PostgreSQL, says how to use pg_dump and pg_restore and exits non-zero', async () => {
    const answer = await runCommand('backup', [], 'postgres://app@127.0.0.1:1/threefold');
    expect(answer.code).toBe(1);
    expect(answer.output).toContain('pg_dump --format=custom');
    expect(answer.output).toContain('pg_restore');
  });
});
