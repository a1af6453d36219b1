import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TIME_ZONE_COOKIE } from '#shared/constants';
import { type User, userSchema } from '#shared/auth-schemas';
import { type ReaderPageData, readerPageDataSchema } from '#shared/reader-page-data';
import {
  type ReaderPart,
  type ReaderParts,
  type SharedReaderPageData,
  cutAtReaderParts,
  withReaderParts,
} from '#shared/reader-page-parts';
import { acceptsEncoding } from '../http/accepted-encodings.js';
import type { AppContext } from '../app-context.js';
import { keptCallerSession, resumeCallerSession } from '../auth/session-resume.js';
import { toUser } from '../auth/users.js';
import type { UserRow } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import {
  type GzipStretch,
  compressedStretch,
  gzipOfStretches,
  storedStretch,
} from '../http/spliced-gzip.js';
import { knownZoneOr, readingPaceOf } from '../readings/reading-day.js';
import { gathaInfoFor } from '../readings/readings.js';
import { type TodayAnswer, keptTodayAnswer, todayAnswer } from '../readings/today-answers.js';
import { PAGE_RENDER_DIR, PAGE_RENDER_ENTRY, READER_PAGE_TEMPLATE } from '#shared/web-build';

/**
 * The web build's renderer of a reader's daily page (docs/decisions/005): the page every reader
 * of a day, zone and pace shares, with marks where each reader's own parts go, and those parts
 * for one reader (`cookies` is the request's Cookie header).
 */
export interface ReaderPageRenderer {
  shared(shared: SharedReaderPageData): Promise<string>;
  parts(me: User, day: number, cookies: string): ReaderParts;
}

interface PageRenderModule {
  renderSharedReaderPage(template: string, shared: SharedReaderPageData): Promise<string>;
  renderReaderParts(me: User, day: number, cookies: string): ReaderParts;
}

/**
 * The web build's renderer of a reader's daily page, or null when the build has none (a build
 * from before it existed, or no web build at all): the static shell is sent instead.
 */
export async function loadReaderPageRenderer(
  webDistDir: string,
): Promise<ReaderPageRenderer | null> {
  const dir = path.join(path.dirname(webDistDir), PAGE_RENDER_DIR);
  const entry = path.join(dir, PAGE_RENDER_ENTRY);
  const templateFile = path.join(dir, READER_PAGE_TEMPLATE);
  if (!fs.existsSync(entry) || !fs.existsSync(templateFile)) return null;
  const template = fs.readFileSync(templateFile, 'utf8');
  const module = (await import(pathToFileURL(entry).href)) as Partial<PageRenderModule>;
  const { renderSharedReaderPage, renderReaderParts } = module;
  if (!renderSharedReaderPage || !renderReaderParts) return null;
  return {
    shared: (shared) => renderSharedReaderPage(template, shared),
    parts: renderReaderParts,
  };
}

/**
 * The shared page, kept until the readings change: cut at the reader's parts, and each stretch
 * between them compressed once, so a reader's page is put together rather than rendered.
 */
interface SharedReaderPage {
  /** The reader's parts, in order: one between each two stretches. */
  parts: ReaderPart[];
  stretches: GzipStretch[];
}

/** The shared page's key: the answer's tag names today's reading and the reader's day in it. */
function sharedPageKey(timeZone: string, pace: string, answer: TodayAnswer): string {
  return `reader page ${timeZone} ${pace} ${answer.etag}`;
}

async function sharedReaderPage(
  ctx: AppContext,
  render: ReaderPageRenderer,
  timeZone: string,
  pace: ReaderPageData['me']['pace'],
  answer: TodayAnswer,
): Promise<SharedReaderPage> {
  return ctx.cache.fromContent(sharedPageKey(timeZone, pace, answer), async () => {
    const gathaInfo = await gathaInfoFor(ctx.db, answer.today.dayNumber);
    const shared = readerPageDataSchema
      .omit({ me: true })
      .parse({ timeZone, today: answer.today, gathaInfo });
    const { texts, parts } = cutAtReaderParts(await render.shared({ ...shared, pace }));
    return { parts, stretches: texts.map(compressedStretch) };
  });
}

/** Progress lines already compressed, by their markup: a few hundred at most. */
const progressStretches = new Map<string, GzipStretch>();
const PROGRESS_STRETCHES_KEPT = 500;

