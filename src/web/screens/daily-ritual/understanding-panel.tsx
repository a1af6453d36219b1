import { ArrowLeft, ArrowRight, Lightbulb } from 'lucide-react';
import { type ComponentProps, useEffect, useMemo, useState } from 'react';
import { explanationParagraphs, sentencesOf } from '../../lib/read-aloud.js';
import type { Thought } from '#shared/thought-types';
import { Button } from '../../components/ui/button.js';
import { ExplanationText } from './explanation-text.js';
import { ListenControl, NextStepBar, type PanelProps, panelHeading } from './panels.js';
import type * as glossaryWordsModule from './glossary-words.js';

type GlossaryWordsCode = typeof glossaryWordsModule;

// The glossary loads once the explanation is open (the plain text shows until it is here).
let glossaryWords: GlossaryWordsCode | null = null;
export const loadGlossaryWords = async () => (glossaryWords = await import('./glossary-words.js'));

/**
 * The explanation, its glossary words marked once their code is here (plain text until then).
 * Not a lazy component: one that suspends as the panel opens held the rest of the page's
 * updates with it, so a tap on the avatar just then opened nothing.
 */
function Explanation(props: ComponentProps<typeof ExplanationText>) {
  const [words, setWords] = useState(glossaryWords);
  useEffect(() => {
    if (!words) loadGlossaryWords().then(setWords, () => undefined);
  }, [words]);
  return words ? <words.MarkedExplanation {...props} /> : <ExplanationText {...props} />;
}

/** Panel 1: what the stanza says, and the question it leaves for the day. */
export function UnderstandingPanel({
  thought,
  headingRef,
  onBack,
  onReflect,
}: PanelProps & { thought: Thought; onBack: () => void; onReflect: () => void }) {
  const [spokenLine, setSpokenLine] = useState<number | null>(null);
  const paragraphs = useMemo(
    () => explanationParagraphs(thought.explanation).map(sentencesOf),
    [thought.explanation],
  );
  const lines = useMemo(() => paragraphs.flat(), [paragraphs]);
  return (
    <section aria-labelledby="understanding-heading" className="flex flex-col gap-7">
      <h2 id="understanding-heading" ref={headingRef} tabIndex={-1} className={panelHeading}>
        Understanding
      </h2>
      <ListenControl lines={lines} what="the explanation" onLine={setSpokenLine} />
      <Explanation paragraphs={paragraphs} spokenLine={spokenLine} />
      {thought.reflectionPrompt && (
        <aside
          aria-labelledby="key-insight-heading"
          className="rounded-2xl border border-border border-l-4 border-l-primary bg-secondary/40 px-5 py-5 sm:px-7"
        >
          <h3
            id="key-insight-heading"
            className="mb-2 flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-primary"
          >
            <Lightbulb className="size-4" aria-hidden="true" /> Key Insight
          </h3>
          <p className="font-serif text-lg italic leading-relaxed">{thought.reflectionPrompt}</p>
        </aside>
      )}
      <NextStepBar className="justify-between">
        <Button variant="outline" size="lg" onClick={onBack}>
          <ArrowLeft aria-hidden="true" /> Gatha
        </Button>
        <Button size="lg" onClick={onReflect} className="ml-auto">
          Reflect <ArrowRight aria-hidden="true" />
        </Button>
      </NextStepBar>
    </section>
  );
}
