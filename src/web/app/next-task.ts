interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Resolves in a later task of the page, so the browser can paint and answer a tap between two
 * steps of the app's start. Not a timer: a page whose timers are held back (a background tab)
 * still starts.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
