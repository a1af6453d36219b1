import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import type { SignInGuess } from '../api/sign-in-guess.js';
import { AppRoot } from '../app/app-root.js';
import { paths } from '../app/paths.js';
import { createQueryClient } from '../app/query-client.js';
import { initials } from '../lib/people.js';
import { isDayComplete, progressSummary } from '#shared/progress';
import type { ReaderPageData } from '#shared/reader-page-data';
import {
  type ReaderParts,
  type SharedReaderPageData,
  readerPartMark,
} from '#shared/reader-page-parts';
import {
  type RenderedPage,
  RenderedPageContext,
  pageDataJson,
  seedReaderPage,
} from '../app/reader-page.js';
import { ProgressStoreContext } from '../hooks/use-progress.js';
import { progressStoreFor } from '../progress/progress-store.js';
import { ReadingProgress } from '../screens/daily-ritual/reading-progress.js';
import { PRERENDERED_FOR, READER_PAGE_DATA_ID } from './prerendered-page.js';

/** The pages rendered at build time: the address each is rendered at, and for whom. */
export const PRERENDERED_PAGES = [
  { file: 'landing.html', path: '/landing', signIn: 'signed-out' },
  // The shell checking who is signed in: header, tab bar and a placeholder, nothing personal.
  { file: 'app-shell.html', path: '/app/daily-ritual', signIn: 'signed-in' },
] as const satisfies ReadonlyArray<{ file: string; path: string; signIn: SignInGuess }>;

const emptyRoot = '<div id="root"></div>';

/**
 * The markup of `app` once every part it loads lazily is here (Preact's renderer waits for
 * them). The app's nodes are Preact's, typed as React's (react-on-preact.ts).
 */
async function renderToHtml(app: ReactNode): Promise<string> {
  return await renderToStringAsync(app as Parameters<typeof renderToStringAsync>[0]);
}

/** The page around its #root: what comes before and after, with the extra head inserted. */
function splitAtRoot(template: string, extraHead = ''): [string, string] {
  const at = template.indexOf(emptyRoot);
  if (at < 0) throw new Error('index.html has no empty <div id="root">');
  const before = template.slice(0, at).replace('</head>', () => `${extraHead}</head>`);
  return [before, template.slice(at + emptyRoot.length)];
}

function withRoot(template: string, root: string, extraHead = ''): string {
  const [before, after] = splitAtRoot(template, extraHead);
  return before + root + after;
}

/** The reader page's template, split once rather than copied whole for every page. */
let readerTemplate: { template: string; parts: [string, string] } | null = null;

/** The built index.html with the page's markup inside #root, marked with the state it shows. */
export async function renderPage(
  template: string,
  page: (typeof PRERENDERED_PAGES)[number],
  extraHead = '',
): Promise<string> {
  const html = await renderToHtml(
    <AppRoot
      queryClient={createQueryClient()}
      guessSignIn={() => page.signIn}
      router={(routes) => <StaticRouter location={page.path}>{routes}</StaticRouter>}
    />,
  );
  return withRoot(
    template,
    `<div id="root" ${PRERENDERED_FOR}="${page.signIn}">${html}</div>`,
    extraHead,
  );
}

/** The daily screen in the app, as the browser will render it from the same answers. */
function readerScreen(queryClient: QueryClient, renderedPage: RenderedPage): ReactNode {
  return (
    <AppRoot
      queryClient={queryClient}
      guessSignIn={() => 'signed-in'}
      renderedPage={renderedPage}
      router={(routes) => (
        <StaticRouter location={paths.dailyRitual.getHref()}>{routes}</StaticRouter>
      )}
    />
  );
}

/** The reader's page around the screen's markup and the data block's JSON. */
function readerPageAround(template: string, screen: string, dataJson: string): string {
  if (readerTemplate?.template !== template) {
    readerTemplate = { template, parts: splitAtRoot(template) };
  }
  const [before, after] = readerTemplate.parts;
  return (
    before +
    `<div id="root" ${PRERENDERED_FOR}="reader">${screen}</div>` +
    `<script type="application/json" id="${READER_PAGE_DATA_ID}">${dataJson}</script>` +
    after
  );
}

