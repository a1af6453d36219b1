// Writes the benchmark report (Markdown) from the result files of the runs: the machine, the
// data, every figure beside its ceiling, each target with whether it is met, and the plans.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { chromiumPath } from '../scripts/chromium.mjs';
import { pct, pctAgainst } from './report-percent.mjs';
import { shareImageSummary } from './share-images.mjs';

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

/** The machine a run measured on, kept with its figures. */
export function machineFacts() {
  let chromium = 'unknown';
  try {
    chromium = execFileSync(chromiumPath(), ['--version'], {
      encoding: 'utf8',
      // Debian's launcher script may print a shell error from its /dev/shm check on stderr.
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // not installed
  }
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown CPU',
    cores: os.availableParallelism(),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium,
  };
}

/**
 * The machine of the main run, as recorded with its figures. Without one (a run recorded before
 * runs kept theirs, or rows from two machines), the machine writing the report, saying so.
 */
function machine(recorded) {
  const facts = recorded ?? machineFacts();
  return [
    ...(recorded
      ? []
      : [
          '- Not recorded with the runs below, or they were measured on more than one machine: this',
          '  is the machine that wrote the report, which may not be the one that measured them.',
        ]),
    `- CPU: ${facts.cpu}, ${facts.cores} cores (nproc); memory ${facts.memoryGb} GB`,
    `- OS: ${facts.os}; Node.js ${facts.node}; ${facts.chromium}`,
    '- Load and server share the machine: autocannon runs in the bench process, the server and',
    '  the ceiling each in their own process, all on 127.0.0.1. On two cores autocannon itself was',
    "  the limit (86-99% of a core), and it spends more per answer on the app's, which carry the",
    '  security headers, and on building each request anew: its ratios are what this client sees,',
    '  its own work included. A client with no work per request measures lower ratios on every',
    "  row, below the targets set against a ceiling; `--client lean` shows the servers' own costs",
    '  (bench/README.md, "Which client loads the server"; docs/decisions/034).',
  ].join('\n');
}

function endpointTable(result) {
  const rows = result.endpoints.map((row) => {
    const ceiling = row.ceiling
      ? `${fmt(row.ceiling.rps, 0)} | ${fmt(row.ceiling.p50, 2)} | ${fmt(row.ceiling.p99, 2)} | ${pct(row.ratio)}`
      : '- | - | - | -';
    const statuses = Object.entries(row.real.statuses)
      .map(([code, count]) => `${code}: ${count}`)
      .join(', ');
    const rss = row.rssPeakMb ? fmt(row.rssPeakMb, 0) : '-';
    const when = row.measuredAt
      ? ` (measured ${row.measuredAt.slice(0, 16).replace('T', ' ')} UTC)`
      : '';
    return `| ${row.label}${when} | ${fmt(row.real.rps, 0)} | ${fmt(row.real.p50, 2)} | ${fmt(row.real.p99, 2)} | ${ceiling} | ${rss} | ${statuses} |`;
  });
  return [
    '| Endpoint | req/s | p50 ms | p99 ms | ceiling req/s | ceiling p50 | ceiling p99 | ratio | server RSS MB | answers |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
    ...rows,
  ].join('\n');
}

function find(result, key) {
  return result?.endpoints.find((row) => row.key === key);
}

/** The smaller run a larger one is compared with: the one measured beside it, if it has one. */
function smallerOf(large, smallest) {
  return large.smallerBeside ?? smallest;
}

function verdict(ok) {
  return ok ? 'met' : '**not met**';
}

/** Saves acknowledged (200 or 201) per second in a save row. */
function savesPerSecond(save) {
  return ((save.real.statuses['200'] ?? 0) + (save.real.statuses['201'] ?? 0)) / save.real.seconds;
}

function targets(main, small, larger, pgMain, pgSmall, pgLarger, bundle, shareImages, smallSaves) {
  const lines = [];
  const check = (name, ok, detail) => lines.push(`| ${name} | ${detail} | ${verdict(ok)} |`);
  /**
   * A measure's share of its ceiling that must reach `target`, with what else is worth saying
   * after it; a row measured more than once (--repeat) gives its median run and every run's.
   */
  const checkShare = (name, { ratio, ratios }, target, more = '') =>
    check(
      name,
      ratio >= target,
      `${pctAgainst(ratio, target)}${more}` +
        (ratios?.length > 1
          ? ` (median of ${ratios.length} runs: ${ratios.map((r) => pct(r)).join(', ')})`
          : ''),
    );
  // The feed's p99 at a larger size against the smallest, each the median of its slices' p99s;
  // beside it, each size's p99 against its own ceiling's in the same run.
  const scaling = (prefix, large, smallest) => {
    const smallRun = smallerOf(large, smallest);
    const [big, little] = [find(large, 'feed'), find(smallRun, 'feed')];
    if (!big || !little) return;
    const growth = big.real.p99 / little.real.p99;
    const againstCeiling = (row) => fmt(row.real.p99 / row.ceiling.p99, 2);
    check(
      `${prefix}Feed p99 at ${large.data.users.toLocaleString('en-US')} users within 1.5× of ${smallRun.data.users.toLocaleString('en-US')} users`,
      growth <= 1.5,
      `${fmt(big.real.p99, 2)} ms vs ${fmt(little.real.p99, 2)} ms (${fmt(growth, 2)}×; against each run's own ceiling ` +
        `${againstCeiling(big)}× vs ${againstCeiling(little)}×; ${large.data.sessions.toLocaleString('en-US')} and ` +
        `${smallRun.data.sessions.toLocaleString('en-US')} signed in)`,
    );
  };
  if (main) {
    const feed = find(main, 'feed');
    const today = find(main, 'today');
    const save = find(main, 'save');
    if (!feed || !today || !save) {
      lines.push(
        `| The targets of the main run | ${main.label} measured only ${main.endpoints.map((row) => row.key).join(', ')} | **not met** |`,
      );
      return ['| Target | Measured | |', '| --- | --- | --- |', ...lines].join('\n');
    }
    const savedPerSecond = savesPerSecond(save);
    checkShare("Feed ≥ 50% of its ceiling's req/s", feed, 0.5);
    check('Feed p99 ≤ 10 ms', feed.real.p99 <= 10, `${fmt(feed.real.p99, 2)} ms`);
    checkShare("Today's thought ≥ 80% of its ceiling", today, 0.8);
    check(
      'Saves ≥ 1,000 per second (acknowledged 200/201)',
      savedPerSecond >= 1000,
      `${fmt(savedPerSecond, 0)}/s`,
    );
    check(
      'Server RSS ≤ 160 MB during the run',
      main.rss.sampledPeakMb <= 160,
      `${fmt(main.rss.sampledPeakMb, 0)} MB`,
    );
    for (const large of small ? larger : []) scaling('', large, small);
    const scans = main.plans.filter(
      (plan) => plan.verdict !== 'index' && !plan.name.includes('not a hot path'),
    );
    check(
      'Every hot query uses an index (SQLite)',
      scans.length === 0,
      scans.length ? scans.map((p) => p.name).join(', ') : 'all',
    );
  }
  for (const run of [main, pgMain]) {
    if (!run?.journalSearch) continue;
    const { p99 } = run.journalSearch;
    check(
      `${run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: journal search p99 ≤ 20 ms at ${run.data.users.toLocaleString('en-US')} people / ${run.data.entries.toLocaleString('en-US')} entries`,
      p99 <= 20,
      `${fmt(p99, 2)} ms`,
    );
  }
  // The targets of issue 30 ("fast where the reader feels it"), on each database.
  for (const run of [main, pgMain]) {
    if (!run) continue;
    const db = run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const people = `${run.data.users.toLocaleString('en-US')} people`;
    const page = find(run, 'page');
    if (page?.ratio !== undefined) {
      checkShare(`${db}: the signed-in daily page ≥ 25% of its ceiling`, page, 0.25);
    }
    const day = find(run, 'day');
    if (day?.ratio !== undefined) {
      checkShare(
        `${db}: today's entry (one day's journal) ≥ 50% of its ceiling at ${people}`,
        day,
        0.5,
      );
    }
    const discover = find(run, 'discover');
    if (discover) {
      check(
        `${db}: discover p99 ≤ 10 ms at ${people}`,
        discover.real.p99 <= 10,
        `${fmt(discover.real.p99, 2)} ms`,
      );
    }
    if (run !== pgMain) continue;
    const today = find(run, 'today');
    if (today?.ratio !== undefined) {
      checkShare(`${db}: today's thought ≥ 80% of its ceiling`, today, 0.8);
    }
    const save = find(run, 'save');
    if (save) {
      const perSecond = savesPerSecond(save);
      check(
        `${db}: saves ≥ 1,000 per second at ${people} (acknowledged 200/201)`,
        perSecond >= 1000,
        `${fmt(perSecond, 0)}/s`,
      );
    }
  }
  for (const run of [main, pgMain]) {
    const circle = run && find(run, 'circle');
    if (circle?.ratio === undefined) continue;
    checkShare(
      `${run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL'}: a circle's page ≥ 50% of its ceiling at ${run.data.users.toLocaleString('en-US')} people`,
      circle,
      0.5,
    );
  }
  if (pgMain) {
    const pgFeed = find(pgMain, 'feed');
    if (pgFeed?.ratio !== undefined) {
      checkShare("PostgreSQL: Feed ≥ 50% of its ceiling's req/s", pgFeed, 0.5);
    }
    const feedPlan = pgMain.plans.filter((plan) => plan.name.startsWith("friends' feed"));
    check(
      'PostgreSQL: the feed uses an index',
      feedPlan.every((p) => p.verdict === 'index'),
      feedPlan.map((p) => p.verdict).join('; '),
    );
    const scans = pgMain.plans.filter(
      (plan) => plan.verdict !== 'index' && !plan.name.includes('not a hot path'),
    );
    check(
      'PostgreSQL: every hot query uses an index',
      scans.length === 0,
      scans.length ? scans.map((p) => p.name).join(', ') : 'all',
    );
    for (const large of pgSmall ? pgLarger : []) scaling('PostgreSQL: ', large, pgSmall);
  }
  if (main?.lighthouse?.skipped) {
    lines.push(
      `| Lighthouse /landing, /read/today and /app/daily-ritual | not measured: ${main.lighthouse.skipped} | **not met** |`,
    );
  }
  for (const page of main?.lighthouse?.pages ?? []) {
    const s = page.scores;
    // The visitors' page is held to issue 20's targets: every category but speed at 100.
    const isPublic = s.seo !== undefined;
    check(
      isPublic
        ? `Lighthouse ${page.path}: performance ≥ 95, accessibility 100, best practices 100, SEO 100`
        : `Lighthouse ${page.path}: performance ≥ 95, accessibility 100, best practices ≥ 95`,
      s.performance >= 95 &&
        s.accessibility === 100 &&
        s['best-practices'] >= (isPublic ? 100 : 95) &&
        (!isPublic || s.seo === 100),
      `${s.performance} / ${s.accessibility} / ${s['best-practices']}` +
        (isPublic ? ` / ${s.seo}` : '') +
        (page.performanceRuns?.length > 1
          ? ` (median of ${page.performanceRuns.length} runs; performance ${page.performanceRuns.join(', ')})`
          : ''),
    );
  }
  for (const row of smallSaves?.rows ?? []) {
    const db = row.database === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    checkShare(
      `${db}: saves by ${row.readers} readers at once on a small database ≥ 35% of a bare Fastify + ${db} upsert of the same body`,
      row,
      0.35,
      ` (${fmt(row.real.rps, 0)} against ${fmt(row.ceiling.rps, 0)} saves/s; p99 ${fmt(row.real.p99, 2)} ms against ${fmt(row.ceiling.p99, 2)} ms)`,
    );
  }
  const beside = shareImages?.todayBesideImages;
  if (beside) {
    checkShare(
      `Today's reading while ${beside.imageClients} clients fetch share images ≥ 50% of it alone`,
      beside,
      0.5,
      ` (${fmt(beside.beside.rps, 0)} against ${fmt(beside.alone.rps, 0)} req/s; p99 ${fmt(beside.beside.p99, 2)} ms)`,
    );
  }
  if (bundle) {
    // The budget the test command holds (web-bundle-size.mjs).
    check(
      'Daily screen initial JavaScript ≤ 100 KB gzipped',
      bundle.totalKb !== null && bundle.totalKb <= 100,
      `${fmt(bundle.totalKb)} KB`,
    );
  }
  return ['| Target | Measured | |', '| --- | --- | --- |', ...lines].join('\n');
}

/** Figures from the same run that explain a missed target. */
function reasons(main, smallest, larger) {
  if (!main) return '';
  const health = find(main, 'health');
  const feed = find(main, 'feed');
  const today = find(main, 'today');
  const revalidated = find(main, 'today-304');
  const lines = ['Measured beside the targets, to read them:', ''];
  if (health) {
    lines.push(
      `- The app's shared request handling alone: \`GET /api/health\` (no database, no session) ` +
        `reaches ${pct(health.ratio)} of its ceiling (${fmt(health.real.rps, 0)} vs ${fmt(health.ceiling.rps, 0)} req/s). ` +
        'Every API answer pays for it (Fastify routing and hooks, the security headers built once and set ' +
        'per answer, the same-origin check, the answered line in the log and its metrics); an endpoint whose ' +
        'body is larger spends more of its ceiling on sending, so its ratio may come out above this one.',
    );
  }
  const me = find(main, 'me');
  if (today) {
    lines.push(
      `- Today's thought is answered from memory (built once per time zone and local date, kept as the ` +
        `bytes it is sent as) and, being the same for everyone, skips the session lookup unless the reader ` +
        `reads at their own pace (docs/decisions/017): it reaches ${pct(today.ratio)}. \`GET /api/auth/me\`, the session lookup and nothing else, reaches ` +
        `${pct(me?.ratio)}: the cost every signed-in call pays (the token's hash, and on SQLite one read of ` +
        "the change log in the process; the session then comes from the process's cache. On PostgreSQL a " +
        'process told of changes as they commit asks the database nothing, docs/decisions/004 and 019). ' +
        `A returning client that sends its ETag gets an empty 304 at ` +
        `${fmt(revalidated?.real.rps, 0)} req/s.`,
    );
  }
  if (feed && main.feedTiming) {
    lines.push(
      "- The friends' feed is sent from the process's cache, each reader's let go the moment " +
        'anything in it changes in any process (docs/decisions/004); the warm-up before each measurement ' +
        "is every signed-in person's first visit, in turn. A first visit, or the first after a change, " +
        "reads it from the database: the feed query alone, run in the bench process through the server's " +
        `own function, takes ${fmt(main.feedTiming.medianMs, 2)} ms (median; p99 ${fmt(main.feedTiming.p99Ms, 2)} ms) ` +
        'for a page of 50 entries from about 35 friends.',
    );
  }
  for (const large of smallest ? larger : []) {
    const small = smallerOf(large, smallest);
    const largeFeed = find(large, 'feed');
    const smallFeed = find(small, 'feed');
    if (!largeFeed || !smallFeed) continue;
    const sameSignedIn = large.data.sessions === small.data.sessions;
    lines.push(
      `- Feed at ${large.data.users.toLocaleString('en-US')} users (${large.data.entries.toLocaleString('en-US')} entries): ` +
        `p99 ${fmt(largeFeed.real.p99, 2)} ms against ${fmt(smallFeed.real.p99, 2)} ms at ` +
        `${small.data.users.toLocaleString('en-US')} users, while its ceiling moved from ${fmt(smallFeed.ceiling.rps, 0)} ` +
        `to ${fmt(largeFeed.ceiling.rps, 0)} req/s and the ceiling's own p99 from ${fmt(smallFeed.ceiling.p99, 2)} to ` +
        `${fmt(largeFeed.ceiling.p99, 2)} ms between the two runs (the machine's other work; against its own ceiling in ` +
        `the same run the feed's p99 is ${fmt(largeFeed.real.p99 / largeFeed.ceiling.p99, 2)}× at ` +
        `${large.data.users.toLocaleString('en-US')} users and ${fmt(smallFeed.real.p99 / smallFeed.ceiling.p99, 2)}× at ` +
        `${small.data.users.toLocaleString('en-US')}). ` +
        (sameSignedIn
          ? `Both runs sign in the same ${small.data.sessions.toLocaleString('en-US')} people, so the processes keep as many feeds and sessions; each p99 is the median of the p99s of ${largeFeed.real.sliceP99s?.length ?? 1} slices (${(largeFeed.real.sliceP99s ?? []).map((p) => fmt(p, 2)).join(', ')} ms at ${large.data.users.toLocaleString('en-US')}; ${(smallFeed.real.sliceP99s ?? []).map((p) => fmt(p, 2)).join(', ')} ms at ${small.data.users.toLocaleString('en-US')}). `
          : `The smaller run also signs in fewer people (${small.data.sessions.toLocaleString('en-US')} against ${large.data.sessions.toLocaleString('en-US')}), so its process keeps fewer feeds and sessions and collects less garbage. `) +
        "At a p99 of one or two milliseconds pauses and the machine's other work decide the tail. The feed query " +
        `alone: ${fmt(large.feedTiming?.medianMs, 2)} ms against ${fmt(small.feedTiming?.medianMs, 2)} ms (median). ` +
        "Its plan reads only the friends' entries of the last two weeks through the covering index (below), so " +
        'the rows it reads do not grow with the table; what grows is the depth of the indexes and the share of ' +
        "their pages outside SQLite's own page cache (8 MB, as the server sets it), read back from the operating system's cache.",
    );
  }
  if (main.rss) {
    lines.push(
      `- Server memory, with the default settings of \`npm start\`${main.server ? ` (\`${main.server}\`)` : ''}: ` +
        `${fmt(main.rss.idleMb, 0)} MB resident at rest right after start (Node.js and the ` +
        `libraries the server loads), ${fmt(main.rss.sampledPeakMb, 0)} MB at most under the full load. What it keeps is ` +
        "bounded: today's answer per time zone, the statement cache, the feed cache (FEED_CACHE_MB; about " +
        `${fmt((feed?.bodyBytes ?? 0) / 1024, 1)} KB per reader here, gzipped) and up to 10,000 sessions. ` +
        "The share images' drawing (satori, resvg) and the password judge's dictionaries are loaded when first " +
        'needed, so they are not counted here until a process draws an image or judges a password.' +
        (main.memory ? ` ${memoryHeld(main.memory)}` : ''),
    );
  }
  if (main.logging?.length) {
    const ratios = main.logging.map((row) => row.ratio);
    lines.push(
      '- Logging: the figures above are taken with the default log, one JSON line per answered request ' +
        `(about ${fmt(main.log.bytes / Math.max(1, main.log.requestLines), 0)} bytes) written to standard output in ` +
        'blocks of 4 KB in the background. Against a server started with `LOG_LEVEL=warn`, in alternating slices ' +
        `of the same minutes, it answered ${pct(Math.min(...ratios))} to ${pct(Math.max(...ratios))} of the quiet ` +
        "server's requests per second (each scenario below has the table)" +
        (Math.max(...ratios) > 1.1 && Math.min(...ratios) < 0.9
          ? "; a spread that wide, in both directions, is the machine's other work, not the log."
          : '.') +
        (main.logLine
          ? ` Measured alone, in CPU time, which that work does not inflate, writing the line takes ` +
            `${fmt(main.logLine.microsPerLine, 2)} µs per request, against one \`GET /api/health\` answered every ` +
            `${fmt(1e6 / (find(main, 'health')?.real.rps ?? NaN), 1)} µs in this run.`
          : ''),
    );
  }
  const readerPage = find(main, 'page');
  const daily = main.lighthouse?.pages?.find((p) => p.path === '/app/daily-ritual');
  if (readerPage || daily) {
    lines.push(
      "- The daily screen is sent rendered for the signed-in reader (today's stanza in the reader's time " +
        'zone, the song, their initials and progress) with the API answers it was made from, and the ' +
        'browser adopts it as it is: the stanza shows from the first bytes, with no wait for the scripts ' +
        'or a second round trip' +
        (daily
          ? ` (Lighthouse: FCP ${daily.metrics.fcp}, LCP ${daily.metrics.lcp}, TBT ${daily.metrics.tbt})`
          : '') +
        '.' +
        (readerPage
          ? ` Rendering it costs the server ${fmt(readerPage.real.p50, 2)} ms at the median (p99 ${fmt(readerPage.real.p99, 2)} ms, ` +
            `${fmt(readerPage.real.rps, 0)} pages/s on one process, ${pct(readerPage.ratio)} of sending the same ${fmt(readerPage.bodyBytes / 1024, 0)} KB ` +
            'as a file): one page per reader per morning. An installed app opens on the page its worker keeps.'
          : ''),
    );
  }
  for (const page of main.lighthouse?.pages ?? []) {
    if (page.misses.length)
      lines.push(`- Lighthouse ${page.path} lost points on: ${page.misses.join('; ')}.`);
    // A run scored 0 measured nothing of the page: why is said, never left to look like a score.
    if (page.runErrors?.length)
      lines.push(
        `- Lighthouse ${page.path}, runs that measured nothing: ${page.runErrors.join('; ')}.`,
      );
  }
  return lines.join('\n');
}

