import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { appAndDatabase } from '../test-support/database-handles.js';
import { befriend, signUp } from '../test-support/api-client.js';
const env = appAndDatabase();

const text = (thoughts: string) => JSON.stringify({ thoughts, words: '', deeds: '' });

/**
 * Makes the database refuse every progress write for one person, the way a full disk or a
 * lost connection would refuse the second statement of a save.
 */
async function refuseProgressWrites(userId: number): Promise<() => Promise<void>> {
  const { db, dialect } = env.database;
  if (dialect === 'sqlite') {
    await sql`
      create trigger refuse_progress before insert on user_progress
      when new.user_id = ${sql.lit(userId)}
      begin select raise(abort, 'progress refused'); end
    `.execute(db);
    return async () => void (await sql`drop trigger refuse_progress`.execute(db));
  }
  await sql`
    create function refuse_progress() returns trigger language plpgsql as
    $$ begin raise exception 'progress refused'; end $$
  `.execute(db);
  await sql`
    create trigger refuse_progress before insert on user_progress for each row
    when (new.user_id = ${sql.lit(userId)}) execute function refuse_progress()
  `.execute(db);
  return async () => {
    await sql`drop trigger refuse_progress on user_progress`.execute(db);
    await sql`drop function refuse_progress()`.execute(db);
  };
}

describe('a reflection and its progress are saved together', () => {
  it('keeps neither when the progress cannot be written, and a retry then saves both once', async () => {
    const me = await signUp(env.t.app);
    const friend = await signUp(env.t.app);
    await befriend(me, friend);
    expect((await friend.api('GET /api/journal/friends')).body).toEqual([]);

    const save = () =>
      me.api('POST /api/journal', {
        body: {
          dayNumber: 12,
          entryText: text('lost?'),
          isPublic: true,
        },
      });

    const allow = await refuseProgressWrites(me.user.id);
    const failed = await save();
    await allow();

    expect(failed.status).toBe(500);
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 12 } })).status,
    ).toBe(404);
    expect((await me.api('GET /api/journal')).body).toEqual([]);
    expect((await me.api('GET /api/progress')).body.days).toEqual([]);
    expect((await friend.api('GET /api/journal/friends')).body).toEqual([]);

    const retried = await save();
    expect(retried.status).toBe(201);
    const again = await save();
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(retried.body.id);
    expect((await me.api('GET /api/journal')).body).toHaveLength(1);
    expect((await me.api('GET /api/progress')).body.days).toEqual([
      {
        dayNumber: 12,
        read: false,
        gathaViewed: false,
        explanationViewed: false,
        reflectionSaved: true,
      },
    ]);
    expect((await friend.api('GET /api/journal/friends')).body).toMatchObject([
      { id: retried.body.id },
    ]);
  });

  it('leaves an earlier entry as it was when a change to it cannot be saved in full', async () => {
    const me = await signUp(env.t.app);
    const first = await me.api('POST /api/journal', {
      body: { dayNumber: 20, entryText: text('before') },
    });
    expect(first.status).toBe(201);
    expect((await me.api('DELETE /api/progress')).status).toBe(200);

    const allow = await refuseProgressWrites(me.user.id);
    env.t.clock.advance(1000);
    const failed = await me.api('POST /api/journal', {
      body: {
        dayNumber: 20,
        entryText: text('after'),
        isPublic: true,
      },
    });
    await allow();

    expect(failed.status).toBe(500);
    expect(
      (await me.api('GET /api/journal/day/:dayNumber', { params: { dayNumber: 20 } })).body,
    ).toEqual(first.body);
    expect((await me.api('GET /api/progress')).body.days).toEqual([]);
  });
});
