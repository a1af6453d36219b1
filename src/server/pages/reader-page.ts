import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TIME_ZONE_COOKIE } from '#shared/constants';
import { type ReaderPageData, readerPageDataSchema } from '#shared/reader-page-data';
import { acceptsEncoding } from '../http/accepted-encodings.js';
import type { AppContext } from '../app-context.js';
import { resumeCallerSession } from '../auth/session-resume.js';
import { toUser } from '../auth/users.js';
import { HttpError } from '../http/http-errors.js';
import { knownZoneOr, readingPaceOf } from '../readings/reading-day.js';
import { gathaInfoFor } from '../readings/readings.js';
import { todayAnswer } from '../readings/today-answers.js';
import { PAGE_RENDER_DIR, PAGE_RENDER_ENTRY, READER_PAGE_TEMPLATE } from '#shared/web-build';

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
export function compressedFor(request: FastifyRequest, html: string) {
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

/**
 * Sends today's daily screen rendered for the signed-in reader, from what the API would answer
 * the page (the same functions, called directly). Returns false, having sent nothing, when there
 * is no signed-in reader or no reading for today: the caller then sends the static shell, which
 * asks for itself. A page that fails to render is logged and falls back the same way.
 */
export async function sendReaderDailyPage(
  ctx: AppContext,
  render: RenderReaderPage,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const requestedZone = request.cookies[TIME_ZONE_COOKIE];
  const reader = await resumeCallerSession(ctx, request, reply, requestedZone);
  // A suspended account has no daily page; the shell shows it what it may still do.
  if (!reader || reader.suspended_at !== null) return false;
  let today: ReaderPageData['today'];
  try {
    ({ today } = await todayAnswer(ctx, requestedZone, readingPaceOf(reader)));
  } catch (error) {
    // No content loaded yet: the shell shows the reader what the API says about it.
    if (error instanceof HttpError) return false;
    throw error;
  }
  // The page carries the same answers as the API, so they hold only what their schemas name.
  const data = readerPageDataSchema.parse({
    timeZone: knownZoneOr(requestedZone, ctx.config.appTimezone),
    me: toUser(reader),
    today,
    gathaInfo: await gathaInfoFor(ctx.db, today.dayNumber),
  });

  let html: string;
  try {
    html = await render(data, request.headers.cookie ?? '');
  } catch (error) {
    request.log.error({ err: error }, 'the daily page could not be rendered; the shell was sent');
    return false;
  }
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
