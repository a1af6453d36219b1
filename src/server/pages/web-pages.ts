import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '#shared/constants';
import { sessionToken, setSignedInHintCookie } from '../auth/sessions.js';
import type { AppContext } from '../app-context.js';
import { loadReaderPageRenderer, sendReaderDailyPage } from './reader-page.js';

/** The landing screen, rendered at build time so it shows before any script has run. */
export const LANDING_PAGE = 'landing.html';
/** The signed-in frame (header, tab bar, a neutral placeholder) for every /app/* address. */
export const APP_SHELL_PAGE = 'app-shell.html';
const INDEX_PAGE = 'index.html';

/** Copies the build made beside each text file; they are sent as they are, never served alone. */
const compressedCopy = /\.(br|gz)$/;

/** Which built page answers a navigation to this path. */
export function pageForPath(pathname: string, available: ReadonlySet<string>): string {
  const page =
    pathname === '/landing' || pathname === '/landing/'
      ? LANDING_PAGE
      : pathname === '/app' || pathname.startsWith('/app/')
        ? APP_SHELL_PAGE
        : INDEX_PAGE;
  return available.has(page) ? page : INDEX_PAGE;
}

/**
 * A session cookie without the page's hint comes from before the hint existed: the page is
 * told to ask who is signed in, as it always did. A '0' hint (a session found over) is kept.
 */
function hintSignedInBrowser(request: FastifyRequest, reply: FastifyReply, secure: boolean) {
  if (request.cookies[SIGNED_IN_HINT_COOKIE] === undefined && sessionToken(request)) {
    setSignedInHintCookie(reply, secure);
  }
}

/** Where the build puts its files named by their content (vite.config.ts). */
const ASSETS_PREFIX = '/assets/';

/** Where the daily screen is rendered for the signed-in reader (the installed app's start). */
const READER_PAGE_PATH = '/app/daily-ritual';

/**
 * The built web app: its files, compressed at build time, and its pages for every app route;
 * today's daily screen is rendered for each signed-in reader when the build can.
 */
export async function serveWebApp(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config } = ctx;
  const root = config.webDistDir;
  const hasWeb = config.serveWeb && fs.existsSync(path.join(root, INDEX_PAGE));
  const pages = new Set(
    [INDEX_PAGE, LANDING_PAGE, APP_SHELL_PAGE].filter((page) =>
      fs.existsSync(path.join(root, page)),
    ),
  );
  const secure = config.https;
  const renderReaderPage = hasWeb ? await loadReaderPageRenderer(root) : null;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The brotli or gzip copy the browser accepts, made by the build (vite.config.ts).
      preCompressed: true,
      allowedPath: (pathname) => !compressedCopy.test(pathname),
      setHeaders(res, filePath) {
        // Hashed assets never change; everything else is checked on each visit.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        // The same address answers compressed or not, so shared caches must keep both apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  // The installed app's start has a route of its own: found at once, where an address no route
  // names is looked up again among the not-found handlers.
  if (hasWeb && renderReaderPage) {
    app.get(READER_PAGE_PATH, async (request, reply) => {
      hintSignedInBrowser(request, reply, secure);
      if (await sendReaderDailyPage(ctx, renderReaderPage, request, reply)) return reply;
      return reply
        .header('cache-control', 'no-cache')
        .sendFile(pageForPath(READER_PAGE_PATH, pages));
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A build's file that is not here (one a page of an earlier build names, say) is missing, not
    // a page: a page in its place is refused by the browser as a script or style anyway.
    if (request.url.startsWith(ASSETS_PREFIX)) {
      return reply
        .code(404)
        .header('cache-control', 'no-cache')
        .type('text/plain')
        .send('Not found');
    }
    if (hasWeb && wantsPage && !request.url.startsWith('/api/') && request.url !== '/api') {
      hintSignedInBrowser(request, reply, secure);
      const pathname = request.url.split('?')[0] ?? '/';
      return reply.header('cache-control', 'no-cache').sendFile(pageForPath(pathname, pages));
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
