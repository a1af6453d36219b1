import { type ReactNode, useSyncExternalStore } from 'react';

/** How long a toast stays when nothing else waits (the Toaster's default). */
export const TOAST_DURATION_MS = 5_000;
/** While another toast waits, the one on screen stays at most this much longer. */
export const TOAST_HURRIED_MS = 2_500;
/** The pause between one toast closing and the next opening, so that they read as two. */
export const TOAST_GAP_MS = 200;
/** At most this many wait their turn; beyond it the oldest waiting is dropped. */
const MAX_WAITING = 3;

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  variant?: 'default' | 'destructive';
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Listener = () => void;

// One toast shows at a time (docs/product.md#the-screens): the others wait in turn, none is
// replaced before it could be read, and one that waits shortens the one on screen.
let shown: ToastItem | null = null;
/** When the shown toast closes by itself, as far as this module knows (hovering pauses it). */
let shownClosesAt = 0;
let waiting: ToastItem[] = [];
let visible: ToastItem[] = [];
let gapTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();
let counter = 0;

function publish() {
  visible = shown ? [shown] : [];
  for (const listener of listeners) listener();
}

function show(item: ToastItem) {
  shown = item;
  shownClosesAt = Date.now() + (item.duration ?? TOAST_DURATION_MS);
  publish();
}

/** The shown toast gives way sooner now that another waits, but never stays longer. */
function hurryShown() {
  if (!shown?.open) return;
  if (shownClosesAt - Date.now() <= TOAST_HURRIED_MS) return;
  shown = { ...shown, duration: TOAST_HURRIED_MS };
  shownClosesAt = Date.now() + TOAST_HURRIED_MS;
  publish();
}

function showNextAfterGap() {
  clearTimeout(gapTimer);
  gapTimer = setTimeout(() => {
    gapTimer = undefined;
    shown = null;
    const next = waiting.shift();
    if (next) {
      show(next);
      if (waiting.length > 0) hurryShown();
    } else {
      publish();
    }
  }, TOAST_GAP_MS);
}

/** The same words already on screen or waiting are not said twice. */
function sameToast(a: ToastInput, b: ToastInput): boolean {
  const plain = (value: ReactNode) => typeof value === 'string' || value === undefined;
  return (
    plain(a.title) &&
    plain(a.description) &&
    a.title === b.title &&
    a.description === b.description &&
    (a.variant ?? 'default') === (b.variant ?? 'default')
  );
}

/** Closes a toast (all of them, waiting ones too, without an id); the next then follows. */
export function dismissToast(id?: string) {
  if (id === undefined) waiting = [];
  else waiting = waiting.filter((item) => item.id !== id);
  if (shown?.open && (id === undefined || shown.id === id)) {
    shown = { ...shown, open: false };
    publish();
    showNextAfterGap();
  }
}

/** Shows a toast now, or after the ones before it have closed. */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  const twin = [...(shown?.open ? [shown] : []), ...waiting].find((item) => sameToast(item, input));
  if (twin) return { id: twin.id, dismiss: () => dismissToast(twin.id) };

  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const item: ToastItem = { ...input, id: String(counter), open: true };
  if (!shown) {
    show(item);
  } else {
    waiting = [...waiting, item].slice(-MAX_WAITING);
    hurryShown();
  }
  return { id: item.id, dismiss: () => dismissToast(item.id) };
}

/** Calls `listener` whenever the toast on screen changes; returns how to stop. */
export function subscribeToToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The toast on screen (one at most), open or just closing. */
export function visibleToasts(): ToastItem[] {
  return visible;
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribeToToasts, visibleToasts, visibleToasts);
}