/** What the server's memory holds, from its /metrics at its largest during the load. */
function memoryHeld(m) {
  const rest = m.rssMb - m.heapTotalMb - m.externalMb;
  const file = Number.isFinite(m.fileMb) ? m.fileMb : NaN;
  return (
    `Read from its /metrics when it was largest, its ${fmt(m.rssMb, 0)} MB hold: the JavaScript heap, ` +
    `${fmt(m.heapTotalMb, 0)} MB reserved of which ${fmt(m.heapUsedMb, 0)} MB in use (up to ` +
    `${m.sessionsCached.toLocaleString('en-US')} cached sessions with their people, compiled queries, today's answers, ` +
    "the route tables and the libraries' objects); " +
    `${fmt(m.externalMb, 0)} MB of Buffers outside it (the cached feeds, kept gzipped, ${fmt(m.feedCacheMb, 1)} MB for ` +
    `${m.feedsCached.toLocaleString('en-US')} readers at their largest, and the sockets' buffers); and about ` +
    `${fmt(rest, 0)} MB that is neither` +
    (Number.isFinite(file)
      ? `: ${fmt(file, 0)} MB of it pages of files, the code of the node binary and the native modules ` +
        '(shared with any other Node.js process, and given back first when memory is short), and ' +
        `${fmt(rest - file, 0)} MB the process's own: `
      : ': the code of Node.js, V8 and the compiled JavaScript, ') +
    "V8's code and bookkeeping, the database driver with SQLite's page cache (up to 8 MB), the threads' stacks and " +
    'memory the allocator keeps after Buffers are let go.'
  );
}

