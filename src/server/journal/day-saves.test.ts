import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/test-app.js';
import { insertUser } from '../test-support/user-rows.js';
import { type AppDatabase, migrateToLatest, openDatabase } from '../db/connection.js';
import { listProgressDays } from '../progress/progress-store.js';
import { ownEntryExtrasReader } from '../circles/entry-circles.js';
import { daySaver } from './day-saves.js';

let database: TestDatabase;
let opened: AppDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  opened = openDatabase(database.url);
  await migrateToLatest(opened.db, opened.schema);
});
afterAll(async () => {
  await opened.close();
  await database.drop();
});

const text = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });

/** Makes a circle owned by the entry's author, shares the entry with it, and answers its id. */
async function shareInNewCircle(
  entry: { id: number; userId: number; dayNumber: number },
  name: string,
): Promise<number> {
  const stamp = '2026-03-01T07:00:00.000Z';
  const circle = await opened.db
    .insertInto('circles')
    .values({ name, description: '', created_at: stamp, updated_at: stamp })
    .returning('id')
    .executeTakeFirstOrThrow();
  await opened.db
    .insertInto('circle_members')
    .values({ circle_id: circle.id, user_id: entry.userId, role: 'owner', joined_at: stamp })
    .execute();
  await opened.db
    .insertInto('journal_entry_circles')
    .values({
      entry_id: entry.id,
      circle_id: circle.id,
      user_id: entry.userId,
      day_number: entry.dayNumber,
    })
    .execute();
  return circle.id;
}
const at = (iso: string) => new Date(iso);

// On SQLite a save that names no circles is made at once (writeAtOnce); without it, or on
// PostgreSQL, the longer way. Both must answer and write the same.
const ways = {
  'as the server saves': () => daySaver(opened),
  'the longer way': () => daySaver(opened, { atOnce: false }),
};

