import { type BrowserContextOptions, type Page, expect } from '@playwright/test';
import { expectNoAxeViolations, expectToast, saveScreenshot, signUpViaApi } from './support.js';
import { test } from './fixtures.js';

// What the daily reminder card offers in each browser: a switch only where it can work, and
// otherwise what would make reminders work there. Chromium plays each browser by its user agent,
// with the parts of the page that browser lacks taken away before the app starts.

const iPhoneSafari =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const macSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

const phone: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

const reminderCard = (page: Page) => page.getByRole('region', { name: 'Daily Reminder' });
const reminderSwitch = (page: Page) => page.getByRole('switch', { name: 'Daily Reminder' });

/** Opens Settings, once its screen (loaded on demand) is up, however busy the machine. */
async function openSettings(page: Page) {
  await page.goto('/app/settings');
  await expect(reminderCard(page)).toBeVisible({ timeout: 20_000 });
}

/** Takes away what an iOS browser tab does not have: notifications and push. */
async function likeAnIOSTab(page: Page) {
  await page.addInitScript(() => {
    delete (window as { Notification?: unknown }).Notification;
    delete (window as { PushManager?: unknown }).PushManager;
  });
}

test('in an iPhone Safari tab the card says the Home Screen turns reminders on, and how', async ({
  newDevice,
}) => {
  const iPhone = await newDevice({ ...phone, userAgent: iPhoneSafari });
  const page = await iPhone.newPage();
  await likeAnIOSTab(page);
  await signUpViaApi(page);
  await openSettings(page);

  const card = reminderCard(page);
  await expect(card.getByRole('note')).toContainText(
    'On iPhone and iPad, adding The Threefold Path to your Home Screen turns daily reminders on (iOS 16.4 and later).',
  );
  await expect(card.getByRole('note')).toContainText(
    'To add it, tap Share, then Add to Home Screen, then open it from your Home Screen',
  );
  await expect(card).not.toContainText("aren't available");
  await expect(reminderSwitch(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/settings-reminder-ios-tab.png' });
});

test('opened from the iPhone Home Screen, the reminder has its switch', async ({ newDevice }) => {
  const iPhone = await newDevice({ ...phone, userAgent: iPhoneSafari });
  const page = await iPhone.newPage();
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'standalone', { value: true });
  });
  await signUpViaApi(page);
  await openSettings(page);
  await expect(reminderSwitch(page)).toBeVisible();
  await expect(reminderCard(page).getByRole('note')).toHaveCount(0);
});

test('without push, the switch says reminders come only while the app is open', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await signUpViaApi(page);
  await openSettings(page);
  await expect(reminderSwitch(page)).toBeVisible();
  await expect(reminderCard(page)).toContainText(
    'Reminders appear while the app is open in a tab.',
  );
});

test('in Safari on a Mac without notifications, the card says the Dock brings them', async ({
  newDevice,
}) => {
  const mac = await newDevice({ userAgent: macSafari, viewport: { width: 1280, height: 800 } });
  const page = await mac.newPage();
  await page.addInitScript(() => {
    delete (window as { Notification?: unknown }).Notification;
  });
  await signUpViaApi(page);
  await openSettings(page);
  const note = reminderCard(page).getByRole('note');
  await expect(note).toContainText("Daily reminders aren't available in this browser");
  await expect(note).toContainText('choose File, then Add to Dock, then open it from the Dock.');
  await expect(reminderSwitch(page)).toHaveCount(0);
});

/**
 * Holds the browser's permission question open until the test answers it with
 * window.answerPermission(answer), as a reader who has not yet chosen would.
 */
async function holdPermissionQuestion(page: Page) {
  await page.addInitScript(() => {
    // Kept for the tab, so a reload finds the answer given, as the browser would remember it.
    let answered = (sessionStorage.getItem('permission-answer') ??
      'default') as NotificationPermission;
    let answer: (value: NotificationPermission) => void = () => undefined;
    Object.defineProperty(Notification, 'permission', { get: () => answered });
    Notification.requestPermission = () =>
      new Promise<NotificationPermission>((resolve) => {
        answer = resolve;
      });
    (
      window as unknown as { answerPermission: (value: NotificationPermission) => void }
    ).answerPermission = (value) => {
      answered = value;
      sessionStorage.setItem('permission-answer', value);
      answer(value);
    };
  });
}

test('while the browser asks, the card waits; refused, it says how to allow notifications', async ({
  page,
}) => {
  await holdPermissionQuestion(page);
  await signUpViaApi(page);
  await openSettings(page);
  const card = reminderCard(page);
  await expect(card.getByRole('status')).toBeEmpty();

  await reminderSwitch(page).click();
  await expect(card.getByRole('status')).toHaveText('Waiting for your browser’s permission…');
  await expect(reminderSwitch(page)).toBeDisabled();
  await saveScreenshot(page, { path: 'test-results/screens/settings-reminder-waiting.png' });

  await page.evaluate(() =>
    (window as unknown as { answerPermission: (value: string) => void }).answerPermission('denied'),
  );
  await expectToast(
    page,
    'Permission Denied',
    'Please allow notifications in your browser settings.',
  );
  await expect(card.getByRole('status')).toBeEmpty();
  await expect(card.getByRole('note')).toHaveText(
    'Notifications are blocked for this site. To allow them, select the icon beside the address, set Notifications to Allow, and turn the reminder on again.',
  );
  await expect(reminderSwitch(page)).not.toBeChecked();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/settings-reminder-blocked.png' });

  // Refused earlier: the card says so from the start.
  await page.reload();
  await expect(card.getByRole('note')).toContainText('Notifications are blocked for this site.');
});
