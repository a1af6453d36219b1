/**
 * A newcomer is asked for their pace once, on the first daily screen after sign-up. The ask
 * lives in this tab's session storage, so a reload before answering asks again and nothing
 * else of the device remembers it.
 */
const PACE_WELCOME_KEY = 'tfp_choose_pace';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (a privacy setting): the newcomer reads with everyone, the default.
    return null;
  }
}

export function askForPaceOnce(): void {
  storage()?.setItem(PACE_WELCOME_KEY, '1');
}

export function paceWelcomeAsked(): boolean {
  return storage()?.getItem(PACE_WELCOME_KEY) === '1';
}

export function paceWelcomeAnswered(): void {
  storage()?.removeItem(PACE_WELCOME_KEY);
}
