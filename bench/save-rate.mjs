// Saves per second at the database, without HTTP: a short, bounded measure, not the full bench.
// One process, one seeded database, a few seconds of saves (mostly changes to existing entries,
// as the bench's load sends).
//
//   npx tsc -p tsconfig.build.json && node bench/save-rate.mjs [--users 1000] [--seconds 3]
//     [--db sqlite|postgres] [--concurrency 8]
//
// PostgreSQL needs TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test); the schema it
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

async function measure(url) {
  const opened = openDatabase(url);
  const { db } = opened;
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
      saves += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await opened.close();
  return saves / seconds;
}

const database = await prepare();
try {
  const rate = await measure(database.url);
  console.log(`${kind}, ${users} people, ${seed.entryTotal()} entries: ${rate.toFixed(0)} saves/s`);
} finally {
  await database.drop();
}