describe.each(Object.entries(ways))('a day saved %s', (_way, saverOf) => {
  let next = 0;
  const reader = () => insertUser(opened.db, `saver_${Date.now().toString(36)}_${(next += 1)}`);

  it('creates the entry once, then updates it from the version it began from', async () => {
    const save = saverOf();
    const userId = await reader();
    const first = await save(
      userId,
      { dayNumber: 3, entryText: text('first'), isPublic: true, baseUpdatedAt: null },
      at('2026-03-03T07:00:00.000Z'),
    );
    expect(first).toMatchObject({ outcome: 'saved', created: true, newlySharedWith: [] });
    if (first.outcome !== 'saved') throw new Error('not saved');
    expect(first.entry).toMatchObject({
      userId,
      dayNumber: 3,
      entryText: text('first'),
      isPublic: true,
      sharedParts: ['thoughts', 'words', 'deeds'],
      createdAt: '2026-03-03T07:00:00.000Z',
      updatedAt: '2026-03-03T07:00:00.000Z',
    });

    const second = await save(
      userId,
      {
        dayNumber: 3,
        entryText: text('second'),
        isPublic: false,
        sharedParts: ['deeds'],
        baseUpdatedAt: first.entry.updatedAt,
      },
      at('2026-03-03T08:00:00.000Z'),
    );
    expect(second).toMatchObject({
      outcome: 'saved',
      created: false,
      entry: {
        id: first.entry.id,
        entryText: text('second'),
        isPublic: false,
        sharedParts: ['deeds'],
        createdAt: '2026-03-03T07:00:00.000Z',
        updatedAt: '2026-03-03T08:00:00.000Z',
      },
    });
    // The day's reflection counts from the entry's first save, not from the edit.
    expect(await listProgressDays(opened.db, userId)).toEqual([
      {
        dayNumber: 3,
        read: false,
        gathaViewed: false,
        explanationViewed: false,
        reflectionSaved: true,
        reflectionSavedAt: '2026-03-03T07:00:00.000Z',
        completedAt: '2026-03-03T07:00:00.000Z',
      },
    ]);
  });

  it('keeps the other version when the save began from an older one, unless it holds this save', async () => {
    const save = saverOf();
    const userId = await reader();
    const made = await save(
      userId,
      { dayNumber: 5, entryText: text('on the phone'), isPublic: false, baseUpdatedAt: null },
      at('2026-03-05T07:00:00.000Z'),
    );
    if (made.outcome !== 'saved') throw new Error('not saved');
    const laterEdit = {
      dayNumber: 5,
      entryText: text('on the laptop'),
      isPublic: false,
      baseUpdatedAt: made.entry.updatedAt,
    };
    await save(userId, laterEdit, at('2026-03-05T08:00:00.000Z'));

    // The phone, still on the first version, saves something else: the laptop's words stay.
    const stale = await save(
      userId,
      { ...laterEdit, entryText: text('phone again') },
      at('2026-03-05T09:00:00.000Z'),
    );
    expect(stale).toMatchObject({
      outcome: 'changed',
      entry: { entryText: text('on the laptop'), updatedAt: '2026-03-05T08:00:00.000Z' },
    });
    // The laptop's save sent again (its answer lost) is the success it was.
    expect(await save(userId, laterEdit, at('2026-03-05T09:30:00.000Z'))).toMatchObject({
      outcome: 'saved',
      created: false,
      entry: { entryText: text('on the laptop'), updatedAt: '2026-03-05T08:00:00.000Z' },
    });
    // Begun from no entry while one is there: the same words are the first save sent again;
    // other words are a conflict.
    const fromNothing = { dayNumber: 5, isPublic: false, baseUpdatedAt: null };
    expect(
      await save(
        userId,
        { ...fromNothing, entryText: text('on the laptop') },
        at('2026-03-05T10:00:00.000Z'),
      ),
    ).toMatchObject({ outcome: 'saved', created: true });
    expect(
      await save(
        userId,
        { ...fromNothing, entryText: text('new') },
        at('2026-03-05T10:00:00.000Z'),
      ),
    ).toMatchObject({ outcome: 'changed', entry: { entryText: text('on the laptop') } });
  });

  it('writes regardless of versions when the save names none, and takes the entry off its circles when asked', async () => {
    const save = saverOf();
    const userId = await reader();
    const regardless = { dayNumber: 8, isPublic: true };
    const made = await save(
      userId,
      { ...regardless, entryText: text('one') },
      at('2026-03-08T07:00:00.000Z'),
    );
    if (made.outcome !== 'saved') throw new Error('not saved');
    const circle = { id: await shareInNewCircle(made.entry, 'Morning') };
    const circlesOfEntry = async () =>
      (
        await opened.db
          .selectFrom('journal_entry_circles')
          .select('circle_id')
          .where('entry_id', '=', made.entry.id)
          .execute()
      ).map((row) => row.circle_id);

    // Naming no circles leaves the entry's circles as they are.
    expect(
      await save(userId, { ...regardless, entryText: text('two') }, at('2026-03-08T08:00:00.000Z')),
    ).toMatchObject({ outcome: 'saved', created: false, entry: { entryText: text('two') } });
    expect(await circlesOfEntry()).toEqual([circle.id]);
    // An empty list takes it off every circle.
    expect(
      await save(
        userId,
        { ...regardless, entryText: text('three'), circleIds: [] },
        at('2026-03-08T09:00:00.000Z'),
      ),
    ).toMatchObject({ outcome: 'saved', created: false, newlySharedWith: [] });
    expect(await circlesOfEntry()).toEqual([]);
  });
});

