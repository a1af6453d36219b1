import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_DAYS } from '#shared/constants';
import { currentReadingDay, dayAccess, dayOpenEverywhere } from '#shared/day-model';
import { pathDay } from '#shared/path-params';
import { publicDayHref } from '#shared/shared-day';
import { stanzaHeading } from '#shared/stanza-heading';
import type { AppContext } from '../app-context.js';
import { hitRateLimit, processRateLimitStore, tooManyRequests } from '../http/rate-limits.js';
import { readerTimeZone } from '../readings/reading-day.js';
import { friendlyFutureMessage, gathaInfoFor } from '../readings/readings.js';
import {
  dayNotFoundPageHtml,
  futureDayPageHtml,
  type PublicDay,
  publicDayPageHtml,
} from './public-day-page.js';
import { builtReadingTypeface } from './reading-typeface.js';
import { compressedFor } from './reader-page.js';
import { ShareImageFiles } from './share-image-files.js';
import type { ShareImageFormat } from './share-images.js';
import { SHARE_IMAGES_READY } from './share-images-ready.js';

/**
 * How long a request for an image not drawn yet waits for it (drawn next, before any other):
 * a drawing takes tens of milliseconds, and a link preview that gets no image keeps none.
 * Past that the answer is 503 with Retry-After.
 */
const IMAGE_WAIT_MS = 8000;
const IMAGE_RETRY_AFTER_S = 5;

/** How long a visitor's browser or a shared cache may keep a day's page or image. */
const PUBLIC_MAX_AGE_S = 3600;

/**
 * A day's page is the same for everyone only once every time zone has opened it; before that a
 * shared cache would hand it to a visitor still on the day before, so only their own browser
 * keeps it, and briefly.
 */
const OPEN_HERE_ONLY = 'private, max-age=300';

/** The day a visitor's request may read up to: the calendar rule in the visitor's zone. */
function visitorCurrentDay(ctx: AppContext, request: FastifyRequest): number {
  return currentReadingDay(ctx.clock(), readerTimeZone(request, ctx.config.appTimezone));
}

