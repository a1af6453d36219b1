import { type Page, expect } from '@playwright/test';
import {
  currentDay,
  expectNoAxeViolations,
  expectToast,
  openExplanation,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { setTestDate, test } from './fixtures.js';

const SETTINGS_KEY = 'gatha_notification_settings';

interface RecordedNotification {
  title: string;
  body: string;
  closed: boolean;
}

/**
 * Records every notification the page shows (page notifications and service-worker ones), so a
 * test can read what a headless browser would have put on screen. window.openShownNotification(i)
 * clicks the i-th page notification.
 */
async function recordNotifications(page: Page) {
  await page.addInitScript(() => {
    const shown: RecordedNotification[] = [];
    const instances: Notification[] = [];
    const w = window as unknown as {
      shownNotifications: RecordedNotification[];
      openShownNotification: (index: number) => void;
    };
    w.shownNotifications = shown;
    w.openShownNotification = (index) =>
      instances[index]?.onclick?.call(instances[index], new Event('click'));
    if (!('Notification' in window)) return;
    window.Notification = new Proxy(window.Notification, {
      construct(target, args: [string, NotificationOptions?]) {
        const record = { title: args[0], body: args[1]?.body ?? '', closed: false };
        shown.push(record);
        const instance = Reflect.construct(target, args) as Notification;
        const close = instance.close.bind(instance);
        instance.close = () => {
          record.closed = true;
          close();
        };
        instances.push(instance);
        return instance;
      },
    });
    const showViaWorker = ServiceWorkerRegistration.prototype.showNotification;
    ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
      shown.push({ title, body: options?.body ?? '', closed: false });
      return showViaWorker.call(this, title, options);
    };
  });
}

const shownNotifications = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { shownNotifications: RecordedNotification[] }).shownNotifications,
  );

const storedSettings = (page: Page) =>
  page.evaluate((key) => {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  }, SETTINGS_KEY);

const reminderSwitch = (page: Page) => page.getByRole('switch', { name: 'Daily Reminder' });

