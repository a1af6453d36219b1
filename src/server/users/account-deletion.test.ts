import fs from 'node:fs';
import { sql } from 'kysely';
import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#shared/constants';
import { appAndDatabase } from '../test-support/database-handles.js';
import { recipientTag } from '../mail/mailer.js';
import { ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, createTestDatabase } from '../test-support/test-app.js';
const env = appAndDatabase();

const password = 'correct horse battery';
const entryText = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });

interface ForeignKey {
  table: string;
  column: string;
  references: string;
  onDelete: string;
}

/** Every table of the database as it is now, read from the catalogue, not from a list here. */
async function listTables(): Promise<string[]> {
  if (env.database.dialect === 'sqlite') {
    const result = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(
      env.database.db,
    );
    return result.rows.map((r) => r.name).sort();
  }
  const result = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(env.database.db);
  return result.rows.map((r) => r.table_name).sort();
}

async function listForeignKeys(): Promise<ForeignKey[]> {
  if (env.database.dialect === 'sqlite') {
    const keys: ForeignKey[] = [];
    for (const table of await listTables()) {
      const result = await sql<{ table: string; from: string; on_delete: string }>`
        select * from pragma_foreign_key_list(${table})`.execute(env.database.db);
      for (const row of result.rows) {
        keys.push({ table, column: row.from, references: row.table, onDelete: row.on_delete });
      }
    }
    return keys;
  }
  const result = await sql<{
    table_name: string;
    column_name: string;
    foreign_table: string;
    delete_rule: string;
  }>`
    select kcu.table_name, kcu.column_name, ccu.table_name as foreign_table, rc.delete_rule
    from information_schema.referential_constraints rc
    join information_schema.key_column_usage kcu
      on kcu.constraint_name = rc.constraint_name and kcu.constraint_schema = rc.constraint_schema
    join information_schema.constraint_column_usage ccu
      on ccu.constraint_name = rc.constraint_name and ccu.constraint_schema = rc.constraint_schema
    where rc.constraint_schema = current_schema()`.execute(env.database.db);
  return result.rows.map((r) => ({
    table: r.table_name,
    column: r.column_name,
    references: r.foreign_table,
    onDelete: r.delete_rule,
  }));
}

/**
 * Every place in the database that still names a person: a column holding their id through a
 * foreign key to users (or the users row itself), or any text holding their username, email or
 * a key made from their id. Returned as 'table.column' strings.
 */
async function referencesTo(user: { id: number; username: string; email: string }) {
  const idColumns = new Map<string, Set<string>>();
  for (const key of await listForeignKeys()) {
    if (key.references !== 'users') continue;
    idColumns.set(key.table, (idColumns.get(key.table) ?? new Set()).add(key.column));
  }
  idColumns.set('users', new Set(['id']));
  const names = [user.username.toLowerCase(), user.email.toLowerCase()];
  const idKey = new RegExp(`:user:${user.id}(:|$)`);
  const found = new Set<string>();
  for (const table of await listTables()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      env.database.db,
    );
    for (const row of rows.rows) {
      for (const [column, value] of Object.entries(row)) {
        if (idColumns.get(table)?.has(column) && Number(value) === user.id) {
          found.add(`${table}.${column}`);
        }
        if (typeof value === 'string') {
          const text = value.toLowerCase();
          if (names.some((name) => text.includes(name)) || idKey.test(value)) {
            found.add(`${table}.${column}`);
          }
        }
      }
    }
  }
  return [...found].sort();
}

function pushSubscription() {
  const keys = webPush.generateVAPIDKeys();
  return {
    subscription: {
      endpoint: `https://push.example.test/send/${Math.random().toString(36).slice(2)}`,
      expirationTime: null,
      keys: { p256dh: keys.publicKey, auth: Buffer.from('sixteen byte key').toString('base64url') },
    },
    time: '07:30',
    timeZone: 'Asia/Kolkata',
  };
}

async function waitForResetToken(userId: number) {
  await waitForRow('password_reset_tokens', userId);
}

