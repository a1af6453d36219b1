import { describe, expect, it } from 'vitest';
import { medianRun } from './median-run.mjs';

describe('the run a repeated row reports', () => {
  it('is the run with the middle ratio, whole, whatever order the runs came in', () => {
    const runs = [
      { ratio: 0.91, rps: 9100 },
      { ratio: 0.71, rps: 7100 },
      { ratio: 0.82, rps: 8200 },
    ];
    expect(medianRun(runs)).toEqual({ ratio: 0.82, rps: 8200 });
    expect(runs.map((run) => run.ratio)).toEqual([0.91, 0.71, 0.82]);
  });

  it('of an even number of runs, is the lower middle one', () => {
    const runs = [0.9, 0.7, 0.8, 0.6].map((ratio) => ({ ratio }));
    expect(medianRun(runs).ratio).toBe(0.7);
  });

  it('of one run, is that run', () => {
    expect(medianRun([{ ratio: 0.5 }]).ratio).toBe(0.5);
  });

  it('of no runs, is refused', () => {
    expect(() => medianRun([])).toThrow('no runs');
  });
});
