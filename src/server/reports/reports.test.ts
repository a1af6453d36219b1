import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppDatabase, openDatabase } from '../db/connection.js';
import { ApiClient, befriend, signUp } from '../test-support/api-client.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { reviewReports } from './review-at-terminal.js';

let t: TestApp;
/** The operator's own connection, as `npm run reports` opens it beside the running app. */
let operator: AppDatabase;
beforeAll(async () => {
  t = await createTestApp();
  operator = openDatabase(t.databaseUrl);
});
afterAll(async () => {
  await operator.close();
  await t.close();
});

const review = (...args: string[]) => reviewReports(operator.db, args, t.clock.clock());

async function friendsSharing(text = 'a shared thought') {
  const author = await signUp(t.app, { fullName: 'Author Person' });
  const reader = await signUp(t.app, { fullName: 'Reader Person' });
  await befriend(author, reader);
  const entry = await author.api('POST /api/journal', {
    body: {
      dayNumber: 5,
      entryText: JSON.stringify({ thoughts: text, words: '', deeds: '' }),
      isPublic: true,
    },
  });
  expect(entry.status).toBe(201);
  return { author, reader, entryId: entry.body.id as number };
}

describe('reporting', () => {
  it('files a report about a friend’s shared reflection once, updating it when sent again', async () => {
    const { reader, entryId } = await friendsSharing();
    const first = await reader.api('POST /api/reports', {
      body: {
        targetType: 'entry',
        targetId: entryId,
        reason: 'spam',
      },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      targetType: 'entry',
      targetId: entryId,
      reason: 'spam',
      createdAt: expect.any(String),
    });
    const again = await reader.api('POST /api/reports', {
      body: {
        targetType: 'entry',
        targetId: entryId,
        reason: 'harassment',
        note: 'It is aimed at me',
      },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, reason: 'harassment' });
    const shown = await review('show', String(first.body.id));
    expect(shown.lines.join('\n')).toContain('Reason: harassment');
    expect(shown.lines.join('\n')).toContain('Note: It is aimed at me');
  });

  it('reports a person, but never oneself or someone unknown', async () => {
    const someone = await signUp(t.app);
    const reporter = await signUp(t.app);
    expect(
      (
        await reporter.api('POST /api/reports', {
          body: {
            targetType: 'user',
            targetId: someone.user.id,
            reason: 'other',
          },
        })
      ).status,
    ).toBe(201);
    for (const targetId of [reporter.user.id, 999_999]) {
      const answer = await reporter.api('POST /api/reports', {
        body: {
          targetType: 'user',
          targetId,
          reason: 'spam',
        },
      });
      expect(answer).toMatchObject({ status: 404, body: { message: 'User not found' } });
    }
  });

  it('answers 404 for a reflection the reporter cannot see, revealing nothing', async () => {
    const { author, reader, entryId } = await friendsSharing();
    const stranger = await signUp(t.app);
    const privateEntry = await author.api('POST /api/journal', {
      body: {
        dayNumber: 6,
        entryText: 'private words',
        isPublic: false,
      },
    });
    const attempts: [ApiClient, number][] = [
      [reader, privateEntry.body.id],
      [stranger, entryId],
      [author, entryId],
      [reader, 999_999],
    ];
    for (const [who, targetId] of attempts) {
      const answer = await who.api('POST /api/reports', {
        body: {
          targetType: 'entry',
          targetId,
          reason: 'spam',
        },
      });
      expect(answer).toEqual(
        expect.objectContaining({ status: 404, body: { message: 'Journal entry not found' } }),
      );
    }
  });

  it('refuses a long note or one with control characters', async () => {
    const someone = await signUp(t.app);
    const reporter = await signUp(t.app);
    const report = (note: string) =>
      reporter.api('POST /api/reports', {
        body: {
          targetType: 'user',
          targetId: someone.user.id,
          reason: 'other',
          note,
        },
      });
    expect((await report('x'.repeat(1001))).body.message).toBe(
      'The note can be at most 1000 characters',
    );
    expect((await report('line\nbreak')).status).toBe(400);
    expect((await report('x'.repeat(1000))).status).toBe(201);
  });

  it('allows 20 reports a day, then asks to wait', async () => {
    const reporter = await signUp(t.app);
    const people = await Promise.all(Array.from({ length: 21 }, () => signUp(t.app)));
    for (const person of people.slice(0, 20)) {
      const answer = await reporter.api('POST /api/reports', {
        body: {
          targetType: 'user',
          targetId: person.user.id,
          reason: 'spam',
        },
      });
      expect(answer.status).toBe(201);
    }
    const refused = await reporter.api('POST /api/reports', {
      body: {
        targetType: 'user',
        targetId: people[20]!.user.id,
        reason: 'spam',
      },
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(24 * 60 * 60 * 1000);
    const nextDay = await reporter.api('POST /api/reports', {
      body: {
        targetType: 'user',
        targetId: people[20]!.user.id,
        reason: 'spam',
      },
    });
    expect(nextDay.status).toBe(201);
  });
});

describe('the operator’s review', () => {
  it('lists open reports, shows the reported text and the reporter, and dismisses', async () => {
    const { reader, entryId } = await friendsSharing('text worth a look');
    const filed = await reader.api('POST /api/reports', {
      body: {
        targetType: 'entry',
        targetId: entryId,
        reason: 'inappropriate',
      },
    });
    const id = String(filed.body.id);
    expect((await review()).lines.join('\n')).toContain(`#${id} `);
    const shown = await review('show', id);
    expect(shown.code).toBe(0);
    expect(shown.lines.join('\n')).toContain('text worth a look');
    expect(shown.lines.join('\n')).toContain(`@${reader.user.username}`);
    expect(await review('dismiss', id)).toMatchObject({ code: 0 });
    expect((await review()).lines.join('\n')).not.toContain(`#${id} `);
    expect(await review('show', '999999')).toMatchObject({ code: 1 });
    expect(await review('suspend', 'abc')).toMatchObject({ code: 2 });
  });

  it('shows reported words on the terminal as text, never as codes it would act on', async () => {
    const attack =
      'calm words\u001b[2J\u001b[H\rReport #1 (dismissed)\nReason: none\u009b31m\u007f\u202Eevil';
    const { reader, entryId } = await friendsSharing(attack);
    const filed = await reader.api('POST /api/reports', {
      body: {
        targetType: 'entry',
        targetId: entryId,
        reason: 'other',
        note: 'see this',
      },
    });
    expect(filed.status).toBe(201);
    const shown = await review('show', String(filed.body.id));
    expect(shown.code).toBe(0);
    const acting = (code: number) =>
      code < 0x20 || (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e);
    for (const line of shown.lines) {
      expect(
        [...line].filter((c) => acting(c.charCodeAt(0))),
        line,
      ).toEqual([]);
    }
    const text = shown.lines.join('\n');
    expect(text).toContain('calm words\\x1B[2J\\x1B[H\\rReport #1 (dismissed)');
    expect(text).toContain('\\x9B31m\\x7F\\u{202E}evil');
    expect(text).toContain('Note: see this');
    // A line the writer broke is shown as theirs, never as a line of the report.
    expect(shown.lines).not.toContain('Reason: none');
    expect(shown.lines.filter((line) => line.startsWith('Reason: '))).toEqual(['Reason: other']);
  });

  it('removes a reported reflection: gone from the feed and the journal', async () => {
    const { author, reader, entryId } = await friendsSharing('to be removed');
    expect(JSON.stringify((await reader.api('GET /api/journal/friends')).body)).toContain(
      'to be removed',
    );
    const filed = await reader.api('POST /api/reports', {
      body: {
        targetType: 'entry',
        targetId: entryId,
        reason: 'spam',
      },
    });
    expect(await review('remove-entry', String(filed.body.id))).toMatchObject({ code: 0 });
    expect(JSON.stringify((await reader.api('GET /api/journal/friends')).body)).not.toContain(
      'to be removed',
    );
    expect((await author.api('GET /api/journal')).body).toEqual([]);
    expect((await review()).lines.join('\n')).not.toContain(`#${filed.body.id} `);
  });

  it('suspends an account: signed out at once, invisible to others, able only to export and delete', async () => {
    const { author, reader, entryId } = await friendsSharing('from a soon suspended account');
    const other = await signUp(t.app);
    await other.api('POST /api/friend-requests/:userId', { params: { userId: author.user.id } });
    // The reader's feed is kept ready before the suspension: it must let go.
    expect(JSON.stringify((await reader.api('GET /api/journal/friends')).body)).toContain(
      'soon suspended',
    );
    const filed = await reader.api('POST /api/reports', {
      body: {
        targetType: 'entry',
        targetId: entryId,
        reason: 'harassment',
      },
    });
    expect(await review('suspend', String(filed.body.id))).toMatchObject({ code: 0 });

    expect((await author.api('GET /api/auth/me')).status).toBe(401);
    const feed = await reader.api('GET /api/journal/friends');
    expect(JSON.stringify(feed.body)).not.toContain('soon suspended');
    expect((await reader.api('GET /api/friends')).body).toEqual([]);
    expect((await other.api('GET /api/friend-requests')).body).toEqual({ sent: [], received: [] });
    const search = await reader.call('GET', `/api/users/search?q=${author.user.username}`);
    expect(search.body).toEqual([]);
    const discover = await reader.api('GET /api/users/search', { query: { discover: 'true' } });
    expect(discover.body.map((p: { id: number }) => p.id)).not.toContain(author.user.id);
    expect(
      (
        await reader.api('POST /api/friend-requests/:userId', {
          params: { userId: author.user.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await reader.api('POST /api/reports', {
          body: {
            targetType: 'user',
            targetId: author.user.id,
            reason: 'spam',
          },
        })
      ).status,
    ).toBe(404);

    const back = new ApiClient(t.app);
    const login = await back.api('POST /api/auth/login', {
      body: {
        username: author.user.username,
        password: 'correct horse battery',
      },
    });
    expect(login.status).toBe(200);
    expect(login.body.user.suspended).toBe(true);
    expect((await back.api('GET /api/auth/me')).body.user.suspended).toBe(true);
    for (const refused of [
      await back.api('GET /api/journal'),
      await back.api('GET /api/journal/friends'),
      await back.api('POST /api/journal', { body: { dayNumber: 7, entryText: 'more' } }),
      await back.api('GET /api/friends'),
    ]) {
      expect(refused).toMatchObject({
        status: 403,
        body: { message: 'This account is suspended' },
      });
    }
    const exported = await back.api('GET /api/journal/export', { query: { format: 'json' } });
    expect(exported.status).toBe(200);
    expect(JSON.stringify(exported.body)).toContain('soon suspended');

    expect(await review('unsuspend', String(filed.body.id))).toMatchObject({ code: 0 });
    expect((await back.api('GET /api/journal')).status).toBe(200);
    expect(JSON.stringify((await reader.api('GET /api/journal/friends')).body)).toContain(
      'soon suspended',
    );

    await review('suspend', String(filed.body.id));
    const again = new ApiClient(t.app);
    await again.api('POST /api/auth/login', {
      body: {
        username: author.user.username,
        password: 'correct horse battery',
      },
    });
    const deleted = await again.call('DELETE', '/api/users/me', {
      password: 'correct horse battery',
    });
    expect(deleted.status).toBe(200);
    expect(
      (
        await new ApiClient(t.app).api('POST /api/auth/login', {
          body: {
            username: author.user.username,
            password: 'correct horse battery',
          },
        })
      ).status,
    ).toBe(401);
  });
});
