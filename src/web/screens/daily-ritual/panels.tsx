import { clsx } from 'clsx';
import { ArrowRight } from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useMemo, useState } from 'react';
import { stanzaLinesToSpeak, stanzaVerses } from '../../lib/read-aloud.js';
import type { Thought } from '#shared/thought-types';
import { Button } from '../../components/ui/button.js';
import { lazyPart } from '../../components/lazy-part.js';
import { PartLoadBoundary } from '../../components/part-load-boundary.js';
import { useEarlyTap } from '../../app/use-early-tap.js';
import { useProgress } from '../../hooks/use-progress.js';
import { spokenLineClass } from './explanation-text.js';
import { SaveStanzaButton } from './save-stanza-button.js';
import { SavedStanzaNote } from './saved-stanza-note.js';
import { ShareDayButton } from './share-day-button.js';
import { useSpeechVoices } from './use-speech-voices.js';
import type * as readAloudModule from './read-aloud.js';

// What the reader wrote on this stanza before shows only once it has been fetched, in the live
// page: its code (with the journal's reading and date formatting) loads then, not with the stanza.
const EarlierReflection = lazyPart(
  async () => (await import('./earlier-reflection.js')).EarlierReflection,
);

function EarlierReflectionOfWrittenDay({ day }: { day: number }) {
  const written = useProgress().record.reflectionSaved.includes(day);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live || !written) return null;
  return (
    <PartLoadBoundary quietly={null}>
      <EarlierReflection day={day} />
    </PartLoadBoundary>
  );
}

type ReadAloudCode = typeof readAloudModule;

// Reading aloud loads on demand, only where the browser has voices.
let readAloud: ReadAloudCode | null = null;
const loadReadAloud = async () => (readAloud = await import('./read-aloud.js'));

export interface PanelProps {
  headingRef: Ref<HTMLHeadingElement>;
}

export const panelHeading = 'font-serif text-2xl font-semibold tracking-wide focus:outline-none';

/** "Listen", with its voice and speed, where this browser has voices to read with. */
export function ListenControl({
  className,
  ...props
}: {
  lines: readonly string[];
  what: string;
  onLine: (line: number | null) => void;
  className?: string;
}) {
  const voices = useSpeechVoices();
  const hasVoices = voices.length > 0;
  // Loaded, not suspended on, for the same reason as the glossary words below.
  const [code, setCode] = useState(readAloud);
  useEffect(() => {
    if (hasVoices && !code) loadReadAloud().then(setCode, () => undefined);
  }, [hasVoices, code]);
  // Nothing at all without voices, so the page is laid out as if there were no control.
  if (!hasVoices || !code) return null;
  return (
    <div className={className}>
      <code.ReadAloud {...props} voices={voices} />
    </div>
  );
}

/**
 * A panel's buttons, held at the bottom of the screen (above the tab bar and the install offer)
 * while the panel above them is read, so the next step is in sight from the first view; they
 * settle in their place under the panel when it ends. Where the screen is under 20rem wide at
 * the reader's text size (large text on a phone, or a page zoomed far in), a held bar would
 * cover much of the panel beneath it, so the buttons keep their place under the panel.
 */
export function NextStepBar({ className, children }: { className: string; children: ReactNode }) {
  return (
    <div
      data-next-step-bar=""
      className={clsx(
        'static z-10 @xs/shell:sticky @xs/shell:bottom-[calc(var(--app-tab-bar-height)+var(--install-offer-space,0px))] -mx-4 flex flex-wrap items-center gap-3 self-stretch border-t border-border/60 bg-background/95 px-4 py-3 backdrop-blur max-[359px]:-mx-3 max-[359px]:px-3',
        className,
      )}
    >
      {children}
    </div>
  );
}

/** Panel 0: the stanza itself, line by line as it was written. */
export function StanzaPanel({
  thought,
  headingRef,
  onReadExplanation,
}: PanelProps & { thought: Thought; onReadExplanation: () => void }) {
  // A tap made before the server-rendered page was live opens the explanation now.
  useEarlyTap('read-explanation', onReadExplanation);
  const [spokenLine, setSpokenLine] = useState<number | null>(null);
  const lines = useMemo(() => stanzaLinesToSpeak(thought.thought), [thought.thought]);
  // Lines are numbered as they are read aloud: blank ones are not read.
  let lineNumber = 0;
  return (
    <section aria-labelledby="stanza-heading" className="flex flex-col items-center gap-8">
      <h2 id="stanza-heading" ref={headingRef} tabIndex={-1} className="sr-only">
        The stanza
      </h2>
      <ListenControl
        className="self-stretch"
        lines={lines}
        what="the stanza"
        onLine={setSpokenLine}
      />
      <figure className="w-full rounded-2xl border border-border bg-card px-6 py-10 shadow-sm max-[359px]:px-3 max-[359px]:py-6 sm:px-12 sm:py-14 @5xl/shell:px-8">
        <span aria-hidden="true" className="mx-auto mb-8 block h-px w-12 bg-primary/40" />
        <blockquote
          data-testid="stanza-text"
          // Below 360 px the lines keep whole words: the type steps down toward the body's size.
          className="flex flex-col gap-5 font-serif text-[1.3rem] leading-normal text-foreground max-[359px]:text-[max(1rem,min(1.3rem,7.5vw))] sm:text-[1.45rem]"
        >
          {stanzaVerses(thought.thought).map((verseLines, verse) => (
            <p key={verse} className="flex flex-col gap-2">
              {verseLines.map((line, index) => {
                const spoken = line.trim() !== '' && lineNumber++ === spokenLine;
                return (
                  // A line too long for the screen wraps under a hanging indent, so the
                  // stanza's own line breaks stay easy to see.
                  <span
                    key={index}
                    data-spoken={spoken || undefined}
                    className={clsx(
                      'block pl-6 -indent-6 max-[359px]:pl-4 max-[359px]:-indent-4',
                      spoken && spokenLineClass,
                    )}
                  >
                    {line}
                  </span>
                );
              })}
            </p>
          ))}
        </blockquote>
        <figcaption className="mt-8 text-center text-sm italic text-muted-foreground">
          Rendered by {thought.author}
        </figcaption>
      </figure>
      <NextStepBar className="justify-center">
        <Button size="lg" onClick={onReadExplanation} data-early-tap="read-explanation">
          Read Explanation <ArrowRight aria-hidden="true" />
        </Button>
      </NextStepBar>
      <div className="flex flex-col items-center gap-1">
        <div className="flex flex-wrap items-center justify-center gap-3">
          <SaveStanzaButton thought={thought} />
          <ShareDayButton day={thought.dayNumber} />
        </div>
        <SavedStanzaNote day={thought.dayNumber} />
      </div>
      <EarlierReflectionOfWrittenDay day={thought.dayNumber} />
    </section>
  );
}
