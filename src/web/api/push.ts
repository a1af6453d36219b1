import type { PushPublicKey, PushReminder } from '#shared/push-schemas';
import { getJson, sendJson } from './client.js';

/** The server's VAPID public key, to subscribe with. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await getJson<PushPublicKey>('/api/push/public-key')).publicKey;
}

/** Stores (or refreshes) this device's subscription with its reminder time and zone. */
export async function savePushSubscription(
  subscription: PushSubscriptionJSON,
  time: string,
  timeZone: string,
): Promise<PushReminder> {
  const body = await sendJson<{ reminder: PushReminder }>('POST', '/api/push/subscriptions', {
    subscription,
    time,
    timeZone,
  });
  return body.reminder;
}

export async function updatePushReminderTime(
  endpoint: string,
  time: string,
  timeZone: string,
): Promise<PushReminder> {
  const body = await sendJson<{ reminder: PushReminder }>('PATCH', '/api/push/subscriptions', {
    endpoint,
    time,
    timeZone,
  });
  return body.reminder;
}

export async function deletePushSubscription(endpoint: string): Promise<void> {
  await sendJson('DELETE', '/api/push/subscriptions', { endpoint });
}