function progressStretch(markup: string): GzipStretch {
  let stretch = progressStretches.get(markup);
  if (!stretch) {
    if (progressStretches.size >= PROGRESS_STRETCHES_KEPT) progressStretches.clear();
    stretch = compressedStretch(markup);
    progressStretches.set(markup, stretch);
  }
  return stretch;
}

type AccountPart = Exclude<ReaderPart, 'progress'>;

/**
 * A reader's account as their page carries it: its details, checked against their schema, and,
 * once a gzip page has been made, their initials and details as stored stretches of it (a few
 * bytes, each reader's own, so stored rather than compressed).
 */
interface PageAccount {
  me: User;
  stretches?: Record<AccountPart, GzipStretch>;
}

/**
 * Each account as its page carries it, by the account's row: the session cache keeps one row per
 * account, never changed in place, until the account changes, so it is made once rather than
 * for every page.
 */
const pageAccounts = new WeakMap<UserRow, PageAccount>();

function pageAccountOf(reader: UserRow): PageAccount {
  let account = pageAccounts.get(reader);
  if (!account) {
    // The page carries the same answers as the API, so they hold only what their schemas name.
    account = { me: userSchema.parse(toUser(reader)) };
    pageAccounts.set(reader, account);
  }
  return account;
}

/**
 * The reader's page as the browser takes it: gzip put together from the kept stretches and the
 * reader's parts (as small as brotli's for this page, and without compressing it again), else
 * brotli or plain text.
 */
function readerPageBody(
  request: FastifyRequest,
  page: SharedReaderPage,
  account: PageAccount,
  parts: ReaderParts,
) {
  if (acceptsEncoding(request.headers['accept-encoding'], 'gzip')) {
    const own = (account.stretches ??= {
      initials: storedStretch(parts.initials, true),
      me: storedStretch(parts.me, true),
    });
    const pieces: GzipStretch[] = [];
    page.stretches.forEach((stretch, index) => {
      const part = page.parts[index - 1];
      if (part) pieces.push(part === 'progress' ? progressStretch(parts.progress) : own[part]);
      pieces.push(stretch);
    });
    return { body: gzipOfStretches(pieces), encoding: 'gzip' as const };
  }
  const texts = page.stretches.map((stretch) => stretch.text.toString());
  return compressedFor(request, withReaderParts({ texts, parts: page.parts }, parts));
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
  render: ReaderPageRenderer,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  const requestedZone = request.cookies[TIME_ZONE_COOKIE];
  // What is kept is taken at once: most mornings' pages wait on nothing.
  const reader =
    keptCallerSession(ctx, request, reply) ??
    (await resumeCallerSession(ctx, request, reply, requestedZone));
  // A suspended account has no daily page; the shell shows it what it may still do.
  if (!reader || reader.suspended_at !== null) return false;
  const pace = readingPaceOf(reader);
  let answer: TodayAnswer;
  try {
    answer =
      keptTodayAnswer(ctx, requestedZone, pace) ?? (await todayAnswer(ctx, requestedZone, pace));
  } catch (error) {
    // No content loaded yet: the shell shows the reader what the API says about it.
    if (error instanceof HttpError) return false;
    throw error;
  }
  const timeZone = knownZoneOr(requestedZone, ctx.config.appTimezone);
  const account = pageAccountOf(reader);
  const { me } = account;

  let body: ReturnType<typeof readerPageBody>;
  try {
    const page =
      ctx.cache.keptContent<SharedReaderPage>(sharedPageKey(timeZone, me.pace, answer)) ??
      (await sharedReaderPage(ctx, render, timeZone, me.pace, answer));
    const parts = render.parts(me, answer.today.dayNumber, request.headers.cookie ?? '');
    body = readerPageBody(request, page, account, parts);
  } catch (error) {
    request.log.error({ err: error }, 'the daily page could not be rendered; the shell was sent');
    return false;
  }
  if (body.encoding) reply.header('content-encoding', body.encoding);
  // The page carries the reader's account details, as /api/auth/me does: like every API
  // answer it is theirs alone and never kept, so nothing of it outlives a sign-out on the device.
  reply
    .header('cache-control', 'private, no-store')
    .header('vary', 'accept-encoding, cookie')
    .type('text/html; charset=utf-8')
    .send(body.body);
  return true;
}
