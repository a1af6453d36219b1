import { type BrowserContext, type Page, expect } from '@playwright/test';
import { apiCall, openExplanation } from './support.js';

// What the offline end-to-end tests share: the reflection form, the device's outbox and the
// server's copy of a day's entry.

export interface JournalEntry {
  id: number;
  dayNumber: number;
  entryText: string;
  isPublic: boolean;
  updatedAt: string;
}

export interface Parts {
  thoughts: string;
  words: string;
  deeds: string;
}

/** The line under a reflection saved on the device and not yet on the server. */
export const PENDING = 'Saved on this device — will sync';

export const reflection = (page: Page) => page.getByRole('region', { name: 'Daily Reflection' });

/**
 * Opens today's reading and waits for the explanation's and the reflection form's code (each
 * chunk with every module it imports), which the screen fetches once the stanza is up: without
 * a service worker, nothing else could bring them offline. It also waits for the reader's
 * journal, which the app reads once as it starts: what is saved elsewhere after this is unknown
 * to the device.
 */
export async function openDailyScreen(page: Page) {
  const codeOf = (chunk: string) =>
    page.waitForResponse((response) => new URL(response.url()).pathname.includes(chunk));
  const panelsCode = [codeOf('/understanding-panel'), codeOf('/reflection-panel')];
  const journalLearned = page.waitForResponse(
    (response) =>
      response.request().method() === 'GET' && new URL(response.url()).pathname === '/api/journal',
  );
  await page.goto('/app/daily-ritual');
  await journalLearned;
  for (const chunk of await Promise.all(panelsCode)) {
    // The page's own import of the chunk settles once all its imports are here too.
    await page.evaluate((url) => import(url).then(() => undefined), chunk.url());
  }
  await expect(page.getByRole('button', { name: 'Read Explanation' })).toBeVisible();
}

/** Opens today's reflection from the stanza, as a reader does. */
export async function openReflection(page: Page, { navigate = true } = {}) {
  if (navigate) await page.goto('/app/daily-ritual');
  await openExplanation(page);
  await page.getByRole('button', { name: 'Reflect' }).click();
  await expect(page.getByRole('heading', { name: 'Daily Reflection', level: 2 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toBeEnabled();
}

/** The three parts the form shows, and its visibility switch. */
export async function expectForm(page: Page, parts: Parts, shared: boolean) {
  // The form fills from the device's store or a sync's answer, which a busy machine delays.
  const timeout = 15_000;
  await expect(page.getByRole('textbox', { name: 'Good Thoughts' })).toHaveValue(parts.thoughts, {
    timeout,
  });
  await expect(page.getByRole('textbox', { name: 'Good Words' })).toHaveValue(parts.words, {
    timeout,
  });
  await expect(page.getByRole('textbox', { name: 'Good Deeds' })).toHaveValue(parts.deeds, {
    timeout,
  });
  await expect(page.getByRole('switch')).toHaveAccessibleName(
    shared ? 'Share with friends' : 'Keep private',
  );
}

export const entryText = (parts: Parts) => JSON.stringify(parts);

/** Writes the day's entry straight to the server, as another device of the reader would. */
export async function saveElsewhere(
  page: Page,
  dayNumber: number,
  parts: Parts,
  isPublic: boolean,
) {
  const { status, body } = await apiCall<JournalEntry>(page, 'POST', '/api/journal', {
    dayNumber,
    entryText: entryText(parts),
    isPublic,
  });
  expect([200, 201]).toContain(status);
  return body;
}

/** The server's entry for a day (the API answers whether or not the browser is offline). */
export async function serverEntry(page: Page, day: number): Promise<JournalEntry | null> {
  const { status, body } = await apiCall<JournalEntry>(page, 'GET', `/api/journal/day/${day}`);
  return status === 200 ? body : null;
}

export const partsOf = (entry: Pick<JournalEntry, 'entryText'> | null | undefined): Parts =>
  JSON.parse(entry?.entryText ?? '{}') as Parts;

interface WaitingSave {
  dayNumber: number;
  entryText: string;
  isPublic: boolean;
}

/** The saves waiting in the page's IndexedDB outbox. */
export async function savesWaiting(page: Page): Promise<WaitingSave[]> {
  return page.evaluate(
    () =>
      new Promise<WaitingSave[]>((resolve, reject) => {
        const open = indexedDB.open('threefold-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('pending-saves')) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction('pending-saves').objectStore('pending-saves').getAll();
          all.onsuccess = () => {
            db.close();
            resolve(all.result as WaitingSave[]);
          };
          all.onerror = () => reject(all.error);
        };
      }),
  );
}

export const countWaiting = async (page: Page) => (await savesWaiting(page)).length;

/** Resolves once a sync already started in the page is over: a sync holds the outbox's lock. */
export const syncOver = (page: Page) =>
  page.evaluate(() => navigator.locks.request('threefold-offline-outbox', async () => undefined));

/** Takes the browser offline and back, and waits for the sync the returning connection starts. */
export async function reconnect(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  const returned = await page.evaluateHandle(() => ({
    online: new Promise<void>((resolve) =>
      addEventListener('online', () => resolve(), { once: true }),
    ),
  }));
  await context.setOffline(false);
  await returned.evaluate(({ online }) => online);
  await syncOver(page);
}

/** Every POST /api/journal the page makes, by its body. */
export function journalPosts(page: Page): string[] {
  const bodies: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/journal')
      bodies.push(request.postData() ?? '');
  });
  return bodies;
}

/** How many of the reader's entries the device keeps for reading offline. */
export async function entriesKnownOnDevice(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('threefold-offline');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('known-entries')) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction('known-entries').objectStore('known-entries').count();
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
          count.onerror = () => reject(count.error);
        };
      }),
  );
}
