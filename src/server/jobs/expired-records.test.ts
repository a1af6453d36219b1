import { describe, expect, it } from 'vitest';
import { appAndDatabase } from '../test-support/database-handles.js';
import { signUp } from '../test-support/api-client.js';
import { sweepExpiredRecords } from './expired-records.js';

const dayMs = 86_400_000;

describe('sweeping expired records', () => {
  const env = appAndDatabase();

  const sessionsOf = (userId: number) =>
    env.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();

  it('removes sessions past their expiry and keeps live ones', async () => {
    const stale = await signUp(env.t.app);
    env.t.clock.advance(20 * dayMs);
    const fresh = await signUp(env.t.app);
    env.t.clock.advance(11 * dayMs);

    const result = await sweepExpiredRecords(env.database.db, env.t.clock.clock());

    expect(result.sessions).toBeGreaterThanOrEqual(1);
    expect(await sessionsOf(stale.user!.id)).toHaveLength(0);
    expect(await sessionsOf(fresh.user!.id)).toHaveLength(1);
    expect((await fresh.api('GET /api/auth/me')).status).toBe(200);
  });

  it('removes reset links a day after they expired or were used, and old rate-limit windows', async () => {
    const person = await signUp(env.t.app);
    const now = env.t.clock.clock().getTime();
    const at = (offsetMs: number) => new Date(now + offsetMs).toISOString();
    await env.database.db
      .insertInto('password_reset_tokens')
      .values([
        {
          user_id: person.user!.id,
          token_hash: 'expired-long-ago',
          created_at: at(-3 * dayMs),
          expires_at: at(-2 * dayMs),
          used_at: null,
        },
        {
          user_id: person.user!.id,
          token_hash: 'used-long-ago',
          created_at: at(-3 * dayMs),
          expires_at: at(dayMs),
          used_at: at(-2 * dayMs),
        },
        {
          user_id: person.user!.id,
          token_hash: 'still-valid',
          created_at: at(0),
          expires_at: at(3_600_000),
          used_at: null,
        },
      ])
      .execute();
    await env.database.db
      .insertInto('rate_limit_counters')
      .values([
        { key: 'sweep-test:old', window_start: now - 2 * dayMs, hits: 3 },
        { key: 'sweep-test:current', window_start: now - 60_000, hits: 1 },
      ])
      .execute();

    await sweepExpiredRecords(env.database.db, env.t.clock.clock());

    const tokens = await env.database.db
      .selectFrom('password_reset_tokens')
      .select('token_hash')
      .where('user_id', '=', person.user!.id)
      .execute();
    expect(tokens.map((row) => row.token_hash)).toEqual(['still-valid']);
    const windows = await env.database.db
      .selectFrom('rate_limit_counters')
      .select('key')
      .where('key', 'like', 'sweep-test:%')
      .execute();
    expect(windows.map((row) => row.key)).toEqual(['sweep-test:current']);
  });
});
