/**
 * Taps made on the server-rendered page before a button was live, as kept by the head's script
 * (src/shared/early-taps-kept.ts): each button that opts in names itself with `data-early-tap`.
 * A button is live once its component has mounted, which is not when the app starts: a part of
 * the page waits for its code before it is hydrated, and a tap on a part still waiting is dropped.
 */
interface EarlyTapWindow {
  __earlyTaps?: string[];
  __earlyTapsLive?: Record<string, boolean>;
}

const page = (): EarlyTapWindow | undefined =>
  typeof window === 'undefined' ? undefined : (window as EarlyTapWindow);

/**
 * Called when the button named `name` has mounted: from now on it sees its taps itself, so
 * none are kept for it. True once if it was tapped before.
 */
export function takeEarlyTap(name: string): boolean {
  const target = page();
  if (target?.__earlyTapsLive) target.__earlyTapsLive[name] = true;
  const taps = target?.__earlyTaps;
  const index = taps ? taps.indexOf(name) : -1;
  if (!taps || index < 0) return false;
  // Every kept tap on it goes: one tap or three before the page was live ask for one thing.
  for (let i = taps.length - 1; i >= 0; i--) if (taps[i] === name) taps.splice(i, 1);
  return true;
}

/**
 * `takeEarlyTap` for buttons that ask for different things (two doors into one sheet): each is
 * live from now on, and the one tapped last before the page was live, if any, is answered.
 */
export function takeLastEarlyTap<Name extends string>(names: readonly Name[]): Name | null {
  const taps = page()?.__earlyTaps ?? [];
  const last = [...taps].reverse().find((tap): tap is Name => names.includes(tap as Name));
  for (const name of names) takeEarlyTap(name);
  return last ?? null;
}
