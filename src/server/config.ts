import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isValidTimeZone } from '#shared/day-model';

/** The package root, so paths work from src/ (tests) and dist/ (built) alike. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const boolText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * The push services browsers subscribe through. The server posts to a subscription's endpoint,
 * so it only accepts endpoints on these hosts (or their subdomains), never an arbitrary address.
 */
const knownPushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

const megabytes = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number of megabytes` })
    .nonnegative({ error: `${name} must be 0 or more` });

const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce
      .number({ error: 'PORT must be a number' })
      .int({ error: 'PORT must be a whole number' })
      .min(0, { error: 'PORT must be between 0 and 65535' })
      .max(65535, { error: 'PORT must be between 0 and 65535' })
      .default(3000),
    HOST: z.string().min(1, { error: 'HOST must not be empty' }).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .default('sqlite:./data/app.db')
      .refine((v) => /^(sqlite:.+|postgres(ql)?:\/\/.+)$/.test(v), {
        error: 'DATABASE_URL must be sqlite:PATH or postgres://USER@HOST:PORT/DB',
      }),
    APP_URL: z
      .url({ error: 'APP_URL must be an absolute http(s) URL such as http://localhost:3000' })
      .refine((v) => /^https?:\/\//.test(v), {
        error: 'APP_URL must start with http:// or https://',
      })
      .optional(),
    APP_TIMEZONE: z.string().default('UTC').refine(isValidTimeZone, {
      error: 'APP_TIMEZONE must be an IANA time zone such as Europe/London',
    }),
    SMTP_URL: z
      .string()
      .refine((v) => /^smtps?:\/\/.+/.test(v), {
        error: 'SMTP_URL must look like smtp://user:pass@host:587',
      })
      .optional(),
    MAIL_FROM: z.string().min(3).default('The Threefold Path <no-reply@localhost>'),
    MAIL_OUTBOX_DIR: z.string().default('./data/outbox'),
    SHARE_IMAGES_DIR: z.string().default('./data/share-images'),
    SHARE_IMAGES_DRAW_AHEAD: boolText.default(true),
    TRUST_PROXY: z
      .string()
      .default('false')
      .refine((v) => /^(true|false|\d+|[\d.:a-fA-F/, ]+)$/.test(v), {
        error: 'TRUST_PROXY must be true, false, a hop count or a list of addresses',
      }),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    RATE_LIMIT_IP_FACTOR: z.coerce
      .number({ error: 'RATE_LIMIT_IP_FACTOR must be a number' })
      .positive({ error: 'RATE_LIMIT_IP_FACTOR must be greater than 0' })
      .default(1),
    CONTENT_DIR: z.string().default(path.join(projectRoot, 'content')),
    WEB_DIST_DIR: z.string().default(path.join(projectRoot, 'dist', 'web')),
    SLOW_QUERY_MS: z.coerce.number().nonnegative().default(200),
    SERVE_WEB: boolText.default(true),
    FEED_CACHE_MB: megabytes('FEED_CACHE_MB').optional(),
    /** The earlier name of FEED_CACHE_MB, still accepted. */
    KEPT_FEEDS_MB: megabytes('KEPT_FEEDS_MB').optional(),
    REDIS_URL: z
      .string()
      .refine((v) => /^rediss?:\/\/.+/.test(v), {
        error: 'REDIS_URL must look like redis://127.0.0.1:6379',
      })
      .optional(),
    REDIS_KEY_PREFIX: z.string().default('threefold:rate:'),
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, {
        error: 'VAPID_PUBLIC_KEY must be a P-256 public key in base64url (87 characters)',
      })
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, {
        error: 'VAPID_PRIVATE_KEY must be a P-256 private key in base64url (43 characters)',
      })
      .optional(),
    VAPID_SUBJECT: z
      .string()
      .refine((v) => /^mailto:.+@.+/.test(v) || /^https:\/\/.+/.test(v), {
        error: 'VAPID_SUBJECT must be a mailto: address or an https:// URL',
      })
      .optional(),
    PUSH_SCHEDULER: boolText.default(true),
    PUSH_SERVICE_HOSTS: z
      .string()
      .default(knownPushServiceHosts.join(','))
      .refine(
        (v) => v.split(',').every((host) => /^(\*|[a-z0-9.-]+(:\d{1,5})?)$/i.test(host.trim())),
        {
          error:
            'PUSH_SERVICE_HOSTS must be a comma-separated list of host names (host:port for another port than 443), or *',
        },
      ),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{32,256}$/, {
        error:
          'METRICS_TOKEN must be 32 to 256 visible characters without spaces (openssl rand -hex 32 makes one)',
      })
      .optional(),
    SHUTDOWN_DELAY_MS: z.coerce
      .number({ error: 'SHUTDOWN_DELAY_MS must be a number of milliseconds' })
      .int({ error: 'SHUTDOWN_DELAY_MS must be a whole number of milliseconds' })
      .min(0, { error: 'SHUTDOWN_DELAY_MS must be between 0 and 60000' })
      .max(60_000, { error: 'SHUTDOWN_DELAY_MS must be between 0 and 60000' })
      .default(0),
    TEST_CLOCK: boolText.default(false),
  })
  .refine((env) => (env.VAPID_PUBLIC_KEY === undefined) === (env.VAPID_PRIVATE_KEY === undefined), {
    error: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither)',
    path: ['VAPID_PRIVATE_KEY'],
  })
  .refine((env) => !(env.TEST_CLOCK && env.NODE_ENV === 'production'), {
    error:
      "TEST_CLOCK lets a request choose the server's date, for end-to-end tests only; it is refused when NODE_ENV=production",
    path: ['TEST_CLOCK'],
  })
  .transform((env) => ({
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    /** Served over HTTPS (APP_URL says so): cookies are Secure and HSTS is sent. */
    https: (env.APP_URL ?? '').startsWith('https://'),
    appTimezone: env.APP_TIMEZONE,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    mailOutboxDir: path.resolve(env.MAIL_OUTBOX_DIR),
    shareImagesDir: path.resolve(env.SHARE_IMAGES_DIR),
    shareImagesDrawAhead: env.SHARE_IMAGES_DRAW_AHEAD,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL,
    rateLimitIpFactor: env.RATE_LIMIT_IP_FACTOR,
    contentDir: path.resolve(env.CONTENT_DIR),
    webDistDir: path.resolve(env.WEB_DIST_DIR),
    slowQueryMs: env.SLOW_QUERY_MS,
    serveWeb: env.SERVE_WEB,
    feedCacheMb: env.FEED_CACHE_MB ?? env.KEPT_FEEDS_MB ?? 16,
    vapidKeys:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : null,
    vapidSubject: env.VAPID_SUBJECT ?? mailtoOf(env.MAIL_FROM),
    pushScheduler: env.PUSH_SCHEDULER,
    pushServiceHosts: env.PUSH_SERVICE_HOSTS.split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    redisUrl: env.REDIS_URL ?? null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    metricsToken: env.METRICS_TOKEN ?? null,
    shutdownDelayMs: env.SHUTDOWN_DELAY_MS,
    testClock: env.TEST_CLOCK,
  }));

export type AppConfig = Readonly<z.output<typeof configSchema>>;

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** The push services' contact for this app: the address in MAIL_FROM, as mailto:. */
function mailtoOf(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export class ConfigError extends Error {}

/** Reads the configuration from environment variables, naming every bad value at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return Object.freeze(result.data);
}
