import type { ApiBody } from '#shared/api-contract';
import type { PushReminder } from '#shared/push-schemas';
import { callApi } from './client.js';

/** The server's VAPID public key, to subscribe with. */
export async function fetchPushPublicKey(): Promise<string> {
  return (await callApi('GET /api/push/public-key')).publicKey;
}

type SubscriptionBody = ApiBody<'POST /api/push/subscriptions'>['subscription'];

/** The browser's subscription as the server takes it; a part it lacks is sent empty and refused. */
function subscriptionBody(json: PushSubscriptionJSON): SubscriptionBody {
  return {
    endpoint: json.endpoint ?? '',
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}

/** Stores (or refreshes) this device's subscription with its reminder time and zone. */
export async function savePushSubscription(
  subscription: PushSubscriptionJSON,
  time: string,
  timeZone: string,
): Promise<PushReminder> {
  const body = { subscription: subscriptionBody(subscription), time, timeZone };
  return (await callApi('POST /api/push/subscriptions', { body })).reminder;
}

export async function updatePushReminderTime(
  endpoint: string,
  time: string,
  timeZone: string,
): Promise<PushReminder> {
  const body = { endpoint, time, timeZone };
  return (await callApi('PATCH /api/push/subscriptions', { body })).reminder;
}

export async function deletePushSubscription(endpoint: string): Promise<void> {
  await callApi('DELETE /api/push/subscriptions', { body: { endpoint } });
}
