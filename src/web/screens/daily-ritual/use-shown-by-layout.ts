import { type RefObject, useLayoutEffect, useState } from 'react';

/**
 * Whether the page's CSS shows an element (a container query may hide it): true once it has a
 * size, false while it is display:none. False on the server and until the browser has laid the
 * page out, so the first render is the one a phone gets.
 */
export function useShownByLayout(element: RefObject<HTMLElement | null>): boolean {
  const [shown, setShown] = useState(false);
  // Before the first paint, so a wide screen never shows the empty place first.
  useLayoutEffect(() => {
    const target = element.current;
    if (!target || typeof ResizeObserver === 'undefined') return;
    const measure = () => setShown(target.getClientRects().length > 0);
    measure();
    // A display:none element reports a size of zero, and one shown again its size.
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return shown;
}