/** Waits for the link a background mail stores for this person. */
async function waitForRow(table: 'password_reset_tokens' | 'sign_in_links', userId: number) {
  for (let i = 0; i < 100; i++) {
    const row = await env.database.db
      .selectFrom(table)
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no row was stored in ${table}`);
}

/**
 * A person with something in every kind of row: entries, friend requests sent and received,
 * friendships both ways, progress, a saved stanza with its note, two sessions, a reset link, a
 * sign-in link, a block, a push subscription and failed sign-in counters.
 */
async function personWithEverything() {
  const doomed = await signUp(env.t.app, {
    fullName: `Doomed ${Math.random().toString(36).slice(2, 8)}`,
  });
  const friend = await signUp(env.t.app);
  const invitedBy = await signUp(env.t.app);
  const invited = await signUp(env.t.app);
  await befriend(doomed, friend);
  expect(
    (
      await invitedBy.api('POST /api/friend-requests/:userId', {
        params: { userId: doomed.user.id },
      })
    ).status,
  ).toBe(201);
  expect(
    (await doomed.api('POST /api/friend-requests/:userId', { params: { userId: invited.user.id } }))
      .status,
  ).toBe(201);
  await doomed.api('POST /api/journal', {
    body: {
      dayNumber: 3,
      entryText: entryText('shared'),
      isPublic: true,
    },
  });
  await doomed.api('POST /api/journal', {
    body: { dayNumber: 4, entryText: entryText('private') },
  });
  await doomed.api('PUT /api/progress/days/:day', {
    params: { day: 5 },
    body: { read: true, gathaViewed: true },
  });
  await doomed.api('PUT /api/saved/:day', {
    params: { day: 6 },
    body: { note: 'a private note on day six' },
  });
  const phone = new ApiClient(env.t.app);
  expect(
    (await phone.api('POST /api/auth/login', { body: { username: doomed.user.email, password } }))
      .status,
  ).toBe(200);
  expect(
    (await doomed.api('POST /api/push/subscriptions', { body: pushSubscription() })).status,
  ).toBe(201);
  await new ApiClient(env.t.app).api('POST /api/auth/password-reset-request', {
    body: {
      email: doomed.user.email,
    },
  });
  await waitForResetToken(doomed.user.id);
  await new ApiClient(env.t.app).api('POST /api/auth/sign-in-link-request', {
    body: {
      email: doomed.user.email,
    },
  });
  await waitForRow('sign_in_links', doomed.user.id);
  const blocked = await signUp(env.t.app);
  expect((await doomed.api('POST /api/blocks', { body: { userId: blocked.user.id } })).status).toBe(
    201,
  );
  await new ApiClient(env.t.app).api('POST /api/auth/login', {
    body: {
      username: doomed.user.username,
      password: 'wrong one',
    },
  });
  await new ApiClient(env.t.app).api('POST /api/auth/login', {
    body: {
      username: doomed.user.email,
      password: 'wrong one',
    },
  });
  return { doomed, friend, invitedBy, invited, phone };
}

describe('the schema', () => {
  it('cascades every foreign key to users, so deleting a person takes their rows along', async () => {
    const keys = (await listForeignKeys()).filter((k) => k.references === 'users');
    expect(keys.map((k) => `${k.table}.${k.column}`).sort()).toEqual(
      expect.arrayContaining([
        'friend_requests.receiver_id',
        'friend_requests.sender_id',
        'friendships.friend_id',
        'friendships.user_id',
        'journal_entries.user_id',
        'password_reset_tokens.user_id',
        'push_subscriptions.user_id',
        'saved_stanzas.user_id',
        'sessions.user_id',
        'sign_in_links.user_id',
        'blocks.blocker_id',
        'user_progress.user_id',
      ]),
    );
    for (const key of keys)
      expect({ ...key, onDelete: key.onDelete.toUpperCase() }).toMatchObject({
        onDelete: 'CASCADE',
      });
  });
});

describe('DELETE /api/users/me', () => {
  it('deletes the person and every row that refers to them, on any table', async () => {
    const { doomed, friend, phone } = await personWithEverything();
    const before = await referencesTo(doomed.user);
    expect(before).toEqual(
      expect.arrayContaining([
        'friend_requests.receiver_id',
        'friend_requests.sender_id',
        'friendships.friend_id',
        'friendships.user_id',
        'journal_entries.user_id',
        'password_reset_tokens.user_id',
        'push_subscriptions.user_id',
        'rate_limit_counters.key',
        'saved_stanzas.user_id',
        'sessions.user_id',
        'user_progress.user_id',
        'users.id',
      ]),
    );
    const friendBefore = await referencesTo(friend.user);

    const deleted = await doomed.call('DELETE', '/api/users/me', { password });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ ok: true });
    expect(deleted.cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe('');

    expect(await referencesTo(doomed.user)).toEqual([]);
    // The friend keeps their own account, only the rows shared with the deleted person went.
    expect(await referencesTo(friend.user)).toEqual(
      friendBefore.filter((place) => !place.startsWith('friend')),
    );
    expect((await phone.api('GET /api/auth/me')).status).toBe(401);
  });

  it('leaves friends nothing of that person: feed, friends, search and requests', async () => {
    const { doomed, friend, invitedBy, invited } = await personWithEverything();
    expect((await friend.api('GET /api/journal/friends')).body).toHaveLength(1);
    expect((await friend.api('GET /api/friends')).body).toHaveLength(1);

    expect((await doomed.call('DELETE', '/api/users/me', { password })).status).toBe(200);

    expect((await friend.api('GET /api/journal/friends')).body).toEqual([]);
    expect((await friend.api('GET /api/friends')).body).toEqual([]);
    const search = await friend.api('GET /api/users/search', {
      query: { q: doomed.user.fullName },
    });
    expect(search.status).toBe(200);
    expect(search.body).toEqual([]);
    expect((await invitedBy.api('GET /api/friend-requests')).body).toEqual({
      sent: [],
      received: [],
    });
    expect((await invited.api('GET /api/friend-requests')).body).toEqual({
      sent: [],
      received: [],
    });
    const request = await friend.api('POST /api/friend-requests/:userId', {
      params: { userId: doomed.user.id },
    });
    expect(request.status).toBe(404);
  });

  it('frees the username and email, and the old password no longer signs in', async () => {
    const doomed = await signUp(env.t.app);
    expect((await doomed.call('DELETE', '/api/users/me', { password })).status).toBe(200);
    const login = await new ApiClient(env.t.app).api('POST /api/auth/login', {
      body: {
        username: doomed.user.username,
        password,
      },
    });
    expect(login.status).toBe(401);
    const again = await signUp(env.t.app, {
      username: doomed.user.username,
      email: doomed.user.email,
    });
    expect(again.user.id).not.toBe(doomed.user.id);
    expect((await again.api('GET /api/journal')).body).toEqual([]);
  });

  it('refuses a wrong or missing password and deletes nothing', async () => {
    const me = await signUp(env.t.app);
    await me.api('POST /api/journal', { body: { dayNumber: 2, entryText: entryText('keep me') } });
    const wrong = await me.call('DELETE', '/api/users/me', { password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      message: 'Password is incorrect',
      errors: [{ path: 'password', message: 'Password is incorrect' }],
    });
    const missing = await me.call('DELETE', '/api/users/me');
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'password', message: 'Required' }]);
    expect((await me.api('GET /api/auth/me')).status).toBe(200);
    expect((await me.api('GET /api/journal')).body).toHaveLength(1);
  });

  it('needs a signed-in person', async () => {
    const anonymous = await new ApiClient(env.t.app).call('DELETE', '/api/users/me', { password });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: 'You must be signed in' });
  });
});

describe('what stays on the machine after a deletion', () => {
  /** The outbox files mailed to `email`, waiting until at least `count` have been written. */
  async function outboxFilesFor(email: string, count: number): Promise<string[]> {
    const outbox = env.t.config.mailOutboxDir;
    const read = () =>
      fs.existsSync(outbox)
        ? fs.readdirSync(outbox).filter((name) => name.includes(recipientTag(email)))
        : [];
    let files = read();
    for (let i = 0; i < 250 && files.length < count; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      files = read();
    }
    return files;
  }

  it("removes the person's mail from the outbox, and only theirs", async () => {
    const doomed = await signUp(env.t.app);
    const other = await signUp(env.t.app);
    for (const person of [doomed, doomed, other]) {
      await new ApiClient(env.t.app).api('POST /api/auth/password-reset-request', {
        body: {
          email: person.user.email,
        },
      });
    }
    expect(await outboxFilesFor(doomed.user.email, 2)).toHaveLength(2);
    expect(await outboxFilesFor(other.user.email, 1)).toHaveLength(1);
    expect((await doomed.call('DELETE', '/api/users/me', { password })).status).toBe(200);
    expect(await outboxFilesFor(doomed.user.email, 0)).toEqual([]);
    expect(await outboxFilesFor(other.user.email, 1)).toHaveLength(1);
  });

  it.skipIf(process.env.TEST_DB === 'postgres')(
    'leaves nothing of the person readable in the SQLite file or its write-ahead log',
    async () => {
      const marker = `zebra${Math.random().toString(36).slice(2, 8)}`;
      const database = await createTestDatabase('sqlite');
      const file = database.url.replace(/^sqlite:/, '');
      const fileHolds = (text: string) =>
        [file, `${file}-wal`].some(
          (name) => fs.existsSync(name) && fs.readFileSync(name).includes(text),
        );
      try {
        const before = await createTestApp({ databaseUrl: database.url });
        const person = await signUp(before.app, {
          username: `${marker}_name`,
          email: `${marker}@example.test`,
          fullName: `Person ${marker}`,
          city: `City ${marker}`,
        });
        await person.api('POST /api/journal', {
          body: {
            dayNumber: 1,
            entryText: entryText(`${marker} wrote this. `.repeat(400)),
          },
        });
        await before.close();
        // Written to the file, so the check below means something.
        expect(fileHolds(marker)).toBe(true);

        const after = await createTestApp({ databaseUrl: database.url });
        const again = new ApiClient(after.app);
        expect(
          (
            await again.api('POST /api/auth/login', {
              body: { username: person.user.username, password },
            })
          ).status,
        ).toBe(200);
        // Words written while the app runs stay in the log until it is checkpointed.
        await again.call('PUT', '/api/saved/1', { note: `${marker} noted this.` });
        expect(fs.readFileSync(`${file}-wal`).includes(marker)).toBe(true);
        expect((await again.call('DELETE', '/api/users/me', { password })).status).toBe(200);
        // While the app still runs: closing it would checkpoint the log and hide the leak.
        expect(fileHolds(marker)).toBe(false);
        await after.close();
        expect(fileHolds(marker)).toBe(false);
      } finally {
        await database.drop();
      }
    },
  );
});
