/**
 * Taps made on the server-rendered page before the app was live, as kept by
 * public/early-taps.js: each button that opts in names itself with `data-early-tap`.
 */
interface EarlyTapWindow {
  __earlyTaps?: string[];
  __earlyTapsTaken?: boolean;
}

const page = (): EarlyTapWindow | undefined =>
  typeof window === 'undefined' ? undefined : (window as EarlyTapWindow);

/**
 * From now on the app sees every tap itself (React replays the ones made while it hydrates),
 * so the early script stops keeping them.
 */
export function stopKeepingEarlyTaps(): void {
  const target = page();
  if (target) target.__earlyTapsTaken = true;
}

/** True once if the button named `name` was tapped before the app was live. */
export function takeEarlyTap(name: string): boolean {
  const taps = page()?.__earlyTaps;
  const index = taps ? taps.indexOf(name) : -1;
  if (!taps || index < 0) return false;
  // Every kept tap on it goes: one tap or three before the page was live ask for one thing.
  for (let i = taps.length - 1; i >= 0; i--) if (taps[i] === name) taps.splice(i, 1);
  return true;
}
