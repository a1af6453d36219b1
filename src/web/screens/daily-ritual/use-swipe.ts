import {
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  useRef,
  useState,
} from 'react';

/** Spec section 9: a drag is a swipe past 50 px or faster than 200 px/s, and moves at most 100 px. */
const SWIPE_OFFSET = 50;
const SWIPE_SPEED = 200;
const DRAG_LIMIT = 100;
/** Movement below this is a tap or a wobble, not the start of a drag. */
const DRAG_START = 10;
/** The speed at release is measured over the last moments of the drag. */
const SPEED_WINDOW_MS = 100;

interface Gesture {
  pointerId: number;
  startX: number;
  startY: number;
  dragging: boolean;
  samples: { x: number; time: number }[];
}

const clamp = (value: number) => Math.max(-DRAG_LIMIT, Math.min(DRAG_LIMIT, value));

/** Text is selected by dragging inside a field, so a drag there is never a swipe. */
function startsInTextField(target: EventTarget) {
  return target instanceof Element && target.closest('textarea, input, [contenteditable]') !== null;
}

function speedAtRelease(samples: Gesture['samples']): number {
  const last = samples[samples.length - 1];
  if (!last) return 0;
  const recent = samples.filter((sample) => last.time - sample.time <= SPEED_WINDOW_MS);
  const first = recent[0];
  if (!first || first === last || last.time === first.time) return 0;
  return ((last.x - first.x) / (last.time - first.time)) * 1000;
}

/**
 * Horizontal swipes by pointer (mouse, pen or touch): a left swipe calls onSwipeLeft, a right
 * swipe onSwipeRight. Vertical movement is left to the page so it still scrolls.
 */
export function useSwipe(handlers: { onSwipeLeft: () => void; onSwipeRight: () => void }) {
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);
  const gesture = useRef<Gesture | null>(null);
  const swallowClick = useRef(false);

  const finish = (swiped: boolean) => {
    const current = gesture.current;
    gesture.current = null;
    if (!current?.dragging) return;
    setDragging(false);
    setOffset(0);
    // The release of a drag must not also press the button it ended on; the click that
    // follows a release arrives before the next task, so the guard lifts itself after that.
    swallowClick.current = true;
    setTimeout(() => {
      swallowClick.current = false;
    }, 0);
    if (!swiped) return;
    const last = current.samples[current.samples.length - 1];
    const travelled = clamp((last?.x ?? current.startX) - current.startX);
    const speed = speedAtRelease(current.samples);
    if (travelled < -SWIPE_OFFSET || (travelled < 0 && speed < -SWIPE_SPEED))
      handlers.onSwipeLeft();
    else if (travelled > SWIPE_OFFSET || (travelled > 0 && speed > SWIPE_SPEED))
      handlers.onSwipeRight();
  };

  const bind = {
    onPointerDown(event: ReactPointerEvent<HTMLElement>) {
      swallowClick.current = false;
      if (!event.isPrimary || (event.pointerType === 'mouse' && event.button !== 0)) return;
      if (startsInTextField(event.target)) return;
      gesture.current = {
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        dragging: false,
        samples: [{ x: event.clientX, time: event.timeStamp }],
      };
    },
    onPointerMove(event: ReactPointerEvent<HTMLElement>) {
      const current = gesture.current;
      if (!current || current.pointerId !== event.pointerId) return;
      const dx = event.clientX - current.startX;
      const dy = event.clientY - current.startY;
      if (!current.dragging) {
        if (Math.abs(dy) > DRAG_START && Math.abs(dy) >= Math.abs(dx)) {
          gesture.current = null;
          return;
        }
        if (Math.abs(dx) < DRAG_START || Math.abs(dx) < Math.abs(dy)) return;
        current.dragging = true;
        setDragging(true);
        event.currentTarget.setPointerCapture(event.pointerId);
        window.getSelection()?.removeAllRanges();
      }
      current.samples.push({ x: event.clientX, time: event.timeStamp });
      setOffset(clamp(dx));
    },
    onPointerUp(event: ReactPointerEvent<HTMLElement>) {
      if (gesture.current?.pointerId === event.pointerId) finish(true);
    },
    onPointerCancel(event: ReactPointerEvent<HTMLElement>) {
      if (gesture.current?.pointerId === event.pointerId) finish(false);
    },
    onClickCapture(event: ReactMouseEvent<HTMLElement>) {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };

  return { offset, dragging, bind };
}
