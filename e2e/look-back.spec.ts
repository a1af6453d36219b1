import { type Page, expect } from '@playwright/test';
import { apiCall, expectNoAxeViolations, saveScreenshot, signUpViaApi } from './support.js';
import { CYCLE_RESTART, NEW_YEARS_DAY, setTestDate, test } from './fixtures.js';

const reflect = async (
  page: Page,
  dayNumber: number,
  parts: { thoughts: string; deeds: string },
) => {
  const saved = await apiCall(page, 'POST', '/api/journal', {
    dayNumber,
    entryText: JSON.stringify({ thoughts: parts.thoughts, words: '', deeds: parts.deeds }),
    isPublic: false,
  });
  expect([200, 201]).toContain(saved.status);
};

test.describe('a stanza met again', () => {
  test.use({ now: NEW_YEARS_DAY });

  test('shows what the reader wrote on it before, closed, on the stanza and as "On this day"', async ({
    page,
    context,
  }) => {
    const me = await signUpViaApi(page);
    await reflect(page, 1, { thoughts: 'A first morning.', deeds: 'Wrote to my father.' });
    // Written today, the reflection is in the form: the stanza says nothing of it.
    await page.goto('/app/daily-ritual/1');
    await expect(page.getByTestId('stanza-text')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Read Explanation' })).toBeEnabled();
    await expect(page.getByTestId('earlier-reflection')).toHaveCount(0);

    // 30 August: the cycle begins again at day 1. The session from January has ended. The
    // reader left the app in January: a page still open across the jump calls with January's
    // session, and its 401, answered after the sign-in below, marks this browser signed out.
    await page.goto('about:blank');
    await setTestDate(context, CYCLE_RESTART);
    const login = await apiCall(page, 'POST', '/api/auth/login', {
      username: me.username,
      password: me.password,
    });
    expect(login.status).toBe(200);
    await page.goto('/app/daily-ritual');
    const earlier = page.getByTestId('earlier-reflection');
    const summary = earlier.getByText('You wrote on this stanza on Jan 1, 2026');
    await expect(summary).toBeVisible();
    await expect(earlier.getByText('A first morning.')).toBeHidden();
    await expectNoAxeViolations(page);
    await summary.click();
    await expect(earlier.getByText('A first morning.')).toBeVisible();
    await expect(earlier.getByText('Wrote to my father.')).toBeVisible();
    await saveScreenshot(page, {
      path: `test-results/screens/look-back/met-again-${test.info().project.name}.png`,
      fullPage: true,
    });

    await page.goto('/app/dashboard');
    const onThisDay = page.getByRole('region', { name: 'On this day' });
    await expect(
      onThisDay.getByText("On Jan 1, 2026 you wrote on today's stanza, Day 1."),
    ).toBeVisible();
    await expect(onThisDay.getByText('Wrote to my father.')).toBeVisible();
    await expectNoAxeViolations(page);
    await onThisDay.getByRole('link', { name: "Read today's stanza" }).click();
    await expect(page).toHaveURL(/\/app\/daily-ritual\/1$/);

    // Rewritten today, the old words are gone, and so is the reminder of them.
    await reflect(page, 1, { thoughts: 'A second first morning.', deeds: '' });
    await page.goto('/app/dashboard');
    await expect(page.getByRole('region', { name: 'Your week' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'On this day' })).toHaveCount(0);
  });
});

test.describe('the week looked back on', () => {
  test.use({ now: '2026-04-06T12:00:00Z' });

  test('lists the days read and the deeds written in the last seven days', async ({
    page,
    context,
  }) => {
    await signUpViaApi(page);
    expect((await apiCall(page, 'PUT', '/api/progress/days/95', { read: true })).status).toBe(200);
    await reflect(page, 96, { thoughts: 'Patience.', deeds: 'Called my sister.' });
    await setTestDate(context, '2026-04-09T12:00:00Z');
    await reflect(page, 97, { thoughts: 'Work.', deeds: 'Planted beans with the children.' });
    await reflect(page, 98, { thoughts: 'Only a thought.', deeds: '' });

    await page.goto('/app/dashboard');
    const week = page.getByRole('region', { name: 'Your week' });
    await expect(
      week.getByText('Apr 3 to Apr 9: 4 days read, 3 reflections written.'),
    ).toBeVisible();
    const daysRead = week.getByRole('list', { name: 'Days read' });
    // Each link names the date it was read on to a screen reader.
    await expect(daysRead.getByRole('link')).toHaveText([
      'Day 95, read on Apr 6',
      'Day 96, read on Apr 6',
      'Day 97, read on Apr 9',
      'Day 98, read on Apr 9',
    ]);
    const deeds = week.getByRole('list', { name: 'Deeds you wrote' });
    await expect(deeds.getByRole('listitem')).toHaveText([
      'Day 96, Apr 6Called my sister.',
      'Day 97, Apr 9Planted beans with the children.',
    ]);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, {
      path: `test-results/screens/look-back/week-${test.info().project.name}.png`,
      fullPage: true,
    });
    await daysRead.getByRole('link', { name: /Day 96/ }).click();
    await expect(page).toHaveURL(/\/app\/daily-ritual\/96$/);

    // Another person's week knows none of it.
    const stranger = await context.browser()!.newContext();
    const theirs = await stranger.newPage();
    await signUpViaApi(theirs);
    await theirs.goto('/app/dashboard');
    await expect(
      theirs.getByRole('region', { name: 'Your week' }).getByText('Nothing read this week yet.', {
        exact: false,
      }),
    ).toBeVisible();
    await stranger.close();
  });
});
