import { useState } from 'react';

/**
 * A choice saved to the account as soon as it is made, shown as made from the click itself.
 * It gives way when the account's own answer moves (or when `forget` is called, as on a failed
 * save), not when the save settles: a save's callbacks run a moment before the account's new
 * answer reaches the screen, and letting go of the choice then shows the old answer for that
 * moment, as if the click had not taken.
 */
export function useChoiceWhileSaving<T>(saved: T) {
  const [asked, setAsked] = useState<{ value: T; over: T } | null>(null);
  // The account moved on (this save, or a change made elsewhere): its answer is the truth now.
  if (asked !== null && !Object.is(asked.over, saved)) setAsked(null);
  const shown = asked !== null && Object.is(asked.over, saved) ? asked.value : saved;
  return {
    shown,
    ask: (value: T) => setAsked({ value, over: saved }),
    forget: () => setAsked(null),
  };
}
