import { clsx } from 'clsx';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { ProgressStep } from '#shared/progress';
import type { Thought } from '#shared/thought-types';
import { queryKeys } from '../../api/query-keys.js';
import { useTodayThought } from '../../api/thoughts.js';
import { paths } from '../../app/paths.js';
import { lazyPart } from '../../components/lazy-part.js';
import { PartLoadBoundary } from '../../components/part-load-boundary.js';
import { useProgress } from '../../hooks/use-progress.js';
import { DayCompleteMoment } from './day-complete-moment.js';
import { DayHeader } from './day-header.js';
import { StanzaPanel } from './panels.js';
import { ReadingProgress } from './reading-progress.js';
import { ReflectionSkeleton } from './reading-skeleton.js';
import { useReducedMotion } from './use-reduced-motion.js';
import { useShownByLayout } from './use-shown-by-layout.js';
import { useSwipe } from './use-swipe.js';

// The explanation is a step away from the first view: it loads once the stanza is shown, and
// a tap on Read Explanation before it is here keeps the stanza in place until it is.
const loadUnderstandingPanel = () => import('./understanding-panel.js');
const UnderstandingPanel = lazyPart(
  async () => (await loadUnderstandingPanel()).UnderstandingPanel,
);

// The reflection form (and its form library) is two steps away from the first view, so it
// loads just after the stanza is shown rather than with it.
const loadReflectionPanel = () => import('./reflection-panel.js');
const ReflectionPanel = lazyPart(async () => (await loadReflectionPanel()).ReflectionPanel);

type Panel = 0 | 1 | 2;
/** What fetches each panel's code; the stanza's comes with the screen. */
const PANEL_CODE: Record<Panel, (() => Promise<unknown>) | null> = {
  0: null,
  1: UnderstandingPanel.preload,
  2: ReflectionPanel.preload,
};
// The steps' own names, short enough for a phone and unlike the panels' buttons (Gatha, Read
// Explanation, Reflect), so each control keeps a name of its own.
const PANEL_NAMES = ['Stanza', 'Meaning', 'Write'] as const;

/** How long the day-complete moment lingers after a save before the screen moves on. */
const ADVANCE_AFTER_SAVE_MS = 1500;

interface Moment {
  /** Counts saves, so each one begins its own moment. */
  save: number;
  opened: number | null;
  moving: boolean;
}

/**
 * One day's reading: the stanza, its explanation and the reflection, one panel at a time; on a
 * wide screen the reflection form stands beside the stanza or its explanation, whichever the
 * reader has open. It is mounted once per day, so a new day always begins on the stanza with a
 * fresh form.
 */