test('the profile card shows who is signed in, and Back returns to the daily ritual', async ({
  page,
}) => {
  const user = await signUpViaApi(page, { fullName: 'Shirin Azadi', postalCode: 'SW1A 1AA' });
  await page.goto('/app/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const card = page.getByRole('region', { name: 'Account Information' });
  await expect(card.getByText('Shirin Azadi', { exact: true })).toBeVisible();
  await expect(card.getByText(`@${user.username}`, { exact: true })).toBeVisible();
  await expect(card.getByText(user.email, { exact: true })).toBeVisible();
  await expect(card.getByText('Postal code', { exact: true })).toBeVisible();
  await expect(card.getByText('SW1A 1AA', { exact: true })).toBeVisible();

  // Off by default: no time, Save or test until the reminder is on.
  await expect(reminderSwitch(page)).not.toBeChecked();
  await expect(page.getByLabel('Reminder time')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Send Test Notification' })).toHaveCount(0);

  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/settings-off.png', fullPage: true });

  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
});

test('without a postal code the profile card leaves that line out', async ({ page }) => {
  const user = await signUpViaApi(page);
  await page.goto('/app/settings');
  await expect(page.getByText(user.email, { exact: true })).toBeVisible();
  await expect(page.getByText('Postal code', { exact: true })).toHaveCount(0);
});

/**
 * Records every value the app gives a radio's `checked` from now on. A choice that springs back
 * to the old answer for a moment while it is saved shows here as a `false` after the click.
 */
async function recordCheckedOf(page: Page, name: string, value: string) {
  await page.evaluate(
    ({ name, value }) => {
      const input = document.querySelector<HTMLInputElement>(
        `input[name="${name}"][value="${value}"]`,
      )!;
      const checked = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'checked')!;
      const given: boolean[] = [];
      (window as unknown as { checkedGiven: boolean[] }).checkedGiven = given;
      Object.defineProperty(input, 'checked', {
        ...checked,
        set(this: HTMLInputElement, next: boolean) {
          given.push(next);
          checked.set!.call(this, next);
        },
      });
    },
    { name, value },
  );
  return () => page.evaluate(() => (window as unknown as { checkedGiven: boolean[] }).checkedGiven);
}

test('a choice saved as it is made stays chosen on screen while it is saved', async ({ page }) => {
  await signUpViaApi(page);
  await page.goto('/app/settings');

  const findMe = page.getByRole('region', { name: 'Who can find me' });
  await expect(findMe.getByRole('radio', { name: 'Everyone' })).toBeChecked();
  let given = await recordCheckedOf(page, 'discoverable', 'nobody');
  await findMe.getByRole('radio', { name: 'Nobody' }).click();
  await expectToast(page, 'Saved', 'Who can find you was changed.');
  await expect(findMe.getByRole('radio', { name: 'Nobody' })).toBeChecked();
  expect(await given()).not.toContain(false);

  const pace = page.getByRole('region', { name: 'Your pace' });
  await expect(pace.getByRole('radio', { name: 'Read with everyone' })).toBeChecked();
  given = await recordCheckedOf(page, 'settings-pace', 'own');
  await pace.getByRole('radio', { name: 'My own path' }).click();
  await pace.getByRole('button', { name: 'Start at day 1' }).click();
  await expectToast(page, 'Saved', 'Your own path begins today at day 1.');
  await expect(pace.getByRole('radio', { name: 'My own path' })).toBeChecked();
  expect(await given()).not.toContain(false);
});

test('with permission granted: enable, change the time, test, persist and disable', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await recordNotifications(page);
  await signUpViaApi(page);
  const today = await currentDay(page);
  await page.goto('/app/settings');

  await reminderSwitch(page).click();
  await expectToast(page, 'Notifications Enabled', "You'll receive daily reminders at 08:30");
  await expect(reminderSwitch(page)).toBeChecked();
  const time = page.getByLabel('Reminder time');
  await expect(time).toHaveValue('08:30');
  expect(await storedSettings(page)).toEqual({ enabled: true, time: '08:30', lastShown: null });

  // An empty time is refused with a message tied to the field.
  await time.fill('');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please choose a time for your reminder.')).toBeVisible();
  await expect(time).toHaveAttribute('aria-invalid', 'true');
  await expect(time).toHaveAttribute('aria-describedby', 'reminder-time-error');
  expect(await storedSettings(page)).toMatchObject({ time: '08:30' });

  await time.fill('21:15');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expectToast(page, 'Settings Saved', 'Notification time updated to 21:15');
  await expect(page.getByText('Please choose a time for your reminder.')).toHaveCount(0);
  expect(await storedSettings(page)).toEqual({ enabled: true, time: '21:15', lastShown: null });

  await page.getByRole('button', { name: 'Send Test Notification' }).click();
  await expectToast(page, 'Test Sent');
  expect(await shownNotifications(page)).toEqual([
    {
      title: 'Daily Gatha Reminder',
      body: `Time for today's reflection - Day ${today} of the Gathas awaits you.`,
      closed: false,
    },
  ]);

  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/settings-on.png', fullPage: true });

  // The choice survives a reload.
  await page.reload();
  await expect(reminderSwitch(page)).toBeChecked();
  await expect(page.getByLabel('Reminder time')).toHaveValue('21:15');

  await reminderSwitch(page).click();
  await expectToast(page, 'Notifications Disabled');
  await expect(reminderSwitch(page)).not.toBeChecked();
  await expect(page.getByLabel('Reminder time')).toHaveCount(0);
  expect(await storedSettings(page)).toEqual({ enabled: false, time: '21:15', lastShown: null });
});

test('without permission the reminder stays off, and a test asks to enable notifications first', async ({
  page,
}) => {
  await signUpViaApi(page);
  await page.goto('/app/settings');
  // Headless Chromium either denies outright or leaves the question unanswered ('default');
  // both are "not granted".
  expect(['denied', 'default']).toContain(await page.evaluate(() => Notification.permission));

  await reminderSwitch(page).click();
  await expectToast(
    page,
    'Permission Denied',
    'Please allow notifications in your browser settings.',
  );
  await expect(reminderSwitch(page)).not.toBeChecked();
  expect(await storedSettings(page)).toBeNull();
  await expect(page.getByLabel('Reminder time')).toHaveCount(0);

  // A reminder switched on earlier whose permission was later withdrawn cannot send a test.
  await page.evaluate(
    (key) => localStorage.setItem(key, JSON.stringify({ enabled: true, time: '07:45' })),
    SETTINGS_KEY,
  );
  await page.reload();
  await expect(page.getByLabel('Reminder time')).toHaveValue('07:45');
  await page.getByRole('button', { name: 'Send Test Notification' }).click();
  await expectToast(
    page,
    'Enable Notifications First',
    'Please enable notifications before testing.',
  );
});

