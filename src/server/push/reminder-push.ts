import type https from 'node:https';
import { createRequire } from 'node:module';
import type webPushModule from 'web-push';
import type { PushPayload } from '#shared/push-payload';
import type { VapidKeys } from './vapid-keys.js';

// web-push loads with the first push a process sends, not at start.
const require = createRequire(import.meta.url);
const loadWebPush = () => require('web-push') as typeof webPushModule;

/** A notice nobody saw within half a day is stale; the push service may drop it. */
const PUSH_TTL_SECONDS = 12 * 60 * 60;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type PushOutcome =
  | { kind: 'sent' }
  /** 404 or 410: the subscription has expired or was revoked. */
  | { kind: 'gone'; status: number }
  | { kind: 'failed'; error: unknown };

export interface PushTransport {
  vapid: VapidKeys;
  /** Reused connections, and a cap on sockets per push service. */
  agent: https.Agent;
  timeoutMs: number;
}

/** Sends one encrypted (aes128gcm), VAPID-signed push: a daily reminder or a circle notice. */
export async function sendPush(
  transport: PushTransport,
  target: PushTarget,
  payload: PushPayload,
): Promise<PushOutcome> {
  const webPush = loadWebPush();
  try {
    await webPush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: {
          subject: transport.vapid.subject,
          publicKey: transport.vapid.publicKey,
          privateKey: transport.vapid.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        timeout: transport.timeoutMs,
        agent: transport.agent,
      },
    );
    return { kind: 'sent' };
  } catch (error) {
    if (
      error instanceof webPush.WebPushError &&
      (error.statusCode === 404 || error.statusCode === 410)
    ) {
      return { kind: 'gone', status: error.statusCode };
    }
    return { kind: 'failed', error };
  }
}
