import { describe, expect, it } from 'vitest';
import {
  PERSONAL_CACHES,
  READINGS_CACHE,
  SESSION_CACHE,
  cacheNameOf,
  isAppNavigation,
  notificationTargetUrl,
  offlineCacheFor,
} from './offline-policy.js';

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
