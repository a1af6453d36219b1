import { useEffect, useEffectEvent, useLayoutEffect, useRef } from 'react';
import { takeEarlyTap } from './early-taps.js';

/**
 * Answers, with `answer`, a tap on the button named `name` (`data-early-tap`) made before the
 * server-rendered page was live: once the button has mounted, and not before `ready` (what the
 * tap meant may depend on data still on its way).
 */
export function useEarlyTap(name: string, answer: () => void, ready = true) {
  const tapped = useRef(false);
  const answerTap = useEffectEvent(answer);
  // The button is live from the moment its click handler is, in the same task: effects run only
  // after the next frame, and a tap in between would be both kept and answered by the handler.
  useLayoutEffect(() => {
    if (takeEarlyTap(name)) tapped.current = true;
  }, [name]);
  useEffect(() => {
    if (!tapped.current || !ready) return;
    tapped.current = false;
    answerTap();
  }, [name, ready]);
}
