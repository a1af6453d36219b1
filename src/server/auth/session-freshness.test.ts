import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, HEARD_ELSEWHERE, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

// Two instances of the app on one database, as when several processes serve the same people.
// Each caches the sessions it has looked up; these tests fail if one outlives a change made
// through the other.
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp();
  second = await createTestApp({ databaseUrl: first.databaseUrl, clock: first.clock });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const password = 'correct horse battery';

/** The same browser, with its cookies, calling the other instance. */
const elsewhere = (client: ApiClient, app: TestApp) => client.on(app.app);

describe('a session looked up by one process', () => {
  it('ends at once when the person signs out through another', async () => {
    const me = await signUp(first.app);
    expect((await me.api('GET /api/auth/me')).status).toBe(200);
    expect((await elsewhere(me, second).api('POST /api/auth/logout')).status).toBe(200);
    expect((await me.api('GET /api/auth/me')).status).toBe(401);
  });

  it('shows a profile change made through another at once', async () => {
    const me = await signUp(first.app, { fullName: 'Before Change' });
    expect((await me.api('GET /api/auth/me')).body.user.fullName).toBe('Before Change');
    const changed = await elsewhere(me, second).call('PATCH', '/api/users/me', {
      fullName: 'After Change',
    });
    expect(changed.status).toBe(200);
    expect((await me.api('GET /api/auth/me')).body.user.fullName).toBe('After Change');
  });

  it('ends for another device when a password change or an account deletion elsewhere ends it', async () => {
    const laptop = await signUp(first.app);
    const phone = new ApiClient(second.app);
    await phone.api('POST /api/auth/login', { body: { username: laptop.user.username, password } });
    expect((await laptop.api('GET /api/auth/me')).status).toBe(200);
    const changed = await phone.api('POST /api/auth/password', {
      body: {
        currentPassword: password,
        newPassword: 'another long secret',
      },
    });
    expect(changed.status).toBe(200);
    // Another device: within the moment the other instance takes to hear of it.
    await expect
      .poll(async () => (await laptop.api('GET /api/auth/me')).status, HEARD_ELSEWHERE)
      .toBe(401);

    const other = await signUp(first.app);
    expect((await other.api('GET /api/auth/me')).status).toBe(200);
    const deleted = await elsewhere(other, second).call('DELETE', '/api/users/me', { password });
    expect(deleted.status).toBe(200);
    expect((await other.api('GET /api/auth/me')).status).toBe(401);
  });

  it('still expires after 30 days without use', async () => {
    const me = await signUp(first.app);
    expect((await me.api('GET /api/auth/me')).status).toBe(200);
    first.clock.advance(31 * 86_400_000);
    expect((await me.api('GET /api/auth/me')).status).toBe(401);
  });
});
