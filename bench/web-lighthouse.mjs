// Lighthouse (mobile defaults: emulated phone, simulated slow 4G and CPU) on the machine's
// Chromium, for the landing page, the public page of today's reading (with SEO) and, signed in,
// the daily screen.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { MACHINE_SWITCHES, chromiumPath } from '../scripts/chromium.mjs';

const FLAGS = ['--headless=new', ...MACHINE_SWITCHES];
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
/** A page for visitors and search engines is scored for SEO too. */
const PUBLIC_CATEGORIES = [...CATEGORIES, 'seo'];

/**
 * Puts a page's cookies ('name=value; name2=value2') in the browser's own jar, as a signed-in
 * browser holds them, and returns how to take them out again. Sending them as an extra request
 * header instead would be replaced by the jar's header as soon as the page writes a cookie of its
 * own, and the page's scripts could not see the ones they read.
 */
async function holdCookies(port, baseUrl, cookieText) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const session = await browser.target().createCDPSession();
  const cookies = cookieText.split(';').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), url: baseUrl };
  });
  await session.send('Storage.setCookies', { cookies });
  return async () => {
    await session.send('Storage.clearCookies');
    await browser.disconnect();
  };
}

/**
 * Why a run measured nothing of the page, when it did not: Lighthouse itself failed (it could
 * not record its trace, say), or a metric the performance score needs could not be computed
 * (the page painted nothing Lighthouse could see as its largest paint, say), which leaves the
 * score empty rather than low.
 */
function failureOf(lhr) {
  if (lhr.runtimeError) return lhr.runtimeError.message;
  const performance = lhr.categories.performance;
  if (!performance || performance.score !== null) return undefined;
  const failed = performance.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit?.errorMessage)
    .map((audit) => `${audit.id}: ${audit.errorMessage}`);
  return `no performance score (${failed.join('; ') || 'no audit said why'})`;
}

/**
 * Scores (0-100) per page, with the audits that cost points: of `runs` runs of each page, the
 * one with the median performance score (Lighthouse's own advice for a figure that varies from
 * run to run with what else the machine is doing), with every run's performance score beside it.
 * A run that measured nothing (failureOf) scores nothing for a reason that is not the page's
 * speed: it is run once more, and its failure is listed.
 */
export async function lighthousePages(baseUrl, pages, { runs = 3 } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: FLAGS,
  });
  try {
    const results = [];
    for (const page of pages) {
      const categories = page.public ? PUBLIC_CATEGORIES : CATEGORIES;
      const lhrs = [];
      const failedRuns = [];
      const runOnce = async () => {
        const release = page.cookie ? await holdCookies(chrome.port, baseUrl, page.cookie) : null;
        const result = await lighthouse(`${baseUrl}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
        }).finally(() => release?.());
        return result.lhr;
      };
      for (let run = 0; run < runs; run += 1) {
        let lhr = await runOnce();
        const failure = failureOf(lhr);
        if (failure) {
          failedRuns.push(`${failure} (run again)`);
          lhr = await runOnce();
        }
        lhrs.push(lhr);
      }
      const performanceOf = (lhr) => lhr.categories.performance?.score ?? 0;
      const ranked = [...lhrs].sort((a, b) => performanceOf(a) - performanceOf(b));
      const lhr = ranked[Math.floor(ranked.length / 2)];
      const scores = Object.fromEntries(
        categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
      );
      const misses = [];
      for (const id of categories) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
            // What the audit saw, briefly: the console errors or issues behind a lost point.
            const seen = (id === 'performance' ? [] : (audit.details?.items ?? []))
              .slice(0, 3)
              .map((item) => item.description ?? item.issueType ?? item.url)
              .filter(Boolean);
            misses.push(
              `${id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}` +
                (seen.length ? ` - ${seen.join(' | ')}` : ''),
            );
          }
        }
      }
      results.push({
        path: page.path,
        finalUrl: lhr.finalDisplayedUrl,
        scores,
        performanceRuns: lhrs.map((run) => Math.round(performanceOf(run) * 100)),
        // Why a run scored nothing, when Lighthouse itself failed (a timeout, a page that did
        // not paint in time): listed, never hidden, whether its second run worked or not.
        runErrors: [...failedRuns, ...lhrs.map(failureOf).filter(Boolean)],
        metrics: {
          fcp: lhr.audits['first-contentful-paint']?.displayValue,
          lcp: lhr.audits['largest-contentful-paint']?.displayValue,
          tbt: lhr.audits['total-blocking-time']?.displayValue,
          cls: lhr.audits['cumulative-layout-shift']?.displayValue,
        },
        misses,
        runtimeError: lhr.runtimeError?.message,
      });
    }
    return results;
  } finally {
    await chrome.kill();
  }
}
