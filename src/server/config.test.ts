import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('configuration from the environment', () => {
  it('has working defaults: embedded SQLite, port 3000, UTC', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/app.db',
      appUrl: 'http://localhost:3000',
      https: false,
      appTimezone: 'UTC',
      smtpUrl: null,
      trustProxy: false,
      rateLimitIpFactor: 1,
      feedCacheMb: 16,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://app@db:5432/threefold',
      APP_URL: 'https://threefold.example/',
      APP_TIMEZONE: 'Asia/Tehran',
      SMTP_URL: 'smtp://user:pass@mail:587',
      MAIL_FROM: 'Path <hi@threefold.example>',
      TRUST_PROXY: '1',
      RATE_LIMIT_IP_FACTOR: '50',
      FEED_CACHE_MB: '0',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://app@db:5432/threefold',
      appUrl: 'https://threefold.example',
      https: true,
      appTimezone: 'Asia/Tehran',
      smtpUrl: 'smtp://user:pass@mail:587',
      trustProxy: 1,
      rateLimitIpFactor: 50,
      feedCacheMb: 0,
    });
  });

  it('names every bad value at once, with a clear message', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        APP_URL: 'not a url',
        APP_TIMEZONE: 'Moon/Base',
        SMTP_URL: 'http://mail',
        RATE_LIMIT_IP_FACTOR: '0',
        FEED_CACHE_MB: '-1',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT: PORT must be a number');
    expect(message).toContain('DATABASE_URL: DATABASE_URL must be sqlite:PATH or postgres://');
    expect(message).toContain('APP_URL: APP_URL must be an absolute http(s) URL');
    expect(message).toContain('APP_TIMEZONE: APP_TIMEZONE must be an IANA time zone');
    expect(message).toContain('SMTP_URL: SMTP_URL must look like smtp://');
    expect(message).toContain('RATE_LIMIT_IP_FACTOR: RATE_LIMIT_IP_FACTOR must be greater than 0');
    expect(message).toContain('FEED_CACHE_MB: FEED_CACHE_MB must be 0 or more');
  });

  it('still takes the feed cache size under its earlier name, KEPT_FEEDS_MB', () => {
    expect(loadConfig({ KEPT_FEEDS_MB: '8' }).feedCacheMb).toBe(8);
    expect(loadConfig({ KEPT_FEEDS_MB: '8', FEED_CACHE_MB: '16' }).feedCacheMb).toBe(16);
  });

  it('takes Redis for rate limits only when REDIS_URL is a redis:// address', () => {
    expect(loadConfig({})).toMatchObject({ redisUrl: null, redisKeyPrefix: 'threefold:rate:' });
    expect(
      loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 'tp:' }),
    ).toMatchObject({ redisUrl: 'redis://127.0.0.1:6379', redisKeyPrefix: 'tp:' });
    expect(() => loadConfig({ REDIS_URL: 'localhost:6379' })).toThrow(
      'REDIS_URL: REDIS_URL must look like redis://127.0.0.1:6379',
    );
  });

  it('accepts push subscriptions only from the known push services unless told otherwise', () => {
    expect(loadConfig({}).pushServiceHosts).toEqual(
      expect.arrayContaining(['fcm.googleapis.com', 'push.apple.com']),
    );
    expect(loadConfig({ PUSH_SERVICE_HOSTS: 'Push.Example.org, *' }).pushServiceHosts).toEqual([
      'push.example.org',
      '*',
    ]);
    expect(loadConfig({ PUSH_SERVICE_HOSTS: '127.0.0.1:4443' }).pushServiceHosts).toEqual([
      '127.0.0.1:4443',
    ]);
    expect(() => loadConfig({ PUSH_SERVICE_HOSTS: 'https://push.example.org/' })).toThrow(
      'PUSH_SERVICE_HOSTS must be a comma-separated list of host names (host:port for another port than 443), or *',
    );
  });

  it('takes a metrics token of 32 visible characters or more, and never prints it', () => {
    const token = 'f'.repeat(64);
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(loadConfig({}).metricsToken).toBeNull();
    for (const bad of ['short-token', `${'a'.repeat(40)} with spaces`]) {
      let message = '';
      try {
        loadConfig({ METRICS_TOKEN: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain(
        'METRICS_TOKEN: METRICS_TOKEN must be 32 to 256 visible characters without spaces',
      );
      expect(message).not.toContain(bad);
    }
  });

  it('keeps serving SHUTDOWN_DELAY_MS after SIGTERM, 0 unless set, at most a minute', () => {
    expect(loadConfig({}).shutdownDelayMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_MS: '5000' }).shutdownDelayMs).toBe(5000);
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: '61000' })).toThrow(
      'SHUTDOWN_DELAY_MS must be between 0 and 60000',
    );
  });

  it('lets requests set the date only outside production, where TEST_CLOCK is refused', () => {
    expect(loadConfig({}).testClock).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', TEST_CLOCK: 'true' }).testClock).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'true' })).toThrow(
      "TEST_CLOCK: TEST_CLOCK lets a request choose the server's date, for end-to-end tests only; it is refused when NODE_ENV=production",
    );
    expect(loadConfig({ NODE_ENV: 'production', TEST_CLOCK: 'false' }).testClock).toBe(false);
  });
});
