import { useSyncExternalStore } from 'react';

// Inside the signed-in app, toasts show in a place the shell keeps for them under its header,
// in the page's flow: they push the page down rather than lie over the reading
// (docs/product.md#the-screens). Elsewhere they rise from the bottom edge.
let place: HTMLElement | null = null;
const listeners = new Set<() => void>();

/** A ref callback for the element toasts show in; null when it leaves the page. */
export function keepToastPlace(element: HTMLElement | null) {
  if (place === element) return;
  place = element;
  for (const listener of listeners) listener();
}

/** The element toasts show in, or null where toasts float at the bottom of the screen. */
export function useToastPlace(): HTMLElement | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => place,
    () => null,
  );
}
