// The journal search at scale: one reader at a time searching their own journal, as a phone
// does, with the time of each answer taken on this side of the connection.
import http from 'node:http';

const SESSION_COOKIE = 'tfp_session';

/** Words of the seeded entries (seed-data.mjs's phrases) and some the entries never hold. */
const WORDS = [
  'truth',
  'patience',
  'garden herbs',
  'promise',
  'neighbour',
  'listened',
  'friend',
  'quiet walk',
  'kindness',
  'river',
];

function get(agent, baseUrl, path, token) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const request = http.get(
      new URL(path, baseUrl),
      {
        agent,
        headers: { cookie: `${SESSION_COOKIE}=${token}`, 'x-requested-with': 'XMLHttpRequest' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * `requests` searches (after `warmup` uncounted ones) of `scope=journal`, each by a reader
 * picked at random among `sessions` for a word picked at random, one after another on one
 * kept-alive connection. Returns the answer times' median, p99 and slowest, and the statuses.
 */
export async function measureJournalSearch(baseUrl, sessions, { requests, warmup }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const pick = (list) => list[Math.floor(Math.random() * list.length)];
  const times = [];
  const statuses = {};
  try {
    for (let i = 0; i < warmup + requests; i++) {
      const q = encodeURIComponent(pick(WORDS));
      const { status, ms } = await get(
        agent,
        baseUrl,
        `/api/search?scope=journal&q=${q}`,
        pick(sessions).token,
      );
      if (i < warmup) continue;
      times.push(ms);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  } finally {
    agent.destroy();
  }
  times.sort((a, b) => a - b);
  return {
    requests,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    max: times.at(-1),
    statuses,
  };
}
