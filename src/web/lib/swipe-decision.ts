/** A drag is a swipe past 50 px or faster than 200 px/s, and moves at most 100 px. */
export const SWIPE_OFFSET_PX = 50;
export const SWIPE_SPEED_PX_PER_S = 200;
export const DRAG_LIMIT_PX = 100;
/** The speed at release is measured over the last moments of the drag. */
const SPEED_WINDOW_MS = 100;

export function clampDrag(dx: number): number {
  return Math.max(-DRAG_LIMIT_PX, Math.min(DRAG_LIMIT_PX, dx));
}

/** Horizontal speed in px/s over the last 100 ms of a drag's samples. */
export function releaseSpeed(samples: readonly { x: number; time: number }[]): number {
  const last = samples[samples.length - 1];
  if (!last) return 0;
  const recent = samples.filter((sample) => last.time - sample.time <= SPEED_WINDOW_MS);
  const first = recent[0];
  if (!first || first === last || last.time === first.time) return 0;
  return ((last.x - first.x) / (last.time - first.time)) * 1000;
}

/**
 * Whether a released drag was a swipe, and which way: far enough (past 50 px) or fast enough
 * (over 200 px/s) in the direction it travelled.
 */
export function swipeDecision(travelled: number, speed: number): 'left' | 'right' | null {
  const dx = clampDrag(travelled);
  if (dx < -SWIPE_OFFSET_PX || (dx < 0 && speed < -SWIPE_SPEED_PX_PER_S)) return 'left';
  if (dx > SWIPE_OFFSET_PX || (dx > 0 && speed > SWIPE_SPEED_PX_PER_S)) return 'right';
  return null;
}
