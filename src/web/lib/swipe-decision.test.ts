import { describe, expect, it } from 'vitest';
import { clampDrag, releaseSpeed, swipeDecision } from './swipe-decision.js';

describe('the swipe decision', () => {
  it('counts a drag past 50 px either way, however slow', () => {
    expect(swipeDecision(-51, 0)).toBe('left');
    expect(swipeDecision(51, 0)).toBe('right');
    expect(swipeDecision(-50, 0)).toBeNull();
    expect(swipeDecision(50, 0)).toBeNull();
  });

  it('counts a short drag faster than 200 px/s in its own direction', () => {
    expect(swipeDecision(-20, -201)).toBe('left');
    expect(swipeDecision(20, 201)).toBe('right');
    expect(swipeDecision(-20, -200)).toBeNull();
    // Fast, but flicked back against the way it travelled.
    expect(swipeDecision(-20, 300)).toBeNull();
    expect(swipeDecision(0, 500)).toBeNull();
  });

  it('limits the drag to 100 px', () => {
    expect(clampDrag(250)).toBe(100);
    expect(clampDrag(-250)).toBe(-100);
    expect(clampDrag(30)).toBe(30);
  });

  it('measures the speed over the last 100 ms', () => {
    expect(releaseSpeed([])).toBe(0);
    expect(releaseSpeed([{ x: 0, time: 0 }])).toBe(0);
    const samples = [
      { x: 0, time: 0 },
      { x: 5, time: 500 },
      { x: 25, time: 550 },
      { x: 45, time: 600 },
    ];
    expect(releaseSpeed(samples)).toBeCloseTo(400);
  });
});