test('a browser without notifications sees a notice and no switch that cannot work', async ({
  page,
}) => {
  await page.addInitScript(() => {
    delete (window as { Notification?: unknown }).Notification;
  });
  await signUpViaApi(page);
  await page.goto('/app/settings');
  // The screen loads on demand, which a busy machine slows.
  await expect(page.getByRole('region', { name: 'Daily Reminder' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('note')).toContainText("Daily reminders aren't available");
  await expect(reminderSwitch(page)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, { path: 'test-results/screens/settings-unsupported.png' });
});

test('at the chosen minute the reminder shows once, closes after 10 s and opens its day', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await recordNotifications(page);
  // 7 March 2026 is day 66 of the year; the browser runs in UTC.
  await setTestDate(context, '2026-03-07T08:29:30Z');
  await signUpViaApi(page);
  await page.goto('/app/settings');
  await page.evaluate(
    (key) =>
      localStorage.setItem(key, JSON.stringify({ enabled: true, time: '08:30', lastShown: null })),
    SETTINGS_KEY,
  );
  await page.reload();
  await expect(reminderSwitch(page)).toBeChecked();
  // The minute's check starts with the shell's background work, which loads after the screen.
  await page.waitForLoadState('networkidle');

  await page.clock.runFor(60_000);
  await expect
    .poll(() => shownNotifications(page))
    .toEqual([
      {
        title: 'Daily Gatha Reminder',
        body: "Time for today's reflection - Day 66 of the Gathas awaits you.",
        closed: false,
      },
    ]);
  expect(await storedSettings(page)).toEqual({
    enabled: true,
    time: '08:30',
    lastShown: '2026-03-07',
  });

  await page.clock.runFor(10_000);
  await expect.poll(async () => (await shownNotifications(page))[0]?.closed).toBe(true);

  await page.evaluate(() =>
    (window as unknown as { openShownNotification: (i: number) => void }).openShownNotification(0),
  );
  await expect(page).toHaveURL(/\/app\/daily-ritual\/66$/);
  await expect(page.getByText('Day 66 of 241')).toBeVisible();
});

test('no second reminder on a day one was already shown; the next day brings its own', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await recordNotifications(page);
  await setTestDate(context, '2026-03-07T08:29:30Z');
  await signUpViaApi(page);
  await page.goto('/app/settings');
  await page.evaluate(
    (key) =>
      localStorage.setItem(
        key,
        JSON.stringify({ enabled: true, time: '08:30', lastShown: '2026-03-07' }),
      ),
    SETTINGS_KEY,
  );
  await page.reload();
  await expect(reminderSwitch(page)).toBeChecked();
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(60_000);

  // A day on, the check that runs every minute shows 8 March's reminder (day 67), and it is the
  // only one: none came for 7 March, whose reminder had been shown already.
  await page.clock.runFor(24 * 60 * 60 * 1000);
  await expect
    .poll(async () => (await shownNotifications(page)).map(({ body }) => body))
    .toEqual(["Time for today's reflection - Day 67 of the Gathas awaits you."]);
  expect(await storedSettings(page)).toMatchObject({ lastShown: '2026-03-08' });
});

test("radios and checkboxes are drawn in the app's colours, dark mode included", async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUpViaApi(page);
  await page.goto('/app/settings');
  const radio = page
    .getByRole('region', { name: 'Who can find me' })
    .getByRole('radio', { name: 'Everyone' });
  await expect(radio).toBeChecked();
  const look = (control: typeof radio) =>
    control.evaluate((input) => {
      const style = getComputedStyle(input);
      const probe = document.createElement('span');
      probe.style.color = 'var(--color-primary)';
      document.body.append(probe);
      const primary = getComputedStyle(probe).color;
      probe.style.color = 'var(--color-card)';
      const card = getComputedStyle(probe).color;
      probe.remove();
      return {
        appearance: style.appearance,
        marginBottom: style.marginBottom,
        background: style.backgroundColor,
        primary,
        card,
      };
    });
  // Not the engine's own control (a white circle in WebKit's dark mode), and no margin under it.
  const chosen = await look(radio);
  expect(chosen).toMatchObject({ appearance: 'none', marginBottom: '0px' });
  expect(chosen.background).toBe(chosen.primary);
  const other = await look(page.getByRole('radio', { name: 'Nobody' }));
  expect(other.background).toBe(other.card);
  expect(other.background).not.toBe('rgb(255, 255, 255)');
  await saveScreenshot(page, { path: 'test-results/screens/settings-radios-dark.png' });

  // The "Friends see" checkboxes on the reflection take the same amber, not the browser's blue.
  await page.goto('/app/daily-ritual');
  await openExplanation(page);
  await page.getByRole('button', { name: 'Reflect', exact: true }).click();
  await page.getByRole('switch').click();
  const part = page.getByRole('checkbox', { name: 'Good Thoughts' });
  await expect(part).toBeChecked();
  const ticked = await look(part);
  expect(ticked).toMatchObject({ appearance: 'none', background: ticked.primary });
});
