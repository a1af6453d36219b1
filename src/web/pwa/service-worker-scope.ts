import type { PrecacheEntry } from 'workbox-precaching';

/*
 * The few service worker types the worker uses. The repository type-checks one program with the
 * DOM library; adding the WebWorker library would redefine globals for every web file, so the
 * worker describes the parts of its global scope it touches here instead.
 */

/** An event whose work keeps the worker alive until the promise settles. */
export interface ExtendableWorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}

export interface NotificationClickWorkerEvent extends ExtendableWorkerEvent {
  readonly notification: Notification;
}

export interface PushWorkerEvent extends ExtendableWorkerEvent {
  /** The decrypted payload, or null for a push without one. */
  readonly data: { text(): string } | null;
}

export interface MessageWorkerEvent extends ExtendableWorkerEvent {
  readonly data: unknown;
}

export interface WorkerWindowClient {
  readonly url: string;
  focus(): Promise<WorkerWindowClient>;
  navigate(url: string): Promise<WorkerWindowClient | null>;
}

export interface ServiceWorkerScope {
  readonly location: { readonly origin: string };
  readonly clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WorkerWindowClient[]>;
    openWindow(url: string): Promise<WorkerWindowClient | null>;
  };
  /** Where vite-plugin-pwa writes the list of built files to precache. */
  readonly __WB_MANIFEST: (PrecacheEntry | string)[];
  readonly registration: Pick<ServiceWorkerRegistration, 'showNotification'>;
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'notificationclick',
    listener: (event: NotificationClickWorkerEvent) => void,
  ): void;
  addEventListener(type: 'push', listener: (event: PushWorkerEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageWorkerEvent) => void): void;
}
