// Saves per second at the database, with the journal's search index kept the way the code
// before migration 0020 kept it (in the save) and the way it keeps it now (in batches just
// after). A short, bounded measure, not the full bench: one process, one seeded database, a few
// seconds of saves (mostly changes to existing entries, as the bench's load sends).
//
//   npx tsc -p tsconfig.build.json && node bench/save-rate.mjs [--users 1000] [--seconds 3]
//     [--db sqlite|postgres] [--concurrency 8]
//
// On PostgreSQL the first two are the same code (its generated column is unchanged); the third
// drops the column, to show what it costs. PostgreSQL needs TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test); the schema it
// makes is dropped after.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { generateSeed, seedPostgres, seedSqlite } from './seed-data.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const users = Number(option('users', '1000'));
const seconds = Math.min(10, Number(option('seconds', '3')));
const kind = option('db', 'sqlite');
const concurrency = Number(option('concurrency', '8'));
const dist = (file) => new URL(`../dist/server/${file}`, import.meta.url);
const { openDatabase, migrateToLatest } = await import(dist('db/connection.js'));
const { saveEntryForDay } = await import(dist('journal/journal-entries.js'));
const { journalIndexer } = await import(dist('search/journal-index.js'));
const indexAfterSave = await import(
  dist('db/migrations/2026-11-28-0020-search-index-after-save.js')
);

const now = new Date();
const seed = await generateSeed({ users, sessionCount: 0, now });

async function prepare() {
  if (kind === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-save-rate-'));
    const file = path.join(dir, 'bench.db');
    const opened = openDatabase(`sqlite:${file}`);
    await migrateToLatest(opened.db);
    await opened.close();
    await seedSqlite(file, seed);
    return { url: `sqlite:${file}`, drop: async () => fs.rmSync(dir, { recursive: true }) };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('set TEST_DATABASE_URL for --db postgres');
  const schema = `save_rate_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  const opened = openDatabase(url.toString());
  await migrateToLatest(opened.db, schema);
  await opened.close();
  await seedPostgres(base, schema, seed);
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

const entryText = (n) =>
  JSON.stringify({
    thoughts: `Changed thoughts number ${n}, of the good mind and the truth`,
    words: `Words spoken kindly today ${n % 97}`,
    deeds: `A deed done for a neighbour ${n % 13}`,
  });

async function measure(url, how) {
  const opened = openDatabase(url);
  const { db } = opened;
  if (how === 'in the save') await indexAfterSave.down(db);
  // PostgreSQL: the same saves with no search column at all, to see what the index costs.
  if (how === 'not at all' && kind === 'postgres')
    await sql`alter table journal_entries drop column search_document`.execute(db);
  const indexer = how === 'just after' ? journalIndexer(db, (e) => console.error(e)) : null;
  const written = await db
    .selectFrom('journal_entries')
    .select(['user_id', 'day_number'])
    .where(sql`id % 37`, '=', 0)
    .limit(20_000)
    .execute();
  let saves = 0;
  let n = 0;
  const until = performance.now() + seconds * 1000;
  const worker = async () => {
    while (performance.now() < until) {
      n += 1;
      // Nine in ten change an entry already written; one in ten may write a new day.
      const pair = written[(n * 7919) % written.length];
      const user = pair.user_id;
      const day = n % 10 === 0 ? 1 + (n % 241) : pair.day_number;
      await saveEntryForDay(
        db,
        user,
        { dayNumber: day, entryText: entryText(n), isPublic: false },
        now,
      );
      indexer?.saved();
      saves += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const drainStarted = performance.now();
  await indexer?.catchUp();
  const drainMs = performance.now() - drainStarted;
  await indexer?.close();
  await opened.close();
  return { rate: saves / seconds, drainMs };
}

for (const how of ['in the save', 'just after', 'not at all']) {
  const database = await prepare();
  const entries = seed.entryTotal();
  try {
    const { rate, drainMs } = await measure(database.url, how);
    console.log(
      `${kind}, ${users} people, ${entries} entries, index ${how}: ${rate.toFixed(0)} saves/s` +
        (how === 'just after' ? ` (index caught up ${drainMs.toFixed(0)} ms after the last)` : ''),
    );
  } finally {
    await database.drop();
  }
}
