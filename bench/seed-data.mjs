// Builds a large, realistic data set straight into a database (not through the HTTP API, so a
// million entries take seconds): users with postal codes in nested neighbourhoods, 20-50
// friends each, pending requests, ~100 journal entries per user over the 241 days (about half
// shared), and signed-in sessions with known tokens for the load generator.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { hash as argon2Hash } from '@node-rs/argon2';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { publicPostalPrefix } from '#shared/proximity';

const TOTAL_DAYS = 241;
const ENTRIES_PER_USER = 100;
const SESSION_DAYS = 30;
const FIRST = [
  'Ava',
  'Darius',
  'Roxana',
  'Cyrus',
  'Mina',
  'Kaveh',
  'Leila',
  'Arash',
  'Nora',
  'Sam',
];
const LAST = [
  'Irani',
  'Mistry',
  'Bharucha',
  'Daruwalla',
  'Engineer',
  'Contractor',
  'Patel',
  'Shroff',
];
const PHRASES = [
  'I listened before answering and the conversation went better for it.',
  'A kind word to a tired colleague cost nothing and lifted the whole afternoon.',
  'I kept the promise I made to my neighbour, even though it rained.',
  'Good thoughts came easier after a quiet walk at dawn.',
  'I told the truth about a mistake and felt lighter afterwards.',
  'Helped my grandmother with her garden and learned the names of three herbs.',
  'Chose patience in traffic and arrived calm.',
  'Wrote to an old friend I had neglected; she answered within the hour.',
];

/** A small deterministic generator, so every run seeds the same data. */
function random(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)) };
}

