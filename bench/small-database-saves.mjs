// Journal saves by 10 readers at once on a small database (the "every save" row): the
// built server, started as `npm start` starts it on a database of its own with only those 10
// readers, against a bare Fastify server writing the same bodies with one upsert
// (save-ceiling-server.mjs) on the same kind of database, in alternating slices. Each reader
// saves in turn, mostly edits of the few days they wrote already, as the day's save button
// sends them. Called by run-bench.mjs for each database it measures.
import { fork } from 'node:child_process';
import path from 'node:path';
import { measureAgainstCeiling } from './load-endpoints.mjs';
import { medianRun } from './median-run.mjs';
import { scratchDatabase } from './scratch-database.mjs';
import { waitFor } from './wait-for-server.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const READERS = 10;
/** The days each reader writes and then edits: the first few, open to every reader. */
const DAYS = 3;

/** Signs up the readers through the API and answers each one's cookies. */
async function signUpReaders(baseUrl) {
  const cookies = [];
  for (let n = 0; n < READERS; n++) {
    const response = await fetch(`${baseUrl}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({
        username: `saver_${n}`,
        email: `saver_${n}@example.test`,
        fullName: `Saver ${n}`,
        password: 'a long calm password for saving',
      }),
    });
    if (response.status !== 201) {
      throw new Error(`signing up a reader answered ${response.status}: ${await response.text()}`);
    }
    cookies.push(
      response.headers
        .getSetCookie()
        .map((cookie) => cookie.split(';')[0])
        .join('; '),
    );
  }
  return cookies;
}

/** The save each reader sends in turn: the same body to the app and to the ceiling. */
function saveEndpoint(cookies) {
  let sent = 0;
  return {
    key: 'small-saves',
    label: `POST /api/journal (${READERS} readers, small database)`,
    method: 'POST',
    path: '/api/journal',
    request: () => {
      const n = sent++;
      const reader = n % READERS;
      return {
        method: 'POST',
        path: '/api/journal',
        headers: {
          cookie: cookies[reader],
          'x-reader': String(reader + 1),
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
        },
        body: JSON.stringify({
          dayNumber: 1 + (Math.floor(n / READERS) % DAYS),
          entryText: JSON.stringify({
            thoughts: `Saved under load, save ${n}`,
            words: 'Kind words to a neighbour.',
            deeds: 'Carried the shopping upstairs.',
          }),
          isPublic: n % 2 === 0,
        }),
      };
    },
  };
}

/**
 * Measures the saves on `kind` ('sqlite' or 'postgres'): `startServer(url, port)` starts the app
 * as npm start does, `settle(child)` waits for what it does first on its own, and `stop(child)`
 * ends a process. Answers both sides' figures and the ratio, of the median run of `repeat`.
 */
export async function smallDatabaseSaves({
  kind,
  startServer,
  settle,
  stop,
  port,
  load,
  repeat = 1,
  postgresBase,
}) {
  const appDatabase = await scratchDatabase(kind, 'saves', postgresBase);
  const ceilingDatabase = await scratchDatabase(kind, 'saves_ceiling', postgresBase);
  const baseUrl = `http://127.0.0.1:${port}`;
  const ceilingUrl = `http://127.0.0.1:${port + 1}`;
  let server;
  let ceiling;
  try {
    server = startServer(appDatabase.url, port);
    await waitFor(`${baseUrl}/api/ready`, server);
    await settle(server);
    ceiling = fork(
      path.join(root, 'bench/save-ceiling-server.mjs'),
      [ceilingDatabase.url, String(port + 1)],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
    await new Promise((resolve, reject) => {
      ceiling.once('message', resolve);
      ceiling.once('exit', (code) => reject(new Error(`the save ceiling exited (${code})`)));
    });
    const endpoint = saveEndpoint(await signUpReaders(baseUrl));
    const runs = [];
    for (let i = 0; i < repeat; i++) {
      // The warm-up writes every reader's days on both sides, so the counted saves are edits.
      const run = await measureAgainstCeiling(baseUrl, ceilingUrl, endpoint, {
        ...load,
        warmup: Math.max(load.warmup ?? 0, READERS * DAYS * 10),
      });
      runs.push({ ...run, ratio: run.real.rps / run.ceiling.rps });
    }
    const { real, ceiling: top, ratio } = medianRun(runs);
    return {
      database: kind,
      readers: READERS,
      client: load.client,
      connections: load.connections,
      real,
      ceiling: top,
      ratio,
      ...(runs.length > 1 ? { ratios: runs.map((run) => run.ratio) } : {}),
    };
  } finally {
    if (ceiling) await stop(ceiling);
    if (server) await stop(server);
    await appDatabase.drop();
    await ceilingDatabase.drop();
  }
}
