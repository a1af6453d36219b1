import { type Page, expect } from '@playwright/test';
import {
  apiCall,
  expectNoAxeViolations,
  expectToast,
  newUserDetails,
  saveScreenshot,
  signUpViaApi,
} from './support.js';
import { type NewDevice, setTestDate, test } from './fixtures.js';

const shot = (page: Page, name: string) =>
  saveScreenshot(page, { path: `test-results/screens/${name}.png`, fullPage: true });

/** Someone who already has an account, made in a browser context of their own. */
async function existingUser(newDevice: NewDevice) {
  const context = await newDevice();
  const user = await signUpViaApi(await context.newPage());
  await context.close();
  return user;
}

async function openSheet(page: Page, button: 'Begin Your Journey' | 'I already have an account') {
  await page.goto('/landing');
  await page.getByRole('button', { name: button }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

const signInPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Sign In' });
const createPanel = (page: Page) => page.getByRole('tabpanel', { name: 'Create Account' });

/** The sheet is gone and nothing it locked (scrolling, pointer events) is left behind. */
async function expectCleanlyOnDailyRitual(page: Page) {
  await expect(page).toHaveURL(/\/app\/daily-ritual$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveCSS('pointer-events', 'none');
}

test('the landing screen introduces the app and is accessible with the sheet closed', async ({
  page,
}) => {
  await page.goto('/landing');
  await expect(page.getByRole('heading', { level: 1, name: 'The Threefold Path' })).toBeVisible();
  await expect(page.getByText('A Thought A Day', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Daily wisdom in thoughts, words, and deeds', { exact: true }),
  ).toBeVisible();
  const footer = page.getByRole('contentinfo');
  for (const value of ['Good Thoughts', 'Good Words', 'Good Deeds']) {
    await expect(footer.getByText(value, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Begin Your Journey' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'I already have an account' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'landing');
  await expectNoAxeViolations(page);
});

test('Begin Your Journey opens the sheet on Create Account, the other button on Sign In', async ({
  page,
}) => {
  await openSheet(page, 'Begin Your Journey');
  await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const create = createPanel(page);
  for (const label of ['Full name', 'Username', 'Email', 'Password', 'Confirm password']) {
    await expect(create.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(create.getByLabel('WhatsApp number')).toHaveCount(0);
  await create.getByRole('button', { name: /Add contact info & location/ }).click();
  await expect(create.getByLabel('WhatsApp number')).toBeVisible();
  await expect(create.getByLabel('Postal code')).toBeVisible();
  await shot(page, 'landing-sheet-create-account');
  await expectNoAxeViolations(page);

  await page.getByRole('tab', { name: 'Sign In' }).click();
  await expect(signInPanel(page).getByLabel('Username or email')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.getByRole('button', { name: 'I already have an account' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  const signIn = signInPanel(page);
  await expect(signIn.getByLabel('Username or email')).toBeVisible();
  await expect(signIn.getByLabel('Password', { exact: true })).toBeVisible();
  await expect(signIn.getByRole('link', { name: 'Forgot password?' })).toBeVisible();
  await shot(page, 'landing-sheet-sign-in');
  await expectNoAxeViolations(page);
});

test('creating an account through the sheet signs the person in and opens the daily ritual', async ({
  page,
}) => {
  const details = newUserDetails({ fullName: 'Mina Ardalan' });
  await openSheet(page, 'Begin Your Journey');
  const create = createPanel(page);
  await create.getByLabel('Full name').fill(details.fullName);
  await create.getByLabel('Username').fill(details.username);
  await create.getByLabel('Email').fill(details.email);
  await create.getByLabel('Password', { exact: true }).fill(details.password);
  await create.getByLabel('Confirm password').fill(details.password);
  await create.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Welcome to The Threefold Path!', 'Your journey begins now...');
  await expectCleanlyOnDailyRitual(page);
  const me = await apiCall<{ user: { fullName: string; whatsapp: null; postalCode: null } }>(
    page,
    'GET',
    '/api/auth/me',
  );
  expect(me.body.user).toMatchObject({
    fullName: 'Mina Ardalan',
    whatsapp: null,
    postalCode: null,
  });
});

test('the optional contact section saves a WhatsApp number and a postal code', async ({ page }) => {
  const details = newUserDetails();
  await openSheet(page, 'Begin Your Journey');
  const create = createPanel(page);
  await create.getByLabel('Full name').fill(details.fullName);
  await create.getByLabel('Username').fill(details.username);
  await create.getByLabel('Email').fill(details.email);
  await create.getByLabel('Password', { exact: true }).fill(details.password);
  await create.getByLabel('Confirm password').fill(details.password);
  await create.getByRole('button', { name: /Add contact info & location/ }).click();
  await create.getByLabel('WhatsApp number').fill('+44 7700 900123');
  await create.getByLabel('Postal code').fill('SW1A 1AA');
  await create.getByRole('button', { name: 'Create Account' }).click();

  await expectToast(page, 'Welcome to The Threefold Path!', 'Your journey begins now...');
  await expectCleanlyOnDailyRitual(page);
  const me = await apiCall<{ user: { whatsapp: string; postalCode: string } }>(
    page,
    'GET',
    '/api/auth/me',
  );
  expect(me.body.user).toMatchObject({ whatsapp: '+44 7700 900123', postalCode: 'SW1A 1AA' });
});

test('the sign-up form shows each validation message beside its field', async ({ page }) => {
  await openSheet(page, 'Begin Your Journey');
  const create = createPanel(page);
  await create.getByRole('button', { name: 'Create Account' }).click();

  const expectFieldError = async (label: string, message: string) => {
    const input = create.getByLabel(label, { exact: true });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(message);
    await expect(create.getByText(message, { exact: true })).toBeVisible();
  };
  await expectFieldError('Full name', 'Full name is required');
  await expectFieldError('Username', 'Username must be at least 3 characters');
  await expectFieldError('Email', 'Invalid email address');
  await expectFieldError('Password', 'Password must be at least 8 characters');
  await shot(page, 'landing-sign-up-errors');
  await expectNoAxeViolations(page);

  await create.getByLabel('Full name').fill('Kaveh Rostami');
  await create.getByLabel('Username').fill('ka');
  await create.getByLabel('Email').fill('kaveh@example');
  await create.getByLabel('Password', { exact: true }).fill('short');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(create.getByText('Full name is required')).toHaveCount(0);
  await expectFieldError('Username', 'Username must be at least 3 characters');
  await expectFieldError('Email', 'Invalid email address');
  await expectFieldError('Password', 'Password must be at least 8 characters');

  const details = newUserDetails();
  await create.getByLabel('Username').fill(details.username);
  await create.getByLabel('Email').fill(details.email);
  await create.getByLabel('Password', { exact: true }).fill(details.password);
  await create.getByLabel('Confirm password').fill('a different password');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expectFieldError('Confirm password', "Passwords don't match");
  await expect(page).toHaveURL(/\/landing$/);
});

/** No toast is on screen: what went wrong is said in the form. */
const expectNoToast = (page: Page) => expect(page.locator('li[data-state="open"]')).toHaveCount(0);

test('a taken username or email is shown beside its field, which takes the focus', async ({
  page,
  newDevice,
}) => {
  const taken = await existingUser(newDevice);
  const details = newUserDetails();
  await openSheet(page, 'Begin Your Journey');
  const create = createPanel(page);
  const username = create.getByLabel('Username');
  const email = create.getByLabel('Email');
  await create.getByLabel('Full name').fill(details.fullName);
  await username.fill(taken.username.toUpperCase());
  await email.fill(details.email);
  await create.getByLabel('Password', { exact: true }).fill(details.password);
  await create.getByLabel('Confirm password').fill(details.password);
  await create.getByRole('button', { name: 'Create Account' }).click();

  await expect(username).toHaveAccessibleDescription('Username already taken');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toBeFocused();
  await expect(create.getByRole('alert')).toHaveText(['Username already taken']);
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expectNoToast(page);
  await expect(page).toHaveURL(/\/landing$/);
  await expect(create.getByRole('button', { name: 'Create Account' })).toBeEnabled();
  await shot(page, 'landing-sign-up-taken');
  await expectNoAxeViolations(page);

  await username.fill(details.username);
  await email.fill(taken.email);
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(email).toHaveAccessibleDescription('Email already registered');
  await expect(email).toBeFocused();
  await expect(username).not.toHaveAttribute('aria-invalid', 'true');
  await expect(create.getByRole('alert')).toHaveText(['Email already registered']);
  await expectNoToast(page);

  // A failure that belongs to no field is said in the form, by the button.
  await email.fill(details.email);
  await page.route('**/api/auth/signup', (route) => route.abort('internetdisconnected'));
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expect(create.getByRole('alert')).toHaveText([
    'Could not reach the server. Check your connection and try again.',
  ]);
  await expectNoToast(page);
  await page.unroute('**/api/auth/signup');
  await create.getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Welcome to The Threefold Path!', 'Your journey begins now...');
  await expectCleanlyOnDailyRitual(page);
});

test('signing in works with the username and with the email', async ({
  page,
  context,
  newDevice,
  now,
}) => {
  const user = await existingUser(newDevice);

  await openSheet(page, 'I already have an account');
  await signInPanel(page).getByLabel('Username or email').fill(user.username);
  await signInPanel(page).getByLabel('Password', { exact: true }).fill(user.password);
  await signInPanel(page).getByRole('button', { name: 'Sign In', exact: true }).click();
  await expectToast(page, 'Welcome back');
  await expectCleanlyOnDailyRitual(page);

  // Signed out by forgetting every cookie, the test's date among them, which is set again; away
  // from the app first, so no screen of it meets a refused call and says this device was
  // signed out (it was the person's own doing).
  await page.goto('about:blank');
  await context.clearCookies();
  await setTestDate(context, now);
  await openSheet(page, 'I already have an account');
  await signInPanel(page).getByLabel('Username or email').fill(user.email.toUpperCase());
  await signInPanel(page).getByLabel('Password', { exact: true }).fill(user.password);
  await signInPanel(page).getByLabel('Password', { exact: true }).press('Enter');
  await expectToast(page, 'Welcome back');
  await expectCleanlyOnDailyRitual(page);
  const me = await apiCall<{ user: { username: string } }>(page, 'GET', '/api/auth/me');
  expect(me.body.user.username).toBe(user.username);
});

test('sign-in asks for both fields and reports a wrong password', async ({ page, newDevice }) => {
  const user = await existingUser(newDevice);
  await openSheet(page, 'I already have an account');
  const signIn = signInPanel(page);
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(signIn.getByLabel('Username or email')).toHaveAccessibleDescription(
    'Username is required',
  );
  await expect(signIn.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(
    'Password is required',
  );
  await shot(page, 'landing-sign-in-errors');

  const username = signIn.getByLabel('Username or email');
  const password = signIn.getByLabel('Password', { exact: true });
  await username.fill(user.username);
  await password.fill('not the right password');
  await signIn.getByRole('button', { name: 'Sign In', exact: true }).click();

  // Said in the form, tied to both inputs, with the focus back on the first.
  await expect(signIn.getByRole('alert')).toHaveText(['Invalid username or password']);
  for (const input of [username, password]) {
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Invalid username or password');
  }
  await expect(username).toBeFocused();
  await expectNoToast(page);
  await expect(page).toHaveURL(/\/landing$/);
  await expect(signIn.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await shot(page, 'landing-sign-in-failed');
  await expectNoAxeViolations(page);

  // Emptied meanwhile, the password names both what it lacks and what the form said.
  await password.fill('');
  await expect(password).toHaveAccessibleDescription(
    'Password is required Invalid username or password',
  );
  await password.fill(user.password);
  await expect(password).toHaveAccessibleDescription('Invalid username or password');
  await password.press('Enter');
  await expectToast(page, 'Welcome back');
  await expectCleanlyOnDailyRitual(page);
});

test('Forgot password? leads to the password reset screen', async ({ page }) => {
  await openSheet(page, 'I already have an account');
  await signInPanel(page).getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Enter on "I already have an account" puts the focus in the username field', async ({
  page,
}) => {
  await page.goto('/');
  const button = page.getByRole('button', { name: 'I already have an account' });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await expect(signInPanel(page).getByLabel('Username or email')).toBeFocused();
  await page.keyboard.press('Escape');
  // Begin Your Journey puts it in the first field of the new account's form.
  await page.getByRole('button', { name: 'Begin Your Journey' }).click();
  await expect(createPanel(page).getByLabel('Full name', { exact: true })).toBeFocused();
});