/**
 * Today's daily screen for the signed-in reader, as the browser will render it from the same
 * answers: the stanza is on screen before any script has run, and the app hydrates it as it is.
 * `requestCookies` is the request's Cookie header (the reading progress lives in a cookie).
 * Rendered whole: the server sends the shared page with the reader's parts instead (below),
 * which makes the same page.
 */
export async function renderReaderPage(
  template: string,
  data: ReaderPageData,
  requestCookies: string,
): Promise<string> {
  const queryClient: QueryClient = createQueryClient();
  seedReaderPage(queryClient, data);
  const screen = await renderToHtml(
    readerScreen(queryClient, { readerPage: true, requestCookies }),
  );
  queryClient.clear();
  const { me, ...answers } = data;
  return readerPageAround(template, screen, pageDataJson({ me, ...answers }));
}

/** Who the shared page is rendered for: no one, walking at the readers' pace. */
function nobodyAtPace(pace: ReaderPageData['me']['pace']): ReaderPageData['me'] {
  return {
    id: 0,
    username: '',
    email: '',
    fullName: '',
    postalCode: null,
    whatsapp: null,
    city: null,
    createdAt: new Date(0).toISOString(),
    discoverable: 'nobody',
    pace,
    paceStartedOn: null,
    suspended: false,
    circlePush: false,
  };
}

/**
 * The daily page every reader of a day, zone and pace is shown, with a mark where each reader's
 * own part goes (#shared/reader-page-parts): rendered once, then filled for each reader.
 */
export async function renderSharedReaderPage(
  template: string,
  shared: SharedReaderPageData,
): Promise<string> {
  const { pace, ...answers } = shared;
  const queryClient: QueryClient = createQueryClient();
  seedReaderPage(queryClient, { ...answers, me: nobodyAtPace(pace) });
  const screen = await renderToHtml(
    readerScreen(queryClient, { readerPage: true, requestCookies: '', markReaderParts: true }),
  );
  queryClient.clear();
  // The reader's account details lead the data block, so the rest of it is the same for all.
  const dataJson = `{"me":${readerPartMark('me')},${pageDataJson(answers).slice(1)}`;
  return readerPageAround(template, screen, dataJson);
}

/** Reader's progress lines, by what they show: a few hundred at most. */
const progressLines = new Map<string, string>();
const progressLinesKept = 500;
/** A query cache for the progress line, which asks for nothing but who is signed in. */
const partsQueryClient = createQueryClient();

/** The progress line under the reading of `day`, as the reader's progress cookie has it. */
function progressLine(day: number, requestCookies: string): string {
  // A line rendered on the server tells the reader nothing: it never saves.
  const store = progressStoreFor(requestCookies, () => undefined);
  const record = store.snapshot();
  const key = `${day} ${progressSummary(record).daysCompleted} ${isDayComplete(record, day)}`;
  const kept = progressLines.get(key);
  if (kept !== undefined) return kept;
  const line = renderToString(
    <RenderedPageContext.Provider value={{ readerPage: true, requestCookies }}>
      <QueryClientProvider client={partsQueryClient}>
        <ProgressStoreContext.Provider value={store}>
          <ReadingProgress day={day} />
        </ProgressStoreContext.Provider>
      </QueryClientProvider>
    </RenderedPageContext.Provider>,
  );
  if (progressLines.size >= progressLinesKept) progressLines.clear();
  progressLines.set(key, line);
  return line;
}

/** The renderer's escaping of text in markup, so a part is exactly what a whole render gives. */
function escapedText(text: string): string {
  return text.replace(/["&<]/g, (c) => `&${textEntities[c as keyof typeof textEntities]};`);
}
const textEntities = { '"': 'quot', '&': 'amp', '<': 'lt' } as const;

/**
 * Each reader's initials and account details as their page carries them, by the account's
 * details: the server hands the same object for an account until it changes, so they are
 * written once, not for every page.
 */
const accountParts = new WeakMap<ReaderPageData['me'], Pick<ReaderParts, 'initials' | 'me'>>();

/** The reader's own parts of their daily page, to fill the shared page's marks. */
export function renderReaderParts(
  me: ReaderPageData['me'],
  day: number,
  requestCookies: string,
): ReaderParts {
  let account = accountParts.get(me);
  if (!account) {
    account = { initials: escapedText(initials(me.fullName)), me: pageDataJson(me) };
    accountParts.set(me, account);
  }
  return { ...account, progress: progressLine(day, requestCookies) };
}
