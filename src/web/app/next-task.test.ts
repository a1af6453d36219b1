import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task.js';

describe('nextTask', () => {
  it('resolves in a later task, after the work this task has queued', async () => {
    const order: string[] = [];
    const later = nextTask().then(() => order.push('next task'));
    void Promise.resolve().then(() => order.push('this task'));
    await later;
    expect(order).toEqual(['this task', 'next task']);
  });

  it('uses the browser scheduler when there is one', async () => {
    const calls: string[] = [];
    const global = globalThis as { scheduler?: unknown };
    global.scheduler = { yield: () => (calls.push('yield'), Promise.resolve()) };
    try {
      await nextTask();
    } finally {
      delete global.scheduler;
    }
    expect(calls).toEqual(['yield']);
  });
});
