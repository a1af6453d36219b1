import { expect } from '@playwright/test';
import { apiCall, expectNoAxeViolations, saveScreenshot, signUpViaApi } from './support.js';
import { setTestDate, test } from './fixtures.js';

// 6 April 2026 is day 96; the reader reflects on the 6th and 7th, rests on the 8th, and opens
// the dashboard on the 9th before writing.
test.use({ now: '2026-04-06T12:00:00Z' });

const reflect = async (page: Parameters<typeof apiCall>[0], dayNumber: number) => {
  const saved = await apiCall(page, 'POST', '/api/journal', {
    dayNumber,
    entryText: JSON.stringify({ thoughts: `Day ${dayNumber}.`, words: '', deeds: '' }),
    isPublic: false,
  });
  expect(saved.status).toBe(201);
};

test('a day without a reflection is a rest day that keeps the streak, and the card says how many are left', async ({
  page,
  context,
}) => {
  await signUpViaApi(page);
  await reflect(page, 96);
  await setTestDate(context, '2026-04-07T12:00:00Z');
  await reflect(page, 97);
  await setTestDate(context, '2026-04-09T08:00:00Z');

  await page.goto('/app/dashboard');
  const journey = page.getByRole('region', { name: 'Your journey' });
  await expect(journey.getByText('Current streak')).toBeVisible();
  await expect(journey.locator('dd').nth(1)).toHaveText('2 days');
  const calendar = journey.getByRole('list', { name: 'Last 12 weeks' });
  await expect(
    calendar.getByRole('listitem', { name: 'Apr 8: rest day, the streak kept' }),
  ).toBeVisible();
  await expect(calendar.getByRole('listitem', { name: 'Apr 7: reflection saved' })).toBeVisible();
  await expect(journey.getByTestId('rest-days')).toHaveText(
    'Rest days left this week: 0. The next rest day is free from Wed, Apr 15.',
  );
  await expect(journey.getByText('Rest day', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, {
    path: `test-results/screens/gentle-streaks/journey-${test.info().project.name}.png`,
    fullPage: true,
  });

  // A second day missed within the week ends the streak; the lost rest shows as a gap.
  await setTestDate(context, '2026-04-10T08:00:00Z');
  await page.reload();
  await expect(journey.locator('dd').nth(1)).toHaveText('0 days');
  await expect(calendar.getByRole('listitem', { name: 'Apr 8: no reflection' })).toBeVisible();
  await expect(journey.getByTestId('rest-days')).toHaveCount(0);
});