export function DayReading({ day, thought }: { day: number; thought: Thought }) {
  const [panel, setPanel] = useState<Panel>(0);
  /** The reading panel last open: what the wide layout shows beside the form. */
  const [reading, setReading] = useState<0 | 1>(0);
  const besideRef = useRef<HTMLDivElement>(null);
  const formBeside = useShownByLayout(besideRef);
  const previousPanel = useRef<Panel>(0);
  const { markStep } = useProgress();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const currentDay = useTodayThought().data?.currentDay;
  const reducedMotion = useReducedMotion();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const momentRef = useRef<HTMLDivElement>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [moment, setMoment] = useState<Moment | null>(null);
  /** The day this one opened on the reader's path, once a step has completed it. */
  const opened = useRef<number | null>(null);
  /** Today's day: a day past it is not called available, nor moved to. */
  const openThrough = useRef(0);
  useLayoutEffect(() => {
    openThrough.current = currentDay ?? 0;
  }, [currentDay]);

  useEffect(() => () => clearTimeout(advanceTimer.current), []);

  // Fetched once the stanza is up, so the explanation, the form and the glossary are here
  // before the reader reaches them, even if the connection drops meanwhile.
  useEffect(() => {
    loadUnderstandingPanel()
      .then(({ loadGlossaryWords }) => loadGlossaryWords())
      .catch(() => undefined);
    loadReflectionPanel().catch(() => undefined);
  }, []);

  const step = useCallback(
    (name: ProgressStep) => {
      const next = markStep(day, name, openThrough.current);
      if (next !== null) opened.current = next;
      return next;
    },
    [day, markStep],
  );

  useEffect(() => {
    if (panel === 0) step('gatha');
  }, [panel, step]);

  // The explanation step is done when the reader leaves the explanation (for the stanza, the
  // reflection, another day or another screen, or by closing the page), never while it is open.
  useEffect(() => {
    if (panel !== 1) return;
    const leave = () => step('explanation');
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [panel, step]);

  const stay = useCallback(() => {
    clearTimeout(advanceTimer.current);
    setMoment((current) => current && { ...current, moving: false });
  }, []);

  // The screen moves on only while the reader leaves it be: a key, a touch or a click anywhere
  // but in the moment itself (whose own buttons decide) keeps it where it is.
  const moving = moment?.moving ?? false;
  useEffect(() => {
    if (!moving) return;
    const busy = (event: Event) => {
      if (event.target instanceof Node && momentRef.current?.contains(event.target)) return;
      stay();
    };
    const events = ['keydown', 'pointerdown', 'input'] as const;
    for (const name of events) document.addEventListener(name, busy, true);
    return () => {
      for (const name of events) document.removeEventListener(name, busy, true);
    };
  }, [moving, stay]);

  /** Counts the panels asked for, so only the last one asked shows when its code is here. */
  const panelsAsked = useRef(0);
  const showPanel = (next: Panel) => {
    // Asking for the panel already open still counts: it cancels a panel whose code is loading.
    const asked = ++panelsAsked.current;
    if (next === panel) return;
    const show = () => {
      if (panelsAsked.current !== asked) return;
      setPanel(next);
      if (next !== 2) setReading(next);
    };
    // The current panel stays in place until the next one's code is here, so the focus and the
    // slide below always meet a rendered panel rather than its placeholder. A failed load shows
    // the panel all the same, whose boundary offers to try again.
    const code = PANEL_CODE[next]?.();
    if (code) void code.then(show, show);
    else show();
  };

  // A save completes the day: first the moment (day complete, streak), then, when the reader's
  // path opened a day that can be read, that day after the spec's 1.5 s.
  const onSaved = () => {
    const next = step('reflection') ?? opened.current;
    void queryClient.invalidateQueries({ queryKey: queryKeys.progress });
    setMoment((current) => ({
      save: (current?.save ?? 0) + 1,
      opened: next,
      moving: next !== null,
    }));
    clearTimeout(advanceTimer.current);
    if (next === null) return;
    advanceTimer.current = setTimeout(
      () => void navigate(paths.dailyRitual.getHref(next)),
      ADVANCE_AFTER_SAVE_MS,
    );
  };

  const { offset, dragging, bind } = useSwipe({
    onSwipeLeft: () => {
      if (panel < 2) showPanel((panel + 1) as Panel);
    },
    onSwipeRight: () => {
      if (panel > 0) showPanel((panel - 1) as Panel);
    },
  });

  // A new panel slides in from the side it came from and takes the focus, so keyboard and
  // screen-reader users land on its heading rather than on the button that just vanished.
  useLayoutEffect(() => {
    const from = previousPanel.current;
    previousPanel.current = panel;
    if (from === panel) return;
    headingRef.current?.focus({ preventScroll: true });
    // Beside the reading, the form was in place all along: only the reading slides.
    const toForm = formBeside && panel === 2;
    const element = toForm ? besideRef.current : panelRef.current;
    if (!element) return;
    // Scrolled up to the panel's start when that is above the clear area below the sticky
    // header (the page's scroll padding).
    const clearTop = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (element.getBoundingClientRect().top < clearTop) {
      element.scrollIntoView({ block: 'start', behavior: 'instant' });
    }
    if (reducedMotion || typeof element.animate !== 'function') return;
    if (formBeside && (panel === 2 || from === 2)) return;
    const direction = panel > from ? 1 : -1;
    element.animate(
      [
        { opacity: 0, transform: `translateX(${direction * 32}px)` },
        { opacity: 1, transform: 'translateX(0)' },
      ],
      { duration: 320, easing: 'cubic-bezier(0.22, 0.8, 0.3, 1)' },
    );
  }, [panel, reducedMotion, formBeside]);

  const shownPanel = formBeside && panel === 2 ? reading : panel;
  const completeMoment = moment && (
    <DayCompleteMoment
      key={moment.save}
      containerRef={momentRef}
      day={day}
      opened={moment.opened}
      moving={moment.moving}
      isToday={day === currentDay}
      onStay={stay}
    />
  );
  const reflectionPanel = (
    <ReflectionPanel
      day={day}
      prompt={thought.reflectionPrompt}
      headingRef={panel === 2 ? headingRef : null}
      onBack={() => showPanel(0)}
      onSaved={onSaved}
    />
  );

  return (
    <div className="flex flex-col gap-8">
      <DayHeader day={day} />

      <div className="flex flex-col gap-6">
        {/*
          The three steps, each a button the keyboard reaches; the names show where they fit.
          With names the row is about 15rem wide, so the room is measured in rem (it grows with
          the text size), not in the screen's pixels: at 200% text on a 360 px phone the steps
          keep to their marks rather than scrolling the page sideways.
        */}
        <nav aria-label="Reading steps" className="@container">
          <ol className="flex items-center justify-center gap-1">
            {PANEL_NAMES.map((name, index) => (
              <li key={name}>
                <button
                  type="button"
                  aria-label={`Step ${index + 1}: ${name}`}
                  aria-current={index === panel ? 'step' : undefined}
                  onClick={() => showPanel(index as Panel)}
                  className={clsx(
                    'flex min-h-8 min-w-8 items-center justify-center gap-2 rounded-full px-2 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                    index === panel
                      ? 'text-primary'
                      : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={clsx(
                      'block h-1.5 shrink-0 rounded-full transition-all duration-300 motion-reduce:transition-none',
                      index === panel ? 'w-6 bg-primary' : 'w-1.5 bg-input',
                    )}
                  />
                  <span className="@max-[16rem]:sr-only">{name}</span>
                </button>
              </li>
            ))}
          </ol>
        </nav>

        {/* One column on a phone; on a wide screen the reading and the form side by side. */}
        <div className="flex flex-col gap-6 @5xl/shell:grid @5xl/shell:grid-cols-2 @5xl/shell:items-start @5xl/shell:gap-10">
          <div className="flex min-w-0 flex-col gap-6">
            <div
              {...bind}
              data-testid="reading-panels"
              className={clsx('touch-pan-y', dragging && 'cursor-grabbing select-none')}
            >
              <div
                ref={panelRef}
                style={{
                  transform: offset ? `translateX(${offset}px)` : undefined,
                  opacity: offset ? 1 - Math.abs(offset) / 400 : undefined,
                }}
                className={clsx(
                  !dragging &&
                    !reducedMotion &&
                    'transition-[transform,opacity] duration-300 ease-out',
                )}
              >
                <PartLoadBoundary>
                  {shownPanel === 0 && (
                    <StanzaPanel
                      thought={thought}
                      headingRef={panel === 0 ? headingRef : null}
                      onReadExplanation={() => showPanel(1)}
                    />
                  )}
                  {shownPanel === 1 && (
                    <UnderstandingPanel
                      thought={thought}
                      headingRef={panel === 1 ? headingRef : null}
                      onBack={() => showPanel(0)}
                      onReflect={() => showPanel(2)}
                    />
                  )}
                  {shownPanel === 2 && reflectionPanel}
                </PartLoadBoundary>
              </div>
            </div>
            {!formBeside && panel === 2 && completeMoment}
          </div>

          {/* Shown (and filled) only where the wide layout has room for it. */}
          <div
            ref={besideRef}
            data-testid="reflection-beside"
            className="hidden min-w-0 flex-col gap-6 @5xl/shell:flex"
          >
            {formBeside && (
              <PartLoadBoundary loading={<ReflectionSkeleton />}>
                {reflectionPanel}
              </PartLoadBoundary>
            )}
            {formBeside && completeMoment}
          </div>
        </div>
      </div>

      <ReadingProgress day={day} />
    </div>
  );
}
