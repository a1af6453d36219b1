// Prints the database's plan for every hot query, taken from the very SQL the built server's
// query functions send: each function runs once on a Kysely whose log keeps its statements.
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';

const dist = new URL('../dist/server/', import.meta.url);
const load = (file) => import(new URL(file, dist).href);

/** Runs each hot path once and returns its statements: [{ name, sql, parameters }]. */
async function captureHotQueries(
  dialect,
  { userId, day, token, now, feedUsers = [] },
  feedTiming = {},
) {
  const journal = await load('journal/journal-entries.js');
  const people = await load('users/people-search.js');
  const { createAppCache } = await load('cache/app-cache.js');
  const { hashToken } = await load('auth/tokens.js');
  const captured = [];
  let current = '';
  const db = new Kysely({
    dialect,
    log: (event) => {
      // A transaction's begin and commit have no plan (PostgreSQL refuses to explain them).
      if (event.level === 'query' && !/^\s*(begin|commit|rollback)\b/i.test(event.query.sql)) {
        captured.push({
          name: current,
          sql: event.query.sql,
          parameters: [...event.query.parameters],
        });
      }
    },
  });
  const run = async (name, work) => {
    current = name;
    await work();
  };
  try {
    // The feed query on its own, in this process through the server's own function: what one
    // page costs the database before any HTTP handling.
    const timings = [];
    for (const id of feedUsers) {
      const started = performance.now();
      await journal.friendsFeed(db, id, new Date(now));
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    feedTiming.calls = timings.length;
    feedTiming.medianMs = timings[Math.floor(timings.length / 2)];
    feedTiming.p99Ms = timings[Math.min(timings.length - 1, Math.floor(timings.length * 0.99))];
    captured.length = 0;
    // The server's cache, through Kysely's executor here so that its statements are logged.
    const cache = createAppCache(
      { db, dialect: dialect instanceof PostgresDialect ? 'postgres' : 'sqlite' },
      { feedBytes: 1024 * 1024 },
    );
    const tokenHash = hashToken(token);
    await run('session (a first request in this process)', () => cache.session(tokenHash));
    // On SQLite every signed-in request reads the log; on PostgreSQL a process that hears of
    // changes reads it after each notification and for a caller's own change (decision 019).
    await run('change log catch-up (SQLite: every signed-in request; PostgreSQL: when told)', () =>
      cache.session(tokenHash),
    );
    await run("the reader's friends (a feed not cached)", () =>
      cache.friendsFeed(userId, async () => []),
    );
    await run("friends' feed (first visit, or after a change)", () =>
      journal.friendsFeed(db, userId, new Date(now)),
    );
    await run('entry for a day', () => journal.findOwnEntryForDay(db, userId, day));
    await run("today's thought (cache miss)", () =>
      db
        .selectFrom('thoughts')
        .select(['id', 'day_number', 'thought', 'explanation', 'reflection_prompt', 'author'])
        .where('day_number', '=', day)
        .executeTakeFirst(),
    );
    await run('save (upsert)', () =>
      journal.saveEntryForDay(
        db,
        userId,
        { dayNumber: day, entryText: '{"thoughts":"plan","words":"","deeds":""}', isPublic: true },
        new Date(now),
      ),
    );
    const caller = await db
      .selectFrom('users')
      .select(['id', 'postal_code'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    const discoverPeople = people.peopleToDiscover({ db });
    await run('discover', () => discoverPeople(caller));
    // Shown for completeness; not one of the hot paths under load.
    await run('search by name (not a hot path)', () => people.searchPeople(db, userId, 'darius'));
  } finally {
    await db.destroy();
  }
  return captured;
}

/** SQLite: a plan uses an index unless it scans a table without one. */
function sqliteVerdict(lines) {
  const scans = lines.filter(
    (line) => /\bSCAN (?!.*USING)/.test(line) && !/CONSTANT ROW/.test(line),
  );
  return scans.length ? `full scan: ${scans.join('; ')}` : 'index';
}

export async function sqlitePlans(file, context) {
  const feedTiming = {};
  const queries = await captureHotQueries(
    new SqliteDialect({ database: new SQLite(file) }),
    context,
    feedTiming,
  );
  const sqlite = new SQLite(file, { readonly: true });
  try {
    const plans = queries.map((query) => {
      const rows = sqlite.prepare(`explain query plan ${query.sql}`).all(...query.parameters);
      const lines = rows.map((row) => `${'  '.repeat(depthOf(rows, row))}${row.detail}`);
      return { ...query, plan: lines.join('\n'), verdict: sqliteVerdict(lines) };
    });
    return { plans, feedTiming };
  } finally {
    sqlite.close();
  }
}

function depthOf(rows, row) {
  let depth = 0;
  let parent = row.parent;
  while (parent) {
    depth++;
    parent = rows.find((candidate) => candidate.id === parent)?.parent ?? 0;
  }
  return depth;
}

/** PostgreSQL: reads are run (EXPLAIN ANALYZE) to show real timings; writes are only planned. */
export async function postgresPlans(url, schema, context) {
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema}`, max: 2 });
  const feedTiming = {};
  const queries = await captureHotQueries(new PostgresDialect({ pool }), context, feedTiming);
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  try {
    const plans = [];
    for (const query of queries) {
      const reads = /^\s*select/i.test(query.sql);
      const explain = reads ? 'explain (analyze, buffers, costs off)' : 'explain (costs off)';
      const result = await client.query(`${explain} ${query.sql}`, query.parameters);
      const lines = result.rows.map((row) => row['QUERY PLAN']);
      const seq = lines.filter((line) => /Seq Scan/.test(line));
      plans.push({
        ...query,
        plan: lines.join('\n'),
        verdict: seq.length ? `full scan: ${seq.map((l) => l.trim()).join('; ')}` : 'index',
      });
    }
    return { plans, feedTiming };
  } finally {
    await client.end();
  }
}
