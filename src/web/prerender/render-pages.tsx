import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { SignInGuess } from '../api/sign-in-guess.js';
import { AppRoot } from '../app/app-root.js';
import { paths } from '../app/paths.js';
import { createQueryClient } from '../app/query-client.js';
import type { ReaderPageData } from '#shared/reader-page-data';
import { pageDataJson, seedReaderPage } from '../app/reader-page.js';
import { PRERENDERED_FOR, READER_PAGE_DATA_ID } from './prerendered-page.js';

/** The pages rendered at build time: the address each is rendered at, and for whom. */
export const PRERENDERED_PAGES = [
  { file: 'landing.html', path: '/landing', signIn: 'signed-out' },
  // The shell checking who is signed in: header, tab bar and a placeholder, nothing personal.
  { file: 'app-shell.html', path: '/app/daily-ritual', signIn: 'signed-in' },
] as const satisfies ReadonlyArray<{ file: string; path: string; signIn: SignInGuess }>;

const emptyRoot = '<div id="root"></div>';
/** How React marks a Suspense boundary it left for the browser to render. */
const clientRenderedBoundary = '<!--$!-->';

async function renderToHtml(app: ReactNode): Promise<string> {
  const { prelude } = await prerender(app);
  return new Response(prelude).text();
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

/**
 * Today's daily screen for the signed-in reader, as the browser will render it from the same
 * answers: the stanza is on screen before any script has run, and the app hydrates it as it is.
 * `requestCookies` is the request's Cookie header (the reading progress lives in a cookie).
 */
export async function renderReaderPage(
  template: string,
  data: ReaderPageData,
  requestCookies: string,
): Promise<string> {
  const queryClient: QueryClient = createQueryClient();
  seedReaderPage(queryClient, data);
  const page = (
    <AppRoot
      queryClient={queryClient}
      guessSignIn={() => 'signed-in'}
      renderedPage={{ readerPage: true, requestCookies }}
      router={(routes) => (
        <StaticRouter location={paths.dailyRitual.getHref()}>{routes}</StaticRouter>
      )}
    />
  );
  // Once the page's lazily loaded parts are here (after the first page), it renders in one
  // synchronous pass: quicker, and its garbage dies young. A part still loading leaves its
  // boundary to the browser (<!--$!-->): the page waits for its parts, then renders in one pass
  // again. The waiting render's own markup is not sent: it reveals late parts with inline
  // scripts, which the page's policy refuses, so they would stay hidden until the app started.
  let html = renderToString(page);
  if (html.includes(clientRenderedBoundary)) {
    await renderToHtml(page);
    html = renderToString(page);
  }
  queryClient.clear();
  if (readerTemplate?.template !== template) {
    readerTemplate = { template, parts: splitAtRoot(template) };
  }
  const [before, after] = readerTemplate.parts;
  return (
    before +
    `<div id="root" ${PRERENDERED_FOR}="reader">${html}</div>` +
    `<script type="application/json" id="${READER_PAGE_DATA_ID}">${pageDataJson(data)}</script>` +
    after
  );
}