describe('an edit saved at once', () => {
  // Its answer's circles and appreciations are read with the save (in its transaction on
  // SQLite, in its statement on PostgreSQL): the same as the day's open reads them after.
  it('answers the circles and appreciations the day shows', async () => {
    const save = daySaver(opened);
    const tag = Date.now().toString(36);
    const userId = await insertUser(opened.db, `saver_extras_${tag}`);
    const [first, second, blocked, suspended] = await Promise.all(
      ['first', 'second', 'blocked', 'suspended'].map((name) =>
        insertUser(opened.db, `appreciator_${name}_${tag}`),
      ),
    );
    const made = await save(
      userId,
      { dayNumber: 6, entryText: text('first'), isPublic: true, baseUpdatedAt: null },
      at('2026-03-06T07:00:00.000Z'),
    );
    if (made.outcome !== 'saved') throw new Error('not saved');
    const stamp = '2026-03-06T07:30:00.000Z';
    const circleIds: number[] = [];
    for (const name of ['Evening', 'Morning'])
      circleIds.push(await shareInNewCircle(made.entry, name));
    const appreciators = [second, first, blocked, suspended];
    for (const [i, appreciator] of appreciators.entries()) {
      await opened.db
        .insertInto('entry_appreciations')
        .values({
          entry_id: made.entry.id,
          user_id: appreciator!,
          created_at: `2026-03-06T07:4${i}:00.000Z`,
        })
        .execute();
    }
    await opened.db
      .insertInto('blocks')
      .values({ blocker_id: userId, blocked_id: blocked!, created_at: stamp })
      .execute();
    await opened.db
      .updateTable('users')
      .set({ suspended_at: stamp })
      .where('id', '=', suspended!)
      .execute();

    const edited = await save(
      userId,
      {
        dayNumber: 6,
        entryText: text('second'),
        isPublic: true,
        baseUpdatedAt: made.entry.updatedAt,
      },
      at('2026-03-06T08:00:00.000Z'),
    );

    expect(edited).toMatchObject({ outcome: 'saved', entry: { entryText: text('second') } });
    if (edited.outcome !== 'saved') throw new Error('not saved');
    const shown = await ownEntryExtrasReader(opened)(edited.entry);
    expect(shown.circleIds).toEqual([...circleIds].sort((a, b) => a - b));
    expect(shown.appreciations.map((a) => a.userId)).toEqual([second, first]);
    expect(edited.extras).toEqual({
      circleIds: shown.circleIds,
      appreciations: shown.appreciations,
    });
  });
});

describe('a day saved while a transaction is open', () => {
  // On SQLite the transaction holds the one connection: the save must neither write inside it
  // nor be lost, so it goes the longer way, queued behind it.
  it('is saved after it, and kept when the transaction is rolled back', async () => {
    const save = daySaver(opened);
    const userId = await insertUser(opened.db, `saver_open_${Date.now().toString(36)}`);
    let saved: ReturnType<typeof save> | undefined;
    await expect(
      opened.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ full_name: 'Rolled back' })
          .where('id', '=', userId)
          .execute();
        saved = save(
          userId,
          { dayNumber: 2, entryText: text('meanwhile'), isPublic: false, baseUpdatedAt: null },
          at('2026-03-02T07:00:00.000Z'),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await saved).toMatchObject({ outcome: 'saved', created: true });
    const kept = await opened.db
      .selectFrom('journal_entries')
      .innerJoin('users', 'users.id', 'journal_entries.user_id')
      .select(['entry_text', 'full_name'])
      .where('user_id', '=', userId)
      .execute();
    expect(kept).toEqual([
      { entry_text: text('meanwhile'), full_name: expect.not.stringMatching('Rolled back') },
    ]);
  });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('an edit saved at once on SQLite', () => {
  // Every page a save writes is written again to the write-ahead log: an edit of a day already
  // marked writes the entry, its indexes and the change log, and nothing of the progress.
  it('leaves the progress row and every AUTOINCREMENT mark as they were', async () => {
    const save = daySaver(opened);
    const userId = await insertUser(opened.db, `saver_marks_${Date.now().toString(36)}`);
    const made = await save(
      userId,
      { dayNumber: 4, entryText: text('first'), isPublic: true, baseUpdatedAt: null },
      at('2026-03-04T07:00:00.000Z'),
    );
    if (made.outcome !== 'saved') throw new Error('not saved');
    const marks = async () =>
      (await sql`select name, seq from sqlite_sequence order by name`.execute(opened.db)).rows;
    const progress = () =>
      opened.db.selectFrom('user_progress').selectAll().where('user_id', '=', userId).execute();
    const before = { marks: await marks(), progress: await progress() };

    const edited = await save(
      userId,
      {
        dayNumber: 4,
        entryText: text('second'),
        isPublic: false,
        baseUpdatedAt: made.entry.updatedAt,
      },
      at('2026-03-04T08:00:00.000Z'),
    );

    expect(edited).toMatchObject({ outcome: 'saved', entry: { entryText: text('second') } });
    expect(await marks()).toEqual(before.marks);
    expect(await progress()).toEqual(before.progress);
  });
});
