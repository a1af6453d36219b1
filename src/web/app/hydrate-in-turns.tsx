import { type ReactNode, Suspense, lazy } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { settledNow } from '../components/lazy-part.js';

/** True only while the page's first hydration runs (Preact hydrates in one synchronous pass). */
let hydrating = false;

function Pass({ children }: { children: ReactNode }) {
  return children;
}

/**
 * A part of the page that the first hydration leaves as the server sent it, to hydrate in a task
 * of its own just after: the page's hydration is then a few shorter tasks rather than one long
 * one, and the reader's taps are answered between them. Preact keeps a part's markup while it
 * waits, so the part must render one element. Every later render of it is immediate.
 */
export function hydratedInTurn() {
  const Turn = lazy(() =>
    hydrating
      ? new Promise<{ default: typeof Pass }>((resolve) =>
          setTimeout(() => resolve({ default: Pass })),
        )
      : // A part rendered after the hydration never waits.
        settledNow({ default: Pass }),
  );
  return function InTurn({ children }: { children: ReactNode }) {
    // The server renders the part where it stands: only the browser's hydration waits.
    if (typeof window === 'undefined') return children;
    return (
      <Suspense fallback={null}>
        <Turn>{children}</Turn>
      </Suspense>
    );
  };
}

/** Hydrates `app` in `root`, the parts made with hydratedInTurn each in a later task. */
export function hydrateInTurns(root: HTMLElement, app: ReactNode) {
  hydrating = true;
  try {
    hydrateRoot(root, app);
  } finally {
    hydrating = false;
  }
}
