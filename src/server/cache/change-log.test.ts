import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { twoHandles } from '../test-support/database-handles.js';
import { insertUser } from '../test-support/user-rows.js';
import { CHANGES_KEPT, changeLog, trimChangeLog } from './change-log.js';

// Two handles on one database, as two processes would have: one writes, the other reads the log.
const handles = twoHandles();
const onPostgres = process.env.TEST_DB === 'postgres';

let counter = 0;
const newUser = () => insertUser(handles.writer.db, `person${(counter += 1)}`);

/** A reader of the log from now on; `news()` catches up once and tells what it heard. */
async function listen(options: { idleLimitMs?: number } = {}) {
  const heard: string[] = [];
  let lost = 0;
  const log = changeLog(
    handles.reader,
    {
      changed: ({ topic, userId }) => heard.push(`${topic} ${userId}`),
      lost: () => (lost += 1),
    },
    options,
  );
  await log.catchUp();
  return {
    lost: () => lost,
    async news() {
      heard.length = 0;
      await log.catchUp();
      return [...heard].sort();
    },
  };
}

const changeCity = (userId: number) =>
  handles.writer.db.updateTable('users').set({ city: 'Merv' }).where('id', '=', userId).execute();

/** Changes a person's city in a transaction left open; the answer commits it. */
async function changeCityOpenly(userId: number): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let wrote!: () => void;
  const written = new Promise<void>((resolve) => (wrote = resolve));
  const transaction = handles.writer.db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ city: 'Balkh' }).where('id', '=', userId).execute();
    wrote();
    await released;
  });
  await written;
  return async () => {
    release();
    await transaction;
  };
}

const now = () => new Date().toISOString();
const entry = (userId: number, isPublic: 0 | 1) => ({
  user_id: userId,
  day_number: 1,
  entry_text: 'x',
  is_public: isPublic,
  created_at: now(),
  updated_at: now(),
});

