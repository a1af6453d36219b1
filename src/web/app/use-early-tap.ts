import { useEffect, useEffectEvent, useRef } from 'react';
import { takeEarlyTap } from './early-taps.js';

/**
 * Answers, with `answer`, a tap on the button named `name` (`data-early-tap`) made before the
 * server-rendered page was live: once the button has mounted, and not before `ready` (what the
 * tap meant may depend on data still on its way).
 */
export function useEarlyTap(name: string, answer: () => void, ready = true) {
  const tapped = useRef<boolean | null>(null);
  const answerTap = useEffectEvent(answer);
  useEffect(() => {
    tapped.current ??= takeEarlyTap(name);
    if (!tapped.current || !ready) return;
    tapped.current = false;
    answerTap();
  }, [name, ready]);
}