function loggingTable(result) {
  return [
    'Logging, default (info: one line per request) against quiet (`LOG_LEVEL=warn`), in alternating slices:',
    '',
    '| Endpoint | default req/s | default p99 ms | quiet req/s | quiet p99 ms | default/quiet |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...result.logging.map(
      (row) =>
        `| ${row.label} | ${fmt(row.default.rps, 0)} | ${fmt(row.default.p99, 2)} | ${fmt(row.quiet.rps, 0)} | ${fmt(row.quiet.p99, 2)} | ${pct(row.ratio)} |`,
    ),
    '',
    `The default server wrote ${result.log.lines.toLocaleString('en-US')} log lines (${fmt(result.log.bytes / 2 ** 20, 1)} MB) during the run.`,
  ].join('\n');
}

function scenario(result) {
  const d = result.data;
  const out = [
    `### ${result.label} (${result.date})`,
    '',
    `${d.users.toLocaleString('en-US')} users, ${d.entries.toLocaleString('en-US')} entries ` +
      `(${pct(d.publicShare)} public), ${d.friendships.toLocaleString('en-US')} friendships ` +
      `(friends per user ${d.friendsPerUser.min}-${d.friendsPerUser.max}, median ${d.friendsPerUser.median}), ` +
      `${d.pendingRequests.toLocaleString('en-US')} pending requests, ${d.sessions} signed-in sessions; ` +
      `seeded in ${fmt(d.seedSeconds)} s. Load: ${result.load.connections} connections, ${result.load.duration} s per run` +
      (result.load.warmup
        ? `, after ${result.load.warmup} uncounted requests per endpoint (each signed-in person's first visit, in turn).`
        : '.'),
    '',
    endpointTable(result),
    '',
    `Server RSS: ${fmt(result.rss.sampledPeakMb, 0)} MB at most during the load (kernel high-water mark ${fmt(result.rss.kernelPeakMb, 0)} MB).` +
      (result.memory ? ` ${memoryHeld(result.memory)}` : ''),
    ...(result.logging?.length ? ['', loggingTable(result)] : []),
  ];
  return out.join('\n');
}

