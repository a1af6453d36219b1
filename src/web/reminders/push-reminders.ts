import {
  deletePushSubscription,
  fetchPushPublicKey,
  savePushSubscription,
  updatePushReminderTime,
} from '../api/push.js';
import { ApiError, browserTimeZone } from '../api/client.js';

/** How long to wait for a registered service worker to become active before giving up. */
const ACTIVE_WORKER_WAIT_MS = 3_000;
/** Some browser builds never reach a push service; their subscribe would never settle. */
const SUBSCRIBE_TIMEOUT_MS = 10_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
    promise.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/**
 * The service worker registration, once active, when this browser can receive pushes; else
 * null (no Push API, no worker registered, e.g. a development build or blocked workers).
 */
async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof window === 'undefined' || !('PushManager' in window)) return null;
  if (!('serviceWorker' in navigator) || !('Notification' in window)) return null;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return null;
    if (registration.active) return registration;
    const timeout = new Promise<null>((resolve) =>
      setTimeout(() => resolve(null), ACTIVE_WORKER_WAIT_MS),
    );
    return await Promise.race([navigator.serviceWorker.ready, timeout]);
  } catch {
    return null;
  }
}

/** This device's push subscription, when it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await pushRegistration();
  if (!registration) return null;
  try {
    return await registration.pushManager.getSubscription();
  } catch {
    return null;
  }
}

function sameKey(subscription: PushSubscription, publicKey: Uint8Array): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const bytes = new Uint8Array(key);
  return bytes.length === publicKey.length && bytes.every((byte, i) => byte === publicKey[i]);
}

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Subscribes this device to reminder pushes at `time` (notification permission already
 * granted). Resolves false when push is unavailable or refused, so the in-page reminder runs.
 */
export async function enablePushReminder(time: string): Promise<boolean> {
  const registration = await pushRegistration();
  if (!registration) return false;
  try {
    const publicKey = base64UrlToBytes(await fetchPushPublicKey());
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made with another server key would have every push refused.
    if (subscription && !sameKey(subscription, publicKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await withTimeout(
      registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: publicKey,
      }),
      SUBSCRIBE_TIMEOUT_MS,
      'Subscribing to push',
    );
    await savePushSubscription(subscription.toJSON(), time, browserTimeZone());
    return true;
  } catch (error) {
    console.warn('Push reminders are unavailable; using the in-page reminder', error);
    return false;
  }
}

/**
 * Moves this device's push reminder to `time`. Resolves false when the device has no push
 * subscription; a reminder the server no longer has (after signing out) is stored again.
 */
export async function changePushReminderTime(time: string): Promise<boolean> {
  const subscription = await currentPushSubscription();
  if (!subscription) return false;
  try {
    await updatePushReminderTime(subscription.endpoint, time, browserTimeZone());
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    await savePushSubscription(subscription.toJSON(), time, browserTimeZone());
  }
  return true;
}

/** Stops reminder pushes to this device, on the server and in the browser. */
export async function disablePushReminder(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await deletePushSubscription(subscription.endpoint).catch((error: unknown) =>
    console.warn('Could not remove the reminder from the server', error),
  );
  await subscription.unsubscribe().catch(() => false);
}
