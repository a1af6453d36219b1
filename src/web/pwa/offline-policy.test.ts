import { describe, expect, it } from 'vitest';
import {
  PERSONAL_CACHES,
  READINGS_CACHE,
  SESSION_CACHE,
  READINGS_MAX_ENTRIES,
  cacheNameOf,
  dayOfReadingPath,
  isAppNavigation,
  isPublicDayNavigation,
  notificationTargetUrl,
  offlineCacheFor,
  openDayReadingPaths,
} from './offline-policy.js';
import { TOTAL_DAYS } from '#shared/constants';

describe('offlineCacheFor', () => {
  it('keeps the public readings: every stanza call, the stanza info, its outline and the glossary', () => {
    for (const path of [
      '/api/thoughts/today',
      '/api/thoughts/1',
      '/api/thoughts/241',
      '/api/thoughts/meta/total',
      '/api/gathas/info/1',
      '/api/gathas/info/200',
      '/api/gathas/info',
      '/api/glossary',
    ]) {
      expect(offlineCacheFor('GET', path), path).toBe('readings');
    }
  });

  it('keeps the sign-in answer so the shell opens offline', () => {
    expect(offlineCacheFor('GET', '/api/auth/me')).toBe('session');
  });

  it('never keeps personal answers, the contents list, or anything but GET', () => {
    for (const path of [
      '/api/journal',
      '/api/journal/day/3',
      '/api/journal/friends',
      '/api/friends',
      '/api/friend-requests',
      '/api/users/search',
      '/api/thoughts',
      '/api/thoughts/',
      '/api/gathas/info/',
      '/api/auth/logout',
      '/api/health',
      '/app/daily-ritual',
    ]) {
      expect(offlineCacheFor('GET', path), path).toBeNull();
    }
    expect(offlineCacheFor('POST', '/api/thoughts/1')).toBeNull();
    expect(offlineCacheFor('POST', '/api/auth/me')).toBeNull();
    expect(offlineCacheFor('get', '/api/thoughts/1')).toBe('readings');
  });

  it('names one cache for each kind, and both are personal', () => {
    expect(cacheNameOf('readings')).toBe(READINGS_CACHE);
    expect(cacheNameOf('session')).toBe(SESSION_CACHE);
    expect([...PERSONAL_CACHES].sort()).toEqual([READINGS_CACHE, SESSION_CACHE].sort());
  });
});

describe('isAppNavigation', () => {
  it('answers app routes with the shell', () => {
    for (const path of [
      '/',
      '/landing',
      '/password-reset',
      '/app/daily-ritual',
      '/app/daily-ritual/12',
      '/day/4',
      '/contents',
      '/no/such/page',
    ]) {
      expect(isAppNavigation(path), path).toBe(true);
    }
  });

  it("leaves the API, the days' public pages and files alone", () => {
    for (const path of [
      '/api',
      '/api/',
      '/read/today',
      '/read/87',
      '/api/thoughts/today',
      '/manifest.webmanifest',
      '/service-worker.js',
      '/icons/icon-192.png',
      '/apple-touch-icon.png',
    ]) {
      expect(isAppNavigation(path), path).toBe(false);
    }
  });
});

describe('openDayReadingPaths', () => {
  it("keeps each open day's stanza and stanza info, and what every day shares", () => {
    expect(openDayReadingPaths(3).sort()).toEqual(
      [
        '/api/thoughts/meta/total',
        '/api/gathas/info',
        '/api/glossary',
        '/api/thoughts/1',
        '/api/thoughts/2',
        '/api/thoughts/3',
        '/api/gathas/info/1',
        '/api/gathas/info/2',
        '/api/gathas/info/3',
      ].sort(),
    );
  });

  it('never names a day after the last open one', () => {
    const days = openDayReadingPaths(100).flatMap((path) => dayOfReadingPath(path) ?? []);
    expect(Math.max(...days)).toBe(100);
    expect(new Set(days).size).toBe(100);
    expect(openDayReadingPaths(0).some((path) => dayOfReadingPath(path) !== null)).toBe(false);
  });

  it('stays within the cycle, and a whole cycle fits the cache with room for today', () => {
    const everyDay = openDayReadingPaths(TOTAL_DAYS + 50);
    expect(everyDay).toEqual(openDayReadingPaths(TOTAL_DAYS));
    expect(everyDay.every((path) => offlineCacheFor('GET', path) === 'readings')).toBe(true);
    expect(everyDay.length + 1).toBeLessThanOrEqual(READINGS_MAX_ENTRIES);
  });
});

describe('dayOfReadingPath', () => {
  it("names the day of a day's stanza or stanza info", () => {
    expect(dayOfReadingPath('/api/thoughts/7')).toBe(7);
    expect(dayOfReadingPath('/api/gathas/info/241')).toBe(241);
  });

  it('names no day for the readings every day shares, or for anything else', () => {
    for (const path of [
      '/api/thoughts/today',
      '/api/thoughts/meta/total',
      '/api/gathas/info',
      '/api/glossary',
      '/api/thoughts/07',
      '/api/journal/day/3',
      '/read/3',
    ]) {
      expect(dayOfReadingPath(path), path).toBeNull();
    }
  });
});

describe('isPublicDayNavigation', () => {
  it("is the days' public pages only", () => {
    expect(isPublicDayNavigation('/read/87')).toBe(true);
    expect(isPublicDayNavigation('/read/today')).toBe(true);
    expect(isPublicDayNavigation('/read')).toBe(true);
    expect(isPublicDayNavigation('/reading')).toBe(false);
    expect(isPublicDayNavigation('/app/daily-ritual/3')).toBe(false);
    expect(isPublicDayNavigation('/landing')).toBe(false);
  });
});

describe('notificationTargetUrl', () => {
  const origin = 'https://path.example';

  it("opens the reminder's day", () => {
    expect(notificationTargetUrl({ url: '/app/daily-ritual/42' }, origin)).toBe(
      'https://path.example/app/daily-ritual/42',
    );
    expect(notificationTargetUrl({ url: `${origin}/app/daily-ritual/7` }, origin)).toBe(
      'https://path.example/app/daily-ritual/7',
    );
  });

  it('falls back to the daily ritual without a usable address of this app', () => {
    const fallback = 'https://path.example/app/daily-ritual';
    expect(notificationTargetUrl(undefined, origin)).toBe(fallback);
    expect(notificationTargetUrl(null, origin)).toBe(fallback);
    expect(notificationTargetUrl({}, origin)).toBe(fallback);
    expect(notificationTargetUrl({ url: 42 }, origin)).toBe(fallback);
    expect(notificationTargetUrl({ url: '' }, origin)).toBe(fallback);
    expect(notificationTargetUrl({ url: 'https://elsewhere.example/app' }, origin)).toBe(fallback);
    expect(notificationTargetUrl({ url: 'http://[bad' }, origin)).toBe(fallback);
  });
});
