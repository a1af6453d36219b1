import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { SignInGuess } from '../api/sign-in-guess.js';
import { AppRoot } from '../app/app-root.js';
import { createQueryClient } from '../app/query-client.js';
import { PRERENDERED_FOR } from './prerendered-page.js';

/** The pages rendered at build time: the address each is rendered at, and for whom. */
export const PRERENDERED_PAGES = [
  { file: 'landing.html', path: '/landing', signIn: 'signed-out' },
  // The shell checking who is signed in: header, tab bar and a placeholder, nothing personal.
  { file: 'app-shell.html', path: '/app/daily-ritual', signIn: 'signed-in' },
] as const satisfies ReadonlyArray<{ file: string; path: string; signIn: SignInGuess }>;

async function renderToHtml(path: string, signIn: SignInGuess): Promise<string> {
  const { prelude } = await prerender(
    <AppRoot
      queryClient={createQueryClient()}
      guessSignIn={() => signIn}
      router={(routes) => <StaticRouter location={path}>{routes}</StaticRouter>}
    />,
  );
  return new Response(prelude).text();
}

/** The built index.html with the page's markup inside #root, marked with the state it shows. */
export async function renderPage(
  template: string,
  page: (typeof PRERENDERED_PAGES)[number],
  extraHead = '',
): Promise<string> {
  const emptyRoot = '<div id="root"></div>';
  if (!template.includes(emptyRoot)) throw new Error('index.html has no empty <div id="root">');
  const html = await renderToHtml(page.path, page.signIn);
  return template
    .replace('</head>', `${extraHead}</head>`)
    .replace(emptyRoot, `<div id="root" ${PRERENDERED_FOR}="${page.signIn}">${html}</div>`);
}
