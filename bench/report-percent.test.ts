import { describe, expect, it } from 'vitest';
import { pct, pctAgainst } from './report-percent.mjs';

describe('a ratio in the report', () => {
  it('is a whole percent, or n/a when it was not measured', () => {
    expect(pct(0.534)).toBe('53%');
    expect(pct(0.5)).toBe('50%');
    expect(pct(undefined)).toBe('n/a');
  });

  it('beside its target, never reads as reaching a target it falls short of', () => {
    expect(pctAgainst(0.4994, 0.5)).toBe('49.9%');
    expect(pctAgainst(0.7996, 0.8)).toBe('79.9%');
    expect(pctAgainst(0.2497, 0.25)).toBe('24.9%');
  });

  it('beside its target, is a whole percent when rounding tells no untruth', () => {
    expect(pctAgainst(0.5, 0.5)).toBe('50%');
    expect(pctAgainst(0.5004, 0.5)).toBe('50%');
    expect(pctAgainst(0.43, 0.5)).toBe('43%');
    expect(pctAgainst(0.594, 0.8)).toBe('59%');
  });
});
