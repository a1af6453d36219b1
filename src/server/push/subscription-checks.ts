import { createPublicKey } from 'node:crypto';
import type { BrowserPushSubscription } from '#shared/push-schemas';
import { HttpError } from '../http/http-errors.js';
import { isAllowedPushService } from './push-service-hosts.js';

const UNKNOWN_PUSH_SERVICE = "This browser's push service is not supported";
const NOT_A_P256_KEY = 'keys.p256dh must be a P-256 public key in base64url';
const NOT_AN_AUTH_SECRET = 'keys.auth must be 16 bytes in base64url';

/**
 * Refuses (400, naming the field) a subscription the server should not keep: an endpoint off
 * the configured push services or on another port (the server posts to it), or keys a browser
 * could not have made, which no push could ever be encrypted to.
 */
export function checkBrowserSubscription(
  subscription: BrowserPushSubscription,
  allowedHosts: readonly string[],
): void {
  const refuse = (path: string, message: string) => {
    throw new HttpError(400, message, { errors: [{ path, message }] });
  };
  if (!isAllowedPushService(subscription.endpoint, allowedHosts)) {
    refuse('subscription.endpoint', UNKNOWN_PUSH_SERVICE);
  }
  if (!isP256PublicKey(subscription.keys.p256dh))
    refuse('subscription.keys.p256dh', NOT_A_P256_KEY);
  if (!isAuthSecret(subscription.keys.auth)) refuse('subscription.keys.auth', NOT_AN_AUTH_SECRET);
}

/** Whether `p256dh` is an uncompressed point on the P-256 curve (65 bytes, 0x04 first). */
export function isP256PublicKey(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04) return false;
  try {
    // Importing checks that the point lies on the curve.
    createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** Whether `auth` is the 16-byte secret a browser gives with its subscription. */
export function isAuthSecret(auth: string): boolean {
  const secret = Buffer.from(auth, 'base64url');
  return secret.length === 16 && secret.toString('base64url') === auth;
}
