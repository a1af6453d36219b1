import {
  Suspense,
  lazy,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useNavigate } from 'react-router';
import type { Thought } from '#shared/thought-types';
import { useTodayThought } from '../../api/thoughts.js';
import { paths } from '../../app/paths.js';
import { useProgress } from '../../hooks/use-progress.js';
import { cn } from '../../lib/cn.js';
import { DayHeader } from './day-header.js';
import { StanzaPanel, UnderstandingPanel } from './panels.js';
import { ReadingProgress } from './reading-progress.js';
import { useReducedMotion } from './use-reduced-motion.js';
import { useSwipe } from './use-swipe.js';

// The reflection form (and its form library) is two steps away from the first view, so it
// loads just after the stanza is shown rather than with it.
const loadReflectionPanel = () => import('./reflection-panel.js');
const ReflectionPanel = lazy(async () => ({
  default: (await loadReflectionPanel()).ReflectionPanel,
}));

type Panel = 0 | 1 | 2;
const PANEL_NAMES = ['Gatha', 'Understanding', 'Reflection'] as const;

/** How long the screen lingers before moving to a newly unlocked stanza. */
const ADVANCE_AFTER_EXPLANATION_MS = 1000;
const ADVANCE_AFTER_SAVE_MS = 1500;

/**
 * One day's reading: the stanza, its explanation and the reflection, one panel at a time.
 * It is mounted once per day, so a new day always begins on the stanza with a fresh form.
 */
export function DayReading({ day, thought }: { day: number; thought: Thought }) {
  const [panel, setPanel] = useState<Panel>(0);
  const previousPanel = useRef<Panel>(0);
  const { markStep } = useProgress();
  const navigate = useNavigate();
  const currentDay = useTodayThought().data?.currentDay;
  const reducedMotion = useReducedMotion();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const advanceTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(advanceTimer.current), []);

  // Fetched once the stanza is up, so the form is here before the reader reaches it, even if
  // the connection drops meanwhile.
  useEffect(() => {
    loadReflectionPanel().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (panel === 0) markStep(day, 'gatha');
  }, [panel, day, markStep]);

  const advanceLater = useCallback(
    (stanza: number | null, delay: number) => {
      // Moving on to a day that has not opened yet would only show a locked screen.
      if (stanza === null || currentDay === undefined || stanza > currentDay) return;
      clearTimeout(advanceTimer.current);
      advanceTimer.current = setTimeout(
        () => void navigate(paths.dailyRitual.getHref(stanza)),
        delay,
      );
    },
    [navigate, currentDay],
  );

  const showPanel = (next: Panel) => {
    if (next === panel) return;
    // A transition keeps the current panel in place until the next one can show whole, so the
    // focus and the slide below always meet a rendered panel.
    startTransition(() => setPanel(next));
    if (next === 1) advanceLater(markStep(day, 'explanation'), ADVANCE_AFTER_EXPLANATION_MS);
  };

  const onSaved = () => advanceLater(markStep(day, 'reflection'), ADVANCE_AFTER_SAVE_MS);

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
    const element = panelRef.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top;
    if (top < 0) element.scrollIntoView({ block: 'start', behavior: 'instant' });
    if (reducedMotion || typeof element.animate !== 'function') return;
    const direction = panel > from ? 1 : -1;
    element.animate(
      [
        { opacity: 0, transform: `translateX(${direction * 32}px)` },
        { opacity: 1, transform: 'translateX(0)' },
      ],
      { duration: 320, easing: 'cubic-bezier(0.22, 0.8, 0.3, 1)' },
    );
  }, [panel, reducedMotion]);

  return (
    <div className="flex flex-col gap-8">
      <DayHeader day={day} />

      <div className="flex flex-col gap-6">
        <ol className="flex items-center justify-center gap-2" aria-label="Reading steps">
          {PANEL_NAMES.map((name, index) => (
            <li key={name} aria-current={index === panel ? 'step' : undefined}>
              <span className="sr-only">{name}</span>
              <span
                aria-hidden="true"
                className={cn(
                  'block h-1.5 rounded-full transition-all duration-300 motion-reduce:transition-none',
                  index === panel ? 'w-6 bg-primary' : 'w-1.5 bg-input',
                )}
              />
            </li>
          ))}
        </ol>

        <div
          {...bind}
          data-testid="reading-panels"
          className={cn('touch-pan-y scroll-mt-20', dragging && 'cursor-grabbing select-none')}
        >
          <div
            ref={panelRef}
            style={{
              transform: offset ? `translateX(${offset}px)` : undefined,
              opacity: offset ? 1 - Math.abs(offset) / 400 : undefined,
            }}
            className={cn(
              'scroll-mt-20',
              !dragging && !reducedMotion && 'transition-[transform,opacity] duration-300 ease-out',
            )}
          >
            <Suspense fallback={null}>
              {panel === 0 && (
                <StanzaPanel
                  thought={thought}
                  headingRef={headingRef}
                  onReadExplanation={() => showPanel(1)}
                />
              )}
              {panel === 1 && (
                <UnderstandingPanel
                  thought={thought}
                  headingRef={headingRef}
                  onBack={() => showPanel(0)}
                  onReflect={() => showPanel(2)}
                />
              )}
              {panel === 2 && (
                <ReflectionPanel
                  day={day}
                  prompt={thought.reflectionPrompt}
                  headingRef={headingRef}
                  onBack={() => showPanel(0)}
                  onSaved={onSaved}
                />
              )}
            </Suspense>
          </div>
        </div>
      </div>

      <ReadingProgress day={day} />
    </div>
  );
}