function plans(result) {
  return [
    `### ${result.label}`,
    '',
    ...result.plans.flatMap((plan) => [
      `**${plan.name}** (${plan.verdict})`,
      '',
      '```sql',
      plan.sql,
      '```',
      '',
      '```',
      plan.plan,
      '```',
      '',
    ]),
  ].join('\n');
}

/** Writes a file as the repository's formatter would, so the format check stays green. */
export async function writeFormatted(file, text) {
  const options = (await prettier.resolveConfig(file)) ?? {};
  fs.writeFileSync(file, await prettier.format(text, { ...options, filepath: file }));
}

/**
 * Writes the report from every run kept in `resultsDir`; `writtenBy` names the command that
 * wrote it, so a reader knows which of its figures that command measured again.
 */
export async function writeReport(resultsDir, file, writtenBy = '`npm run bench`') {
  const read = (name) => {
    const full = path.join(resultsDir, name);
    return fs.existsSync(full) ? JSON.parse(fs.readFileSync(full, 'utf8')) : null;
  };
  const runs = fs
    .readdirSync(resultsDir)
    .filter((name) => /^(sqlite|postgres)-\d+\.json$/.test(name))
    .map(read)
    .sort((a, b) => a.database.localeCompare(b.database) || a.data.users - b.data.users);
  const largestOf = (db, atLeast) =>
    runs.filter((r) => r.database === db && r.data.users >= atLeast).at(-1);
  const smallestOf = (db) => runs.find((r) => r.database === db);
  const main =
    runs.find((r) => r.database === 'sqlite' && r.data.users === 10_000) ?? largestOf('sqlite', 0);
  const small = smallestOf('sqlite');
  const pgMain =
    runs.find((r) => r.database === 'postgres' && r.data.users === 10_000) ??
    largestOf('postgres', 0);
  const pgSmall = smallestOf('postgres');
  const bundle = read('web-bundle.json');
  const shareImages = read('share-images.json');
  const smallSaves = read('small-saves.json');

  const sections = [
    '# Benchmark report',
    '',
    `Written ${new Date().toISOString()} by ${writtenBy} (see bench/README.md for how to run and read it).`,
    '',
    '## Machine',
    '',
    machine(main?.machine),
    ...(main?.loadAverage
      ? [
          `- Load average as the main run ended: ${main.loadAverage.map((n) => fmt(n, 1)).join(', ')} ` +
            `(1, 5 and 15 minutes) on ${os.availableParallelism()} cores; above that count, other work was ` +
            'waiting for the processors and every absolute figure below is lower than the machine can do.',
        ]
      : []),
    '',
    '## Targets',
    '',
    'Ratios compare each endpoint with a bare Fastify route serving the identical body, measured in the same run.',
    '',
    targets(
      main,
      small !== main ? small : null,
      runs.filter((r) => r.database === 'sqlite' && small && r.data.users > small.data.users),
      pgMain,
      pgSmall !== pgMain ? pgSmall : null,
      runs.filter((r) => r.database === 'postgres' && pgSmall && r.data.users > pgSmall.data.users),
      bundle,
      shareImages,
      smallSaves,
    ),
    '',
    reasons(
      main,
      small !== main ? small : null,
      runs.filter((r) => r.database === 'sqlite' && small && r.data.users > small.data.users),
    ),
    '',
  ];
  sections.push(
    '## Durability of saves',
    '',
    'Saves are measured with the settings the server always uses. On SQLite that is WAL mode with',
    '`synchronous = NORMAL`: a save is acknowledged only after its transaction is committed, and',
    'the commit has then been written to the WAL file through the operating system. A crash of the',
    'process (kill -9, an exception) cannot lose it: the data is in the kernel, and the next',
    'open replays the WAL. (Only a power cut or kernel crash before the OS flushes could roll back',
    'the last commits; `synchronous = FULL` would cover that too, at a cost.) On PostgreSQL every',
    'acknowledged commit is flushed to the WAL (`synchronous_commit = on`, the default).',
    '',
    '## Figures',
    '',
    ...runs.flatMap((r) => [scenario(r), '']),
  );
  if (bundle) {
    sections.push('## Web', '', '```', bundle.output.trim(), '```', '');
  }
  if (shareImages) {
    sections.push(
      '## Share images',
      '',
      'Drawn by the server for each open day (satori, then resvg), kept in memory by day and',
      'revalidated by ETag; the built server on SQLite with the shipped readings.',
      '',
      ...shareImageSummary(shareImages).map((line) => `- ${line}`),
      '',
    );
  }
  for (const page of main?.lighthouse?.pages ?? []) {
    sections.push(
      `Lighthouse (mobile) ${page.path}: performance ${page.scores.performance}, accessibility ` +
        `${page.scores.accessibility}, best practices ${page.scores['best-practices']}` +
        (page.scores.seo === undefined ? '' : `, SEO ${page.scores.seo}`) +
        `; FCP ${page.metrics.fcp}, ` +
        `LCP ${page.metrics.lcp}, TBT ${page.metrics.tbt}, CLS ${page.metrics.cls}.` +
        (page.misses.length ? ` Points lost: ${page.misses.join('; ')}.` : ''),
      '',
    );
  }
  sections.push('## Query plans', '');
  for (const result of [main, pgMain].filter(Boolean)) sections.push(plans(result), '');
  await writeFormatted(file, `${sections.join('\n').trim()}\n`);
}