/** The day named in the address, or null when it names none (a 404). */
function dayInAddress(value: string): number | null {
  const parsed = pathDay.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** How long a day's reading is reused before it is read again (a content import may change it). */
const READING_FRESH_MS = 60_000;

/**
 * A day's reading as a visitor reads it, or null when the content has none for it. Each day's
 * is kept a minute (at most 241 of them), so a shared link opened by many, and its image, cost
 * no query each.
 */
function keptReadings(ctx: AppContext) {
  const kept = new Map<number, { reading: Promise<PublicDay | null>; at: number }>();
  return (day: number): Promise<PublicDay | null> => {
    const now = performance.now();
    const entry = kept.get(day);
    if (entry && now - entry.at < READING_FRESH_MS) return entry.reading;
    const reading = readPublicDay(ctx, day);
    kept.set(day, { reading, at: now });
    reading.catch(() => kept.delete(day));
    return reading;
  };
}

async function readPublicDay(ctx: AppContext, day: number): Promise<PublicDay | null> {
  const [row, info] = await Promise.all([
    ctx.db
      .selectFrom('thoughts')
      .select(['thought', 'explanation', 'reflection_prompt', 'reference'])
      .where('day_number', '=', day)
      .executeTakeFirst(),
    gathaInfoFor(ctx.db, day),
  ]);
  if (!row) return null;
  return {
    day,
    stanza: row.thought,
    heading: info ? stanzaHeading(day, info) : (row.reference ?? `Day ${day}`),
    explanation: row.explanation,
    prompt: row.reflection_prompt,
  };
}

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  html: string,
  cacheControl: string,
) {
  const { body, encoding } = compressedFor(request, html);
  if (encoding) reply.header('content-encoding', encoding);
  return reply
    .code(status)
    .header('cache-control', cacheControl)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8')
    .send(body);
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * The pages visitors read without an account (docs/product.md#sharing-and-visitors): each open
 * day's page with its link previews, its share images, and the robots file and sitemap that
 * let search engines find them. Rendered here, readable without any script.
 */
export function visitorPages(ctx: AppContext) {
  const publicDay = keptReadings(ctx);
  let log: FastifyInstance['log'] | undefined;
  const images = new ShareImageFiles(ctx.config.shareImagesDir, {
    // A missed image means the pack may have changed: the rest are drawn ahead again.
    onMissing: () => {
      if (images.inOwnProcess && ctx.config.shareImagesDrawAhead && log) void drawAhead(log);
    },
  });
  const visits = processRateLimitStore();
  const { appUrl, appTimezone } = ctx.config;
  // The same font files as the app, so the day reads as it does there.
  const typeface = builtReadingTypeface(ctx.config.webDistDir);
  const notFoundPage = (request: FastifyRequest, reply: FastifyReply) =>
    sendPage(request, reply, 404, dayNotFoundPageHtml(typeface), 'no-cache');

  /** Every open day's images drawn ahead, off the request path, once per change of the pack. */
  let drawingAhead: Promise<void> | undefined;
  const drawAhead = (log: FastifyInstance['log']) => {
    drawingAhead ??= (async () => {
      const readings = [];
      for (let day = 1; day <= TOTAL_DAYS; day++) {
        const reading = await publicDay(day);
        if (reading) readings.push(reading);
      }
      // Said once done, so whoever measures the server knows when its drawing stops taking a core.
      if (await images.drawAhead(readings)) log.info({ days: readings.length }, SHARE_IMAGES_READY);
    })()
      .catch((error: unknown) => log.warn({ err: error }, 'share images not drawn ahead'))
      .finally(() => (drawingAhead = undefined));
    return drawingAhead;
  };

  return async (app: FastifyInstance) => {
    // Per address: generous for a reader, a search engine and link previews (see rateLimitRules).
    app.addHook('onRequest', async (request) => {
      const url = request.url;
      if (!url.startsWith('/read/') && url !== '/read') return;
      const allowance = /\.png(\?|$)/.test(url)
        ? ctx.rules.shareImagesPerIp
        : ctx.rules.readPagesPerIp;
      const kind = allowance === ctx.rules.shareImagesPerIp ? 'image' : 'page';
      const { allowed, retryAfterSeconds } = await hitRateLimit(
        visits,
        `${kind}:${request.ip}`,
        allowance,
        ctx.clock(),
      );
      if (!allowed) throw tooManyRequests(retryAfterSeconds);
    });

    // The built server draws in a process of its own, so it draws every image ahead; from source
    // (tests), each is drawn when first asked for.
    log = app.log;
    if (images.inOwnProcess && ctx.config.shareImagesDrawAhead) {
      app.addHook('onReady', async () => {
        void drawAhead(app.log);
      });
    }
    app.addHook('onClose', async () => {
      await images.close();
      await drawingAhead;
    });

    app.get('/read/today', async (request, reply) =>
      reply
        .header('cache-control', 'no-cache')
        .redirect(publicDayHref(visitorCurrentDay(ctx, request)), 302),
    );

    app.get<{ Params: { day: string } }>('/read/:day', async (request, reply) => {
      const day = dayInAddress(request.params.day);
      if (day === null) return notFoundPage(request, reply);
      const currentDay = visitorCurrentDay(ctx, request);
      if (dayAccess(day, currentDay).kind === 'future') {
        const html = futureDayPageHtml(
          day,
          currentDay,
          friendlyFutureMessage(day, currentDay),
          typeface,
        );
        return sendPage(request, reply, 403, html, 'no-store');
      }
      const reading = await publicDay(day);
      if (!reading) return notFoundPage(request, reply);
      return sendPage(
        request,
        reply,
        200,
        publicDayPageHtml(reading, appUrl, typeface),
        dayOpenEverywhere(day, ctx.clock())
          ? `public, max-age=${PUBLIC_MAX_AGE_S}`
          : OPEN_HERE_ONLY,
      );
    });

    const shareImage = (format: ShareImageFormat) =>
      app.get<{ Params: { day: string } }>(`/read/:day/${format}.png`, async (request, reply) => {
        const day = dayInAddress(request.params.day);
        const open =
          day !== null && dayAccess(day, visitorCurrentDay(ctx, request)).kind === 'readable';
        const reading = open ? await publicDay(day) : null;
        if (!reading) return reply.code(404).send({ message: 'Day not found' });
        // The ETag names what the image shows: a match is answered without reading a file.
        const etag = images.etagOf(reading, format);
        reply.headers({
          // Like the day's page: a shared cache keeps it only once every zone has opened it.
          'cache-control':
            day !== null && dayOpenEverywhere(day, ctx.clock())
              ? `public, max-age=${PUBLIC_MAX_AGE_S}`
              : OPEN_HERE_ONLY,
          etag,
          // Made to be shown on other sites: link previews and posts embed it.
          'cross-origin-resource-policy': 'cross-origin',
        });
        if (matchesEtag(request.headers['if-none-match'], etag)) {
          return reply.code(304).send();
        }
        // From source (tests) the drawing shares this thread and may take longer: no 503 there.
        const bytes = await images.bytes(
          reading,
          format,
          images.inOwnProcess ? IMAGE_WAIT_MS : 60_000,
        );
        if (bytes) return reply.type('image/png').send(bytes);
        return reply
          .code(503)
          .headers({ 'cache-control': 'no-store', 'retry-after': String(IMAGE_RETRY_AFTER_S) })
          .removeHeader('etag')
          .send({ message: 'The image is being drawn. Please try again in a moment.' });
      });
    shareImage('card');
    shareImage('story');

    app.get('/robots.txt', async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', `public, max-age=${PUBLIC_MAX_AGE_S}`)
        .send(
          [
            'User-agent: *',
            'Allow: /read/',
            'Allow: /landing',
            'Disallow: /api/',
            'Disallow: /app/',
            `Sitemap: ${appUrl}/sitemap.xml`,
            '',
          ].join('\n'),
        ),
    );

    // The days open today by the app's own calendar (APP_TIMEZONE): a search engine has no zone.
    app.get('/sitemap.xml', async (_request, reply) => {
      const currentDay = currentReadingDay(ctx.clock(), appTimezone);
      const days = Array.from({ length: Math.min(currentDay, TOTAL_DAYS) }, (_, i) => i + 1);
      const urls = [
        `${appUrl}/landing`,
        ...days.map((day) => `${appUrl}${publicDayHref(day)}`),
      ].map((loc) => `<url><loc>${escapeXml(loc)}</loc></url>`);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
        );
    });
  };
}

const xmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => xmlEscapes[char] ?? char);
}
