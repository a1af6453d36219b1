/**
 * Sends what is kept at once, else what `read()` gives once it has it. A route handler that is
 * not an async function and returns this answers a warm call (a kept reading, feed or entry)
 * without waiting on a promise (docs/decisions/021).
 */
export function sendKeptOrRead<T>(
  kept: T | undefined,
  read: () => Promise<T>,
  send: (value: T) => void,
): Promise<void> | undefined {
  if (kept !== undefined) {
    send(kept);
    return undefined;
  }
  return read().then(send);
}
