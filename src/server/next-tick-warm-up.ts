import { setImmediate as nextTurn } from 'node:timers/promises';

const nothing = () => {};

/**
 * Has V8 optimise Node's `process.nextTick` before the app's modules load. Every answer queues
 * about a dozen ticks inside Node's streams; a nextTick optimised once the app has loaded builds
 * each tick object in V8's runtime instead of inline, about a tenth of the instructions of a
 * small answer (docs/decisions/033-next-tick-optimised-first.md). The ticks do nothing and are
 * run a few hundred at a time: ticks that all lived through a collection would teach V8 to
 * allocate every later tick among long-lived objects.
 */
export async function optimiseNextTick(): Promise<void> {
  for (let round = 0; round < 300; round += 1) {
    for (let i = 0; i < 100; i += 1) {
      process.nextTick(nothing);
      process.nextTick(nothing, i);
      process.nextTick(nothing, i, i);
    }
    await nextTurn();
  }
}
