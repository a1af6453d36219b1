import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.js';
import { sharedSecret } from '../db/server-secrets.js';

/**
 * A browser that has signed in to an account carries this cookie (OWASP "device cookies"):
 * the account id and a random nonce, signed with a key only the server holds. It grants
 * nothing by itself; at sign-in it lets the owner's own browser through while failures from
 * elsewhere have used up the account's allowance (see sign-in-limits.ts).
 */
export const DEVICE_COOKIE = 'tfp_device';
const DEVICE_COOKIE_DAYS = 365;
/** Only the sign-in and sign-up calls read or renew it. */
const DEVICE_COOKIE_PATH = '/api/auth';
const KEY_NAME = 'device-cookie-key';

export interface KnownDevice {
  userId: number;
  /** Names the device in its own failure count. */
  nonce: string;
}

/** Where the signing key is read from: the database, through the process's cache. */
export type DeviceKeySource = Pick<AppContext, 'db' | 'cache'>;

/** The signing key, kept in the database so every process shares it; read once per process. */
function signingKey({ db, cache }: DeviceKeySource, now: Date): Promise<Buffer> {
  return cache.serverSecret(KEY_NAME, () => sharedSecret(db, KEY_NAME, now));
}

const signature = (key: Buffer, userId: number, nonce: string) =>
  createHmac('sha256', key).update(`device:${userId}.${nonce}`).digest();

/** The device this request's cookie names, when its signature holds; null otherwise. */
export async function knownDevice(
  request: FastifyRequest,
  keySource: DeviceKeySource,
  now: Date,
): Promise<KnownDevice | null> {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value || value.length > 100) return null;
  const [id, nonce, mac, extra] = value.split('.');
  if (extra !== undefined || !id || !nonce || !mac) return null;
  if (!/^[1-9]\d{0,11}$/.test(id) || !/^[\w-]{22}$/.test(nonce)) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = signature(await signingKey(keySource, now), Number(id), nonce);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(id), nonce };
}

/**
 * Marks this browser as one that signed in to `userId`: the same device again when its cookie
 * already names that account, a new one otherwise. Returns the device.
 */
export async function rememberDevice(
  reply: FastifyReply,
  keySource: DeviceKeySource,
  userId: number,
  current: KnownDevice | null,
  secure: boolean,
  now: Date,
): Promise<KnownDevice> {
  const nonce = current?.userId === userId ? current.nonce : randomBytes(16).toString('base64url');
  const mac = signature(await signingKey(keySource, now), userId, nonce).toString('base64url');
  reply.setCookie(DEVICE_COOKIE, `${userId}.${nonce}.${mac}`, {
    path: DEVICE_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
  return { userId, nonce };
}
