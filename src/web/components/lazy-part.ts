import { type ComponentType, createElement, lazy } from 'react';

/** Times a reader asked to try again; a part whose load failed before that asks anew. */
let tries = 0;

/** Lets every part whose code failed to load ask for it again on its next render. */
export function tryFailedPartsAgain() {
  tries += 1;
}

/** A thenable React.lazy reads as settled at once, so a part already here does not suspend. */
export function settledNow<T>(value: T): Promise<T> {
  return { then: (onSettled: (settled: T) => unknown) => onSettled(value) } as Promise<T>;
}

/**
 * A part of the page whose code loads on demand, like React.lazy, with two differences:
 * `preload` fetches the code ahead of the first render, which then does not suspend; and a
 * failed load (offline, or the app changed on the server since the page opened) is not kept
 * for ever: after a "Try again" (PartLoadBoundary) the part asks for its code anew.
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loaded: ComponentType<Props> | undefined;
  let failedAt: number | null = null;
  const preload = () =>
    load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        failedAt = tries;
        throw error;
      },
    );
  const loader = () =>
    lazy(() =>
      loaded ? settledNow({ default: loaded }) : preload().then((found) => ({ default: found })),
    );
  let current = loader();
  function LazyPart(props: Props) {
    if (failedAt !== null && failedAt < tries) {
      failedAt = null;
      current = loader();
    }
    return createElement(current, props);
  }
  return Object.assign(LazyPart, { preload });
}
