import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, TIME_ZONE_COOKIE } from '#shared/constants';
import { isValidTimeZone } from '#shared/day-model';
import { acceptsEncoding } from './accepted-encodings.js';
import { PAGE_RENDER_DIR, PAGE_RENDER_ENTRY, READER_PAGE_TEMPLATE } from '#shared/web-build';

/** The answers a reader's page is rendered from, as the API gives them (src/web/app/reader-page.ts). */
export interface ReaderPageData {
  timeZone: string;
  me: unknown;
  today: { dayNumber: number } & Record<string, unknown>;
  gathaInfo: unknown;
}

/** Renders the daily screen for a reader into the built page; `cookies` is the Cookie header. */
export type RenderReaderPage = (data: ReaderPageData, cookies: string) => Promise<string>;

interface PageRenderModule {
  renderReaderPage(template: string, data: ReaderPageData, cookies: string): Promise<string>;
}

/**
 * The web build's renderer of a reader's daily page, or null when the build has none (a build
 * from before it existed, or no web build at all): the static shell is sent instead.
 */
export async function loadReaderPageRenderer(webDistDir: string): Promise<RenderReaderPage | null> {
  const dir = path.join(path.dirname(webDistDir), PAGE_RENDER_DIR);
  const entry = path.join(dir, PAGE_RENDER_ENTRY);
  const templateFile = path.join(dir, READER_PAGE_TEMPLATE);
  if (!fs.existsSync(entry) || !fs.existsSync(templateFile)) return null;
  const template = fs.readFileSync(templateFile, 'utf8');
  const module = (await import(pathToFileURL(entry).href)) as PageRenderModule;
  return (data, cookies) => module.renderReaderPage(template, data, cookies);
}

/**
 * A page made for one request is compressed quickly rather than as small as possible: in one
 * short synchronous step (under a millisecond here), with a window no larger than the page, so
 * no compressor state outlives it or piles up across requests waiting on the thread pool.
 */
function compressedFor(request: FastifyRequest, html: string) {
  const accepted = request.headers['accept-encoding'];
  if (acceptsEncoding(accepted, 'br')) {
    const body = zlib.brotliCompressSync(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_LGWIN]: 17,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
      },
    });
    return { body, encoding: 'br' as const };
  }
  if (acceptsEncoding(accepted, 'gzip')) {
    return { body: zlib.gzipSync(html, { level: 6, memLevel: 8 }), encoding: 'gzip' as const };
  }
  return { body: html, encoding: null };
}

/** The reader's zone from TIME_ZONE_COOKIE when it names a real zone, else the app's own. */
function readerTimeZone(request: FastifyRequest, fallback: string): string {
  const zone = request.cookies[TIME_ZONE_COOKIE];
  return zone && isValidTimeZone(zone) ? zone : fallback;
}

/**
 * Sends today's daily screen rendered for the signed-in reader, from the API's own answers
 * (asked in-process, as the page itself would ask them). Returns false, having sent nothing,
 * when there is no signed-in reader or any answer is missing: the caller then sends the static
 * shell, which asks for itself. A page that fails to render is logged and falls back the same way.
 */
export async function sendReaderDailyPage(
  app: FastifyInstance,
  render: RenderReaderPage,
  appTimezone: string,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (!request.cookies[SESSION_COOKIE]) return false;
  const cookies = request.headers.cookie ?? '';
  const asked = { remoteAddress: request.ip, headers: { cookie: cookies } };
  const me = await app.inject({ ...asked, method: 'GET', url: '/api/auth/me' });
  if (me.statusCode !== 200) return false;
  const timeZone = readerTimeZone(request, appTimezone);
  const today = await app.inject({
    method: 'GET',
    url: '/api/thoughts/today',
    remoteAddress: request.ip,
    headers: { 'x-timezone': timeZone },
  });
  if (today.statusCode !== 200) return false;
  const todayBody = today.json<ReaderPageData['today']>();
  const info = await app.inject({
    method: 'GET',
    url: `/api/gathas/info/${todayBody.dayNumber}`,
    remoteAddress: request.ip,
  });
  if (info.statusCode !== 200 && info.statusCode !== 404) return false;

  let html: string;
  try {
    html = await render(
      {
        timeZone,
        me: me.json<{ user: unknown }>().user,
        today: todayBody,
        gathaInfo: info.statusCode === 200 ? info.json() : null,
      },
      cookies,
    );
  } catch (error) {
    request.log.error({ err: error }, 'the daily page could not be rendered; the shell was sent');
    return false;
  }
  // A session extended by this visit keeps its longer cookie.
  const renewed = me.headers['set-cookie'];
  if (renewed) reply.header('set-cookie', renewed);
  const { body, encoding } = compressedFor(request, html);
  if (encoding) reply.header('content-encoding', encoding);
  // The page carries the reader's account details, as /api/auth/me does: like every API
  // answer it is theirs alone and never kept, so nothing of it outlives a sign-out on the device.
  reply
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8')
    .send(body);
  return true;
}
