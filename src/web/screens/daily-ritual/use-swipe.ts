import {
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  useRef,
  useState,
} from 'react';
import { clampDrag as clamp, releaseSpeed, swipeDecision } from '../../lib/swipe-decision.js';

/** Movement below this is a tap or a wobble, not the start of a drag. */
const DRAG_START = 10;

interface Gesture {
  pointerId: number;
  startX: number;
  startY: number;
  dragging: boolean;
  samples: { x: number; time: number }[];
}

/** Text is selected by dragging inside a field, so a drag there is never a swipe. */
function startsInTextField(target: EventTarget) {
  return target instanceof Element && target.closest('textarea, input, [contenteditable]') !== null;
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
    const decision = swipeDecision(travelled, releaseSpeed(current.samples));
    if (decision === 'left') handlers.onSwipeLeft();
    else if (decision === 'right') handlers.onSwipeRight();
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
