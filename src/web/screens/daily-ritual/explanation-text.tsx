import { clsx } from 'clsx';
import { Fragment, type ReactNode } from 'react';

/** How the line being read aloud stands out; colour only, so reduced motion changes nothing. */
export const spokenLineClass = 'rounded-sm bg-primary/15 box-decoration-clone';

/**
 * An explanation's paragraphs, each sentence in a span of its own, so the sentence being read
 * aloud can be shown and glossary words marked inside it. `renderSentence` gives a sentence's
 * content by its index in the whole explanation (the order read aloud).
 */
export function ExplanationText(props: {
  paragraphs: readonly (readonly string[])[];
  spokenLine: number | null;
  renderSentence?: (index: number, text: string) => ReactNode;
}) {
  let index = 0;
  return (
    <div
      data-testid="explanation-text"
      className="flex flex-col gap-5 text-[1.05rem] leading-[1.8] text-foreground"
    >
      {props.paragraphs.map((sentences, paragraph) => (
        <p key={paragraph} className="text-pretty">
          {sentences.map((sentence, position) => {
            const line = index++;
            return (
              <Fragment key={position}>
                {position > 0 && ' '}
                <span
                  data-spoken={line === props.spokenLine || undefined}
                  className={clsx(line === props.spokenLine && spokenLineClass)}
                >
                  {props.renderSentence ? props.renderSentence(line, sentence) : sentence}
                </span>
              </Fragment>
            );
          })}
        </p>
      ))}
    </div>
  );
}
