// The share images of the days (GET /read/{day}/card.png and /story.png): how long the first
// drawing of a day takes (asked for before it was drawn ahead: drawn next, in the drawing
// process), how fast a drawn one is sent again (kept as a file) or answered 304 to a browser
// that holds it, and today's reading while other clients fetch the images. Runs the built
// server as its own process on a fresh SQLite database with the shipped readings.
//
//   node bench/share-images.mjs [--smoke] [--duration 5] [--connections 10] [--port 4342]
// Needs the compiled server (dist/server).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { measure } from './load-endpoints.mjs';
import { waitFor } from './wait-for-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * One image, timed from the first request to the last byte. A 503 (a drawing still under way
 * after the server's wait, as on a machine busy with the browser suite) is asked again after its
 * Retry-After, as a crawler would, and the time counts the whole wait.
 */
async function timedImage(baseUrl, url) {
  const started = performance.now();
  let response;
  for (let attempt = 0; ; attempt++) {
    response = await fetch(new URL(url, baseUrl));
    if (response.status !== 503 || attempt === 5) break;
    await response.arrayBuffer();
    await sleep(Number(response.headers.get('retry-after') ?? 1) * 1000);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return {
    ms: performance.now() - started,
    bytes: body.length,
    etag: response.headers.get('etag'),
  };
}

/** How many clients fetch share images while today's reading is measured beside them. */
const IMAGE_CLIENTS = 4;

/**
 * Keeps `clients` clients fetching the images in turn, each whole, from a worker thread so they
 * do not share the measuring client's event loop. They stand for other people's browsers and
 * link previews, which run on machines of their own: each is a kept-alive connection that reads
 * of an answer only its status and length (keep-alive-load.mjs), so what they cost this machine
 * is as little as a client's can be, and the figure beside them is the server's. `stop` ends
 * them and answers how many images came.
 */
function fetchImagesMeanwhile(baseUrl, urls, clients) {
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    let running = true;
    let fetched = 0;
    let next = 0;
    parentPort.on('message', () => { running = false; });
    import(workerData.client).then(({ keepAliveLoad }) =>
      keepAliveLoad({
        url: workerData.baseUrl,
        connections: workerData.clients,
        going: () => running,
        request: () => ({ path: workerData.urls[next++ % workerData.urls.length] }),
        onResponse: (status) => {
          if (status !== 200) throw new Error('a share image answered ' + status);
          fetched += 1;
        },
      }),
    ).then(() => parentPort.postMessage(fetched));
    `,
    {
      eval: true,
      workerData: {
        baseUrl,
        urls,
        clients,
        client: new URL('./keep-alive-load.mjs', import.meta.url).href,
      },
    },
  );
  const done = new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    stop: async () => {
      worker.postMessage('stop');
      const fetched = await done;
      await worker.terminate();
      return fetched;
    },
  };
}

/**
 * Starts the server, draws `days` (each in both formats) once each, then loads one drawn image
 * for `duration` seconds, fetched whole and revalidated. Returns the figures.
 */
export async function shareImageFigures({
  smoke = false,
  duration = 5,
  connections = 10,
  port = 4342,
} = {}) {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'threefold-bench-images-'));
  const server = spawn(
    process.execPath,
    ['--max-semi-space-size=2', '--max-old-space-size=512', path.join(root, 'dist/server/main.js')],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: `sqlite:${path.join(scratch, 'app.db')}`,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_IP_FACTOR: '1000000',
        SERVE_WEB: 'false',
        PUSH_SCHEDULER: 'false',
        MAIL_OUTBOX_DIR: path.join(scratch, 'outbox'),
        SHARE_IMAGES_DIR: path.join(scratch, 'share-images'),
        // Each image is drawn when first asked for, so its first drawing can be timed.
        SHARE_IMAGES_DRAW_AHEAD: 'false',
      },
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/api/health`, server);
    const today = Number(
      (await fetch(`${baseUrl}/read/today`, { redirect: 'manual' })).headers
        .get('location')
        ?.split('/')
        .pop(),
    );
    const count = smoke ? 2 : 8;
    const days = Array.from({ length: Math.min(count, today) }, (_, i) => today - i);
    const drawn = { card: [], story: [] };
    let firstAfterStart;
    for (const day of days) {
      for (const format of ['card', 'story']) {
        const result = await timedImage(baseUrl, `/read/${day}/${format}.png`);
        // The very first drawing also loads the fonts and the layout engine.
        if (firstAfterStart === undefined) firstAfterStart = result.ms;
        else drawn[format].push(result);
      }
    }
    const kept = await timedImage(baseUrl, `/read/${today}/card.png`);
    const load = { connections, duration };
    const image = (headers) => ({
      key: 'image',
      label: `GET /read/${today}/card.png`,
      method: 'GET',
      path: `/read/${today}/card.png`,
      request: () => ({ path: `/read/${today}/card.png`, headers }),
    });
    // What any answer costs on the machine at that moment, to read the figures against.
    const health = await measure(
      baseUrl,
      {
        key: 'health',
        label: 'GET /api/health',
        method: 'GET',
        path: '/api/health',
        request: () => ({ path: '/api/health', headers: {} }),
      },
      load,
    );
    const cached = await measure(baseUrl, image({}), load);
    const revalidated = await measure(baseUrl, image({ 'if-none-match': kept.etag }), load);
    // Today's reading, alone and while other readers' browsers fetch the drawn images whole.
    const reading = {
      key: 'today',
      label: 'GET /api/thoughts/today',
      method: 'GET',
      path: '/api/thoughts/today',
      request: () => ({ path: '/api/thoughts/today', headers: { 'x-timezone': 'UTC' } }),
    };
    const readingAlone = await measure(baseUrl, reading, load);
    const imageUrls = days.flatMap((day) => [`/read/${day}/card.png`, `/read/${day}/story.png`]);
    const fetchers = fetchImagesMeanwhile(baseUrl, imageUrls, IMAGE_CLIENTS);
    const readingBeside = await measure(baseUrl, reading, load);
    const imagesFetched = await fetchers.stop();
    const formatFigures = (format) => ({
      medianMs: median(drawn[format].map((r) => r.ms)),
      maxMs: Math.max(...drawn[format].map((r) => r.ms)),
      medianBytes: median(drawn[format].map((r) => r.bytes)),
    });
    return {
      days,
      firstAfterStartMs: firstAfterStart,
      firstRender: { card: formatFigures('card'), story: formatFigures('story') },
      health: { rps: health.rps, p50: health.p50, p99: health.p99 },
      cached: { rps: cached.rps, p50: cached.p50, p99: cached.p99, statuses: cached.statuses },
      revalidated: {
        rps: revalidated.rps,
        p50: revalidated.p50,
        p99: revalidated.p99,
        statuses: revalidated.statuses,
      },
      todayBesideImages: {
        imageClients: IMAGE_CLIENTS,
        imagesFetched,
        alone: { rps: readingAlone.rps, p50: readingAlone.p50, p99: readingAlone.p99 },
        beside: { rps: readingBeside.rps, p50: readingBeside.p50, p99: readingBeside.p99 },
        ratio: readingBeside.rps / readingAlone.rps,
      },
      load,
    };
  } finally {
    if (server.exitCode === null) {
      await new Promise((resolve) => {
        server.once('exit', resolve);
        server.kill('SIGTERM');
      });
    }
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** The figures as the report and the console show them. */
export function shareImageSummary(figures) {
  const { firstRender: first, cached, revalidated, health } = figures;
  return [
    `Share images, first drawing of a day (days ${figures.days.join(', ')}): card median ${fmt(first.card.medianMs, 0)} ms ` +
      `(max ${fmt(first.card.maxMs, 0)} ms, ${fmt(first.card.medianBytes / 1024, 0)} KB), story median ${fmt(first.story.medianMs, 0)} ms ` +
      `(max ${fmt(first.story.maxMs, 0)} ms, ${fmt(first.story.medianBytes / 1024, 0)} KB); the first after start, fonts and layout engine loading: ${fmt(figures.firstAfterStartMs, 0)} ms`,
    `Share image drawn before, sent as its file: ${fmt(cached.rps, 0)} req/s, p50 ${fmt(cached.p50, 2)} ms, p99 ${fmt(cached.p99, 2)} ms, statuses ${JSON.stringify(cached.statuses)}`,
    `Share image revalidated (If-None-Match, 304): ${fmt(revalidated.rps, 0)} req/s, p50 ${fmt(revalidated.p50, 2)} ms, p99 ${fmt(revalidated.p99, 2)} ms, statuses ${JSON.stringify(revalidated.statuses)}`,
    `For comparison, GET /api/health in the same run: ${fmt(health.rps, 0)} req/s, p50 ${fmt(health.p50, 2)} ms, p99 ${fmt(health.p99, 2)} ms`,
    ...(figures.todayBesideImages ? [todayBesideImagesLine(figures.todayBesideImages)] : []),
  ];
}

function todayBesideImagesLine({ imageClients, imagesFetched, alone, beside, ratio }) {
  return (
    `Today's reading while ${imageClients} clients fetch share images (${imagesFetched} images sent meanwhile): ` +
    `${fmt(beside.rps, 0)} req/s, p99 ${fmt(beside.p99, 2)} ms, against ${fmt(alone.rps, 0)} req/s, ` +
    `p99 ${fmt(alone.p99, 2)} ms alone: ${fmt(ratio * 100, 0)}%`
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values: args } = parseArgs({
    options: {
      smoke: { type: 'boolean', default: false },
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '10' },
      port: { type: 'string', default: '4342' },
    },
  });
  const figures = await shareImageFigures({
    smoke: args.smoke,
    duration: args.smoke ? 1 : Number(args.duration),
    connections: Number(args.connections),
    port: Number(args.port),
  });
  for (const line of shareImageSummary(figures)) console.log(line);
}