describe('the change log', () => {
  it('tells what each write changed, and whose', async () => {
    const [a, b, c] = [await newUser(), await newUser(), await newUser()];
    const { db } = handles.writer;
    const { news } = await listen();

    await db.insertInto('journal_entries').values(entry(a, 0)).execute();
    expect(await news()).toEqual([`journal ${a}`]);
    const { id: shared } = await db
      .insertInto('journal_entries')
      .values(entry(b, 1))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await news()).toEqual([`feed ${b}`, `journal ${b}`]);
    await db
      .updateTable('journal_entries')
      .set({ is_public: 0 })
      .where('id', '=', shared)
      .execute();
    expect(await news()).toEqual([`feed ${b}`, `journal ${b}`]);

    await db
      .insertInto('friendships')
      .values({ user_id: a, friend_id: b, created_at: now() })
      .execute();
    expect(await news()).toEqual([`friends ${a}`]);
    await db.deleteFrom('friendships').where('user_id', '=', a).execute();
    expect(await news()).toEqual([`friends ${a}`]);

    await db.updateTable('users').set({ city: 'Yazd' }).where('id', '=', a).execute();
    expect(await news()).toEqual([`account ${a}`]);
    await db.updateTable('users').set({ full_name: 'New Name' }).where('id', '=', b).execute();
    expect(await news()).toEqual([`account ${b}`, `feed ${b}`]);

    const session = {
      user_id: a,
      token_hash: `hash-${a}`,
      user_agent: null,
      created_at: now(),
      last_seen_at: now(),
      expires_at: now(),
    };
    await db.insertInto('sessions').values(session).execute();
    expect(await news()).toEqual([]);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now() })
      .where('user_id', '=', a)
      .execute();
    expect(await news()).toEqual([`account ${a}`]);
    await db.deleteFrom('sessions').where('user_id', '=', a).execute();
    expect(await news()).toEqual([`account ${a}`]);

    // A deleted account takes its shared entries and friendships with it.
    await db.insertInto('journal_entries').values(entry(c, 1)).execute();
    await db
      .insertInto('friendships')
      .values([
        { user_id: b, friend_id: c, created_at: now() },
        { user_id: c, friend_id: b, created_at: now() },
      ])
      .execute();
    await news();
    await db.deleteFrom('users').where('id', '=', c).execute();
    expect(await news()).toEqual([
      `account ${c}`,
      `feed ${c}`,
      `friends ${b}`,
      `friends ${c}`,
      `journal ${c}`,
    ]);
  });

  it("tells whose own entries show something new: circles, appreciations, appreciators' names", async () => {
    const [author, friend, other] = [await newUser(), await newUser(), await newUser()];
    const { db } = handles.writer;
    const { news } = await listen();
    const { id: entryId } = await db
      .insertInto('journal_entries')
      .values(entry(author, 0))
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: circleId } = await db
      .insertInto('circles')
      .values({ name: 'Dawn', description: '', created_at: now(), updated_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('circle_members')
      .values({ circle_id: circleId, user_id: author, role: 'owner', joined_at: now() })
      .execute();
    await news();

    const share = { entry_id: entryId, circle_id: circleId, user_id: author, day_number: 1 };
    await db.insertInto('journal_entry_circles').values(share).execute();
    expect(await news()).toContain(`journal ${author}`);
    await db.deleteFrom('journal_entry_circles').where('entry_id', '=', entryId).execute();
    expect(await news()).toContain(`journal ${author}`);

    const appreciations = [friend, other].map((user_id) => ({
      entry_id: entryId,
      user_id,
      created_at: now(),
    }));
    await db.insertInto('entry_appreciations').values(appreciations).execute();
    expect(new Set(await news())).toEqual(
      new Set([`friends ${friend}`, `friends ${other}`, `journal ${author}`]),
    );
    await db.deleteFrom('entry_appreciations').where('user_id', '=', other).execute();
    expect(await news()).toEqual([`friends ${other}`, `journal ${author}`]);

    // The appreciator's name and standing show beside the appreciation.
    await db.updateTable('users').set({ city: 'Nisa' }).where('id', '=', friend).execute();
    expect(await news()).toEqual([`account ${friend}`]);
    await db.updateTable('users').set({ full_name: 'Roshan' }).where('id', '=', friend).execute();
    expect(await news()).toContain(`journal ${author}`);
    await db.updateTable('users').set({ suspended_at: now() }).where('id', '=', friend).execute();
    expect(await news()).toContain(`journal ${author}`);
    await db.deleteFrom('users').where('id', '=', friend).execute();
    expect(await news()).toContain(`journal ${author}`);
    // Someone who appreciated nothing changes nothing of others' entries.
    await db.updateTable('users').set({ full_name: 'Mitra' }).where('id', '=', other).execute();
    expect(await news()).toEqual([`account ${other}`, `feed ${other}`]);
  });

  it('tells each change once, and nothing when nothing changed', async () => {
    const a = await newUser();
    const { news } = await listen();
    expect(await news()).toEqual([]);
    await handles.writer.db
      .updateTable('users')
      .set({ city: 'Kerman' })
      .where('id', '=', a)
      .execute();
    expect(await news()).toEqual([`account ${a}`]);
    expect(await news()).toEqual([]);
  });

  it.runIf(onPostgres)(
    'tells a change whose transaction commits after a later one has',
    async () => {
      const [a, b] = [await newUser(), await newUser()];
      const { news } = await listen();
      // The first transaction takes the earlier sequence number, then stays open.
      const commit = await changeCityOpenly(a);
      await changeCity(b);
      expect(await news()).toEqual([`account ${b}`]);
      await commit();
      expect(await news()).toEqual([`account ${a}`]);
      expect(await news()).toEqual([]);
    },
  );

  it.runIf(onPostgres)(
    'takes nothing committed before its first look as news, beside an older open transaction',
    async () => {
      const [a, b] = [await newUser(), await newUser()];
      const commit = await changeCityOpenly(a);
      await changeCity(b);
      const { news } = await listen();
      expect(await news()).toEqual([]);
      await commit();
      expect(await news()).toEqual([`account ${a}`]);
    },
  );

  it.runIf(!onPostgres)('starts afresh when entries it had not read were trimmed', async () => {
    const a = await newUser();
    const { news, lost } = await listen();
    await handles.writer.db
      .updateTable('users')
      .set({ city: 'Kerman' })
      .where('id', '=', a)
      .execute();
    await handles.writer.db
      .updateTable('users')
      .set({ city: 'Shiraz' })
      .where('id', '=', a)
      .execute();
    await sql`delete from data_changes where seq = (select min(seq) from data_changes where user_id = ${a})`.execute(
      handles.writer.db,
    );
    expect(await news()).toEqual([]);
    expect(lost()).toBe(1);
  });

  it.runIf(!onPostgres)(
    'reads the news inside a write transaction, and tells it once that has committed',
    async () => {
      const [a, b] = [await newUser(), await newUser()];
      const heard: string[] = [];
      const log = changeLog(handles.reader, {
        changed: ({ topic, userId }) => heard.push(`${topic} ${userId}`),
        lost: () => heard.push('lost'),
      });
      const { db, writeAtOnce } = handles.reader;
      const moveB = (city: string) =>
        db.updateTable('users').set({ city }).where('id', '=', b).compile();
      // Before its first look, only catchUp() can read it.
      expect(writeAtOnce!((run) => log.readWithin!(run))!.value).toBeUndefined();
      await log.catchUp();

      await changeCity(a);
      const made = writeAtOnce!((run) => {
        run(moveB('Yazd'));
        return log.readWithin!(run);
      });
      expect(heard).toEqual([]);
      made!.value!();
      expect(heard).toEqual([`account ${a}`, `account ${b}`]);

      heard.length = 0;
      // A transaction rolled back tells nothing: its change never was.
      expect(() =>
        writeAtOnce!((run) => {
          run(moveB('Rey'));
          log.readWithin!(run);
          throw new Error('rolled back');
        }),
      ).toThrow('rolled back');
      await log.catchUp();
      expect(heard).toEqual([]);
      await changeCity(b);
      await log.catchUp();
      expect(heard).toEqual([`account ${b}`]);
    },
  );

  it.runIf(onPostgres)('starts afresh after going longer than it may without a look', async () => {
    const a = await newUser();
    const { news, lost } = await listen({ idleLimitMs: 0 });
    await handles.writer.db
      .updateTable('users')
      .set({ city: 'Kerman' })
      .where('id', '=', a)
      .execute();
    await news();
    expect(lost()).toBe(1);
  });

  it.runIf(!onPostgres)('keeps its last entries when trimmed', async () => {
    await sql`insert into data_changes (topic, user_id)
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${CHANGES_KEPT + 3})
      select 'account', 0 from n`.execute(handles.writer.db);
    expect(await trimChangeLog(handles.writer.db)).toBeGreaterThanOrEqual(3);
    const { count } = await handles.writer.db
      .selectFrom('data_changes')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(CHANGES_KEPT);
  });

  it.runIf(onPostgres)('keeps a day of entries when trimmed', async () => {
    await sql`insert into data_changes (topic, user_id, changed_at)
      values ('account', -1, now() - interval '25 hours'), ('account', -2, now() - interval '23 hours')`.execute(
      handles.writer.db,
    );
    expect(await trimChangeLog(handles.writer.db)).toBeGreaterThanOrEqual(1);
    const left = await handles.writer.db
      .selectFrom('data_changes')
      .select('user_id')
      .where('user_id', '<', 0)
      .execute();
    expect(left).toEqual([{ user_id: -2 }]);
  });
});
