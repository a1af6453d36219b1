import fs from 'node:fs';
import SQLite from 'better-sqlite3';
import { generateSeed, seedSqlite } from '../bench/seed-data.mjs';
const conn = await import('../dist/server/db/connection.js');
const file = '/tmp/prof-tools/bench.db';
if (!fs.existsSync(file)) {
  const seed = await generateSeed({ users: 1000, sessionCount: 1000, now: new Date() });
  const opened = conn.openDatabase(`sqlite:${file}`);
  await conn.migrateToLatest(opened.db);
  await opened.close();
  await seedSqlite(file, seed);
}
for (const f of fs.readdirSync('/tmp/prof-tools')) console.log(f, fs.statSync('/tmp/prof-tools/' + f).size);
const db = new SQLite(file);
db.pragma('journal_mode = WAL'); db.pragma('secure_delete = ON'); db.pragma('synchronous = NORMAL'); db.pragma('cache_size = -8192'); db.pragma('foreign_keys = ON');
console.log(db.prepare('select count(*) c, max(seq) m from data_changes').get());
const max = db.prepare('select max(seq) as seq from data_changes').get().seq ?? 0;
const read = db.prepare('select "seq", "topic", "user_id" from "data_changes" where "seq" > ? order by "seq"');
const check = db.prepare('pragma data_version').pluck();
function time(label, fn, n = 200000) { for (let i = 0; i < 10000; i++) fn(); const s = process.hrtime.bigint(); for (let i = 0; i < n; i++) fn(); console.log(label, (Number(process.hrtime.bigint() - s) / n / 1000).toFixed(2), 'µs'); }
time('log read', () => read.all(max));
time('pragma data_version', () => check.get());
console.log(read.all(max).length, 'rows');
