import { Popover } from 'radix-ui';
import { type ComponentProps, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import type { GlossaryTerm } from '#shared/glossary';
import { type MarkedPiece, glossaryMatcher, markFirstUses } from '#shared/glossary-marks';
import glossaryFile from '../../../../content/glossary.json' with { type: 'json' };
import { paths } from '../../app/paths.js';
import { ExplanationText } from './explanation-text.js';

// The words and their spellings come with this chunk, so marking never waits for the network.
const terms: GlossaryTerm[] = glossaryFile.terms;
const matcher = glossaryMatcher(terms);
const termOf = new Map(terms.map((term) => [term.slug, term]));

/** A glossary word in the text: a button that opens its short definition. */
function GlossaryWord({ text, slug }: { text: string; slug: string }) {
  const term = termOf.get(slug);
  if (!term) return text;
  return (
    <Popover.Root>
      <Popover.Trigger
        data-glossary-word={slug}
        className="cursor-help rounded-sm underline decoration-primary/70 decoration-dotted decoration-2 underline-offset-4 hover:decoration-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {text}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          side="bottom"
          align="center"
          sideOffset={6}
          collisionPadding={12}
          aria-label={`${term.term}: definition`}
          className="z-50 flex max-h-(--radix-popover-content-available-height) w-[min(22rem,calc(100vw-1.5rem))] flex-col gap-3 overflow-y-auto rounded-xl border border-border bg-card p-4 text-sm leading-relaxed text-card-foreground shadow-lg outline-none"
        >
          <p className="font-serif text-base font-semibold">{term.term}</p>
          <p>{term.definition}</p>
          <Link
            to={paths.glossaryTerm.getHref(slug)}
            className="self-start font-medium text-primary underline underline-offset-4"
          >
            Days with this word
          </Link>
          <Popover.Arrow className="fill-border" />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

/** The explanation with the first use of each glossary word marked. */
export function MarkedExplanation(
  props: Omit<ComponentProps<typeof ExplanationText>, 'renderSentence'>,
) {
  const marks = useMemo(() => markFirstUses(props.paragraphs.flat(), matcher), [props.paragraphs]);
  return (
    <ExplanationText
      {...props}
      renderSentence={(index, sentence) => withPunctuationKept(marks[index] ?? [sentence])}
    />
  );
}

/**
 * The sentence's pieces with each marked word held on one line with whatever touches it (the
 * "(" before, the ")," after): a line never breaks between a word and its punctuation.
 */
function withPunctuationKept(pieces: readonly MarkedPiece[]): ReactNode[] {
  const shown: ReactNode[] = [];
  let rest: string | null = null;
  pieces.forEach((piece, at) => {
    if (typeof piece === 'string') {
      shown.push(rest ?? piece);
      rest = null;
      return;
    }
    const previous = shown[shown.length - 1];
    let before = '';
    if (typeof previous === 'string') {
      let start = previous.length;
      while (start > 0 && !/\s/.test(previous.charAt(start - 1))) start -= 1;
      before = previous.slice(start);
      shown[shown.length - 1] = previous.slice(0, previous.length - before.length);
    }
    const next = pieces[at + 1];
    let after = '';
    if (typeof next === 'string') {
      let end = 0;
      while (end < next.length && !/\s/.test(next.charAt(end))) end += 1;
      after = next.slice(0, end);
      rest = next.slice(end);
    }
    shown.push(
      <span key={at} className="whitespace-nowrap">
        {before}
        <GlossaryWord {...piece} />
        {after}
      </span>,
    );
  });
  return shown;
}