export function hashToken(token) {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Postal codes in nested clusters, so discovery meets every proximity class: a neighbourhood
 * of about eight people shares all five leading characters, four neighbourhoods make an area
 * (three characters), five areas a region (two), four regions a city (one).
 */
function postalCode(rng, users) {
  if (rng.next() < 0.04) return null;
  const k = rng.int(0, Math.max(1, Math.floor(users / 8)) - 1);
  const code =
    'ABCDEFGHJKLMNPRSTUVWXYZ'[Math.floor(k / 80) % 23] +
    'KLMN'[Math.floor(k / 20) % 4] +
    String(Math.floor(k / 4) % 5) +
    ' 0' +
    String(k % 4) +
    'XYZ'[rng.int(0, 2)];
  return rng.next() < 0.1 ? code.toLowerCase() : code;
}

function entryText(rng) {
  const part = () =>
    Array.from({ length: rng.int(1, 2) }, () => PHRASES[rng.int(0, PHRASES.length - 1)]).join(' ');
  return JSON.stringify({ thoughts: part(), words: part(), deeds: part() });
}

function readingDay(date) {
  const start = Date.UTC(date.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.round((date.getTime() - start) / 86_400_000) + 1;
  return ((dayOfYear - 1) % TOTAL_DAYS) + 1;
}

/**
 * The app has been in use for the last 241 days: each reading day maps to the latest calendar
 * date (UTC midnight) in that span that fell on it, so entries are dated when they were written.
 */
function datesOfReadingDays(now) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const byDay = new Map();
  for (let back = 0; back < TOTAL_DAYS; back++) {
    const date = new Date(today - back * 86_400_000);
    const day = readingDay(date);
    if (!byDay.has(day)) byDay.set(day, date.getTime());
  }
  return byDay;
}

/** Everything to insert, as arrays of rows, plus the sessions the load signs in with. */
export async function generateSeed({ users, sessionCount, now }) {
  const rng = random(20261122 + users);
  const created = new Date(Date.UTC(2025, 11, 1)).toISOString();
  const passwordHash = await argon2Hash('bench-password-1');
  const userRows = [];
  for (let id = 1; id <= users; id++) {
    const fullName = `${FIRST[id % FIRST.length]} ${LAST[(id * 7) % LAST.length]} ${id}`;
    const code = postalCode(rng, users);
    userRows.push([
      id,
      `user${id}`,
      `user${id}`,
      `user${id}@bench.test`,
      passwordHash,
      fullName,
      'Mumbai',
      null,
      code,
      publicPostalPrefix(code),
      new Date(Date.parse(created) + id * 1000).toISOString(),
    ]);
  }

  // Each person gets a wanted number of friends in 20-50; pairs are drawn among those still
  // short, then anyone left under 20 is topped up with people under 50.
  const friendPairs = new Set();
  const friendRows = [];
  const degree = new Array(users + 1).fill(0);
  const wanted = degree.map(() => rng.int(20, 50));
  const befriend = (a, b) => {
    friendPairs.add(`${a}:${b}`).add(`${b}:${a}`);
    friendRows.push([a, b, created], [b, a, created]);
    degree[a]++;
    degree[b]++;
  };
  const fill = (a, target, room) => {
    for (let tries = 0; degree[a] < target && tries < 2000; tries++) {
      const b = rng.int(1, users);
      if (b !== a && degree[b] < room(b) && !friendPairs.has(`${a}:${b}`)) befriend(a, b);
    }
  };
  for (let a = 1; a <= users; a++) fill(a, wanted[a], (b) => wanted[b]);
  for (let a = 1; a <= users; a++) fill(a, 20, () => 50);
  const requestRows = [];
  const requested = new Set();
  for (let a = 1; a <= users; a++) {
    for (let n = rng.int(0, 3); n > 0; n--) {
      const b = rng.int(1, users);
      const key = `${Math.min(a, b)}:${Math.max(a, b)}`;
      if (b === a || friendPairs.has(`${a}:${b}`) || requested.has(key)) continue;
      requested.add(key);
      requestRows.push([a, b, 'pending', created, created]);
    }
  }

  // One person in twenty has blocked a stranger, and the change log holds about a day's
  // changes, as a running server's would: the plan check then sees the tables it reads on each
  // request with rows in them, not empty (an empty table is read whole, rightly).
  const blockRows = [];
  for (let a = 1; a <= users; a += 20) {
    const b = rng.int(1, users);
    const key = `${Math.min(a, b)}:${Math.max(a, b)}`;
    if (b !== a && !friendPairs.has(`${a}:${b}`) && !requested.has(key)) {
      blockRows.push([a, b, created]);
    }
  }
  const changeRows = [];
  for (let n = 0; n < users * 2; n++) changeRows.push(['feed', rng.int(1, users)]);

  const expires = new Date(now.getTime() + SESSION_DAYS * 86_400_000).toISOString();
  const sessions = [];
  const step = Math.max(1, Math.floor(users / sessionCount));
  for (let user = 1; user <= users && sessions.length < sessionCount; user += step) {
    sessions.push({ userId: user, token: `bench-${users}-${user}-${rng.int(0, 1e9)}` });
  }
  const sessionByUser = new Map(sessions.map((s) => [s.userId, s]));

  // Reading circles of 10 to 100 people, one each, in runs of neighbouring ids (migration 0019);
  // about half of each member's entries are shared with their circle.
  const circleRows = [];
  const memberRows = [];
  const circleOf = new Array(users + 1).fill(0);
  for (let first = 1; first <= users;) {
    const size = Math.min(rng.int(10, 100), users - first + 1);
    const id = circleRows.length + 1;
    circleRows.push([id, `Circle ${id}`, 'We read together', created, created]);
    for (let user = first; user < first + size; user++) {
      circleOf[user] = id;
      memberRows.push([id, user, user === first ? 'owner' : 'member', created]);
      const session = sessionByUser.get(user);
      if (session) session.circleId = id;
    }
    first += size;
  }
  const shareRows = [];
  const appreciationRows = [];
  const dateOf = datesOfReadingDays(now);
  let entryCount = 0;
  let publicCount = 0;
  /**
   * The entries, the same ones each time it is called (a second database seeded from this seed
   * gets the same rows), with the circle shares and appreciations that name them.
   */
  function* entries() {
    const rng = random(20261129 + users);
    const days = [...dateOf.keys()];
    entryCount = 0;
    publicCount = 0;
    shareRows.length = 0;
    appreciationRows.length = 0;
    for (let user = 1; user <= users; user++) {
      // A partial shuffle picks this person's distinct days.
      for (let i = 0; i < ENTRIES_PER_USER; i++) {
        const j = i + Math.floor(rng.next() * (days.length - i));
        [days[i], days[j]] = [days[j], days[i]];
      }
      const mine = days.slice(0, ENTRIES_PER_USER).sort((x, y) => x - y);
      const session = sessionByUser.get(user);
      if (session) session.days = mine;
      for (const day of mine) {
        // Written that day between 05:00 and 23:00, never later than now.
        const written = Math.min(
          dateOf.get(day) + rng.int(5 * 60, 23 * 60) * 60_000,
          now.getTime() - 1000,
        );
        const stamp = new Date(written).toISOString();
        const isPublic = rng.next() < 0.5 ? 1 : 0;
        entryCount++;
        publicCount += isPublic;
        // Entries get ids in the order they are inserted into the fresh table.
        if (circleOf[user] && rng.next() < 0.5)
          shareRows.push([entryCount, circleOf[user], user, day]);
        // About one shared entry in ten is appreciated by someone.
        if (isPublic && rng.next() < 0.1) {
          const reader = rng.int(1, users);
          if (reader !== user) appreciationRows.push([entryCount, reader, stamp]);
        }
        yield [user, day, entryText(rng), isPublic, stamp, stamp];
      }
    }
  }

  const sessionRows = sessions.map((s) => [
    s.userId,
    hashToken(s.token),
    'bench',
    now.toISOString(),
    now.toISOString(),
    expires,
  ]);
  return {
    userRows,
    friendRows,
    requestRows,
    blockRows,
    changeRows,
    appreciationRows,
    entries,
    sessionRows,
    sessions,
    circleRows,
    memberRows,
    /** Filled as the entries are generated: insert after them. */
    shareRows,
    entryTotal: () => entryCount,
    publicTotal: () => publicCount,
  };
}

export async function seedSqlite(file, seed) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  // Bulk load only; the server reopens the file with its own durability settings.
  db.pragma('synchronous = OFF');
  // The change-log triggers tell running processes what changed; a fresh load has no process
  // to tell, so they are set aside while loading and put back as they were.
  const triggers = db.prepare("select name, sql from sqlite_master where type = 'trigger'").all();
  for (const trigger of triggers) db.exec(`drop trigger "${trigger.name}"`);
  const insertMany = (sql, rows) => {
    const statement = db.prepare(sql);
    db.transaction((all) => {
      for (const row of all) statement.run(row);
    })(rows);
  };
  insertMany(
    'insert into users (id, username, username_key, email, password_hash, full_name, city, whatsapp, postal_code, postal_prefix, created_at) values (?,?,?,?,?,?,?,?,?,?,?)',
    seed.userRows,
  );
  insertMany(
    'insert into friendships (user_id, friend_id, created_at) values (?,?,?)',
    seed.friendRows,
  );
  insertMany(
    'insert into friend_requests (sender_id, receiver_id, status, created_at, updated_at) values (?,?,?,?,?)',
    seed.requestRows,
  );
  insertMany(
    'insert into blocks (blocker_id, blocked_id, created_at) values (?,?,?)',
    seed.blockRows,
  );
  insertMany('insert into data_changes (topic, user_id) values (?,?)', seed.changeRows);
  const entry = db.prepare(
    'insert into journal_entries (user_id, day_number, entry_text, is_public, created_at, updated_at) values (?,?,?,?,?,?)',
  );
  let batch = [];
  const flush = db.transaction((rows) => {
    for (const row of rows) entry.run(row);
  });
  for (const row of seed.entries()) {
    batch.push(row);
    if (batch.length === 50_000) {
      flush(batch);
      batch = [];
    }
  }
  flush(batch);
  insertMany(
    'insert into circles (id, name, description, created_at, updated_at) values (?,?,?,?,?)',
    seed.circleRows,
  );
  insertMany(
    'insert into circle_members (circle_id, user_id, role, joined_at) values (?,?,?,?)',
    seed.memberRows,
  );
  insertMany(
    'insert into journal_entry_circles (entry_id, circle_id, user_id, day_number) values (?,?,?,?)',
    seed.shareRows,
  );
  insertMany(
    'insert into entry_appreciations (entry_id, user_id, created_at) values (?,?,?)',
    seed.appreciationRows,
  );
  insertMany(
    'insert into sessions (user_id, token_hash, user_agent, created_at, last_seen_at, expires_at) values (?,?,?,?,?,?)',
    seed.sessionRows,
  );
  for (const trigger of triggers) db.exec(trigger.sql);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  // Written out before any measurement, so the kernel's write-back of gigabytes of seed does not
  // run beside the load.
  const fd = fs.openSync(file, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
}

const pgColumns = {
  users: [
    ['id', 'int'],
    ['username', 'text'],
    ['username_key', 'text'],
    ['email', 'text'],
    ['password_hash', 'text'],
    ['full_name', 'text'],
    ['city', 'text'],
    ['whatsapp', 'text'],
    ['postal_code', 'text'],
    ['postal_prefix', 'text'],
    ['created_at', 'text'],
  ],
  friendships: [
    ['user_id', 'int'],
    ['friend_id', 'int'],
    ['created_at', 'text'],
  ],
  friend_requests: [
    ['sender_id', 'int'],
    ['receiver_id', 'int'],
    ['status', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  journal_entries: [
    ['user_id', 'int'],
    ['day_number', 'int'],
    ['entry_text', 'text'],
    ['is_public', 'int'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  circles: [
    ['id', 'int'],
    ['name', 'text'],
    ['description', 'text'],
    ['created_at', 'text'],
    ['updated_at', 'text'],
  ],
  circle_members: [
    ['circle_id', 'int'],
    ['user_id', 'int'],
    ['role', 'text'],
    ['joined_at', 'text'],
  ],
  journal_entry_circles: [
    ['entry_id', 'int'],
    ['circle_id', 'int'],
    ['user_id', 'int'],
    ['day_number', 'int'],
  ],
  blocks: [
    ['blocker_id', 'int'],
    ['blocked_id', 'int'],
    ['created_at', 'text'],
  ],
  data_changes: [
    ['topic', 'text'],
    ['user_id', 'int'],
  ],
  entry_appreciations: [
    ['entry_id', 'int'],
    ['user_id', 'int'],
    ['created_at', 'text'],
  ],
  sessions: [
    ['user_id', 'int'],
    ['token_hash', 'text'],
    ['user_agent', 'text'],
    ['created_at', 'text'],
    ['last_seen_at', 'text'],
    ['expires_at', 'text'],
  ],
};

/** Multi-row inserts through unnest: one statement per 20,000 rows, one parameter per column. */
async function pgInsert(client, table, rows) {
  const columns = pgColumns[table];
  const names = columns.map(([name]) => name).join(', ');
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
  for (let start = 0; start < rows.length; start += 20_000) {
    const chunk = rows.slice(start, start + 20_000);
    await client.query(
      `insert into ${table} (${names}) select * from unnest(${arrays})`,
      columns.map((_, i) => chunk.map((row) => row[i])),
    );
  }
}

export async function seedPostgres(url, schema, seed) {
  const connect = async () => {
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    // A bulk load: its commits need not wait for the WAL's flush (nothing is acknowledged to
    // anyone), and, as on SQLite, the change-log triggers stay out of it.
    await client.query('set synchronous_commit = off');
    await client.query('set session_replication_role = replica');
    return client;
  };
  const client = await connect();
  // The entries go in over two connections at once, one per core.
  const writers = [await connect(), await connect()];
  try {
    // The indexes are built once at the end, sorted, rather than row by row.
    await client.query(`set maintenance_work_mem = '512MB'`);
    const { rows: indexes } = await client.query(
      `select i.indexname, i.indexdef from pg_indexes i
       where i.schemaname = $1 and i.tablename = any($2)
         and not exists (select 1 from pg_constraint c
                         where c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
      [schema, Object.keys(pgColumns)],
    );
    for (const { indexname } of indexes) await client.query(`drop index "${indexname}"`);
    await pgInsert(client, 'users', seed.userRows);
    await client.query(
      `select setval(pg_get_serial_sequence('users', 'id'), (select max(id) from users))`,
    );
    await pgInsert(client, 'friendships', seed.friendRows);
    await pgInsert(client, 'friend_requests', seed.requestRows);
    await pgInsert(client, 'blocks', seed.blockRows);
    await pgInsert(client, 'data_changes', seed.changeRows);
    await pgInsert(client, 'sessions', seed.sessionRows);
    const pending = writers.map(() => Promise.resolve());
    let batch = [];
    let turn = 0;
    const send = async (rows) => {
      const writer = turn++ % writers.length;
      await pending[writer];
      pending[writer] = pgInsert(writers[writer], 'journal_entries', rows);
    };
    for (const row of seed.entries()) {
      batch.push(row);
      if (batch.length === 20_000) {
        await send(batch);
        batch = [];
      }
    }
    await send(batch);
    await Promise.all(pending);
    await pgInsert(client, 'circles', seed.circleRows);
    await client.query(
      `select setval(pg_get_serial_sequence('circles', 'id'), greatest(1, (select max(id) from circles)))`,
    );
    await pgInsert(client, 'circle_members', seed.memberRows);
    await pgInsert(client, 'journal_entry_circles', seed.shareRows);
    await pgInsert(client, 'entry_appreciations', seed.appreciationRows);
    for (const { indexdef } of indexes) await client.query(indexdef);
    // What autovacuum would do after a bulk load: statistics and the visibility map.
    await client.query('vacuum analyze');
  } finally {
    await Promise.all([client, ...writers].map((c) => c.end()));
  }
}
