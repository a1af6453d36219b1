import { GitMerge } from 'lucide-react';
import { useId } from 'react';
import type { JournalEntry } from '#shared/journal-schemas';
import { PARTS, type ReflectionValues, valuesOf } from '../../offline/reflection-versions.js';
import { displayTime } from '../../lib/time-display.js';
import { Button } from '../../components/ui/button.js';

const PART_LABELS = { thoughts: 'Good Thoughts', words: 'Good Words', deeds: 'Good Deeds' };

/** Buttons whose words may wrap on a narrow screen or with large text. */
const choiceButton = 'h-auto min-h-10 whitespace-normal text-left';

function Version({
  title,
  when,
  values,
}: {
  title: string;
  when: string | null;
  values: ReflectionValues;
}) {
  const id = useId();
  const written = PARTS.filter((part) => values[part].trim());
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-background p-4"
    >
      <div className="flex flex-col gap-0.5">
        <h4 id={id} className="text-sm font-semibold">
          {title}
        </h4>
        <p className="text-xs text-muted-foreground">
          {values.isPublic ? 'Shared with friends' : 'Private'}
          {when ? ` • ${when}` : ''}
        </p>
      </div>
      {written.length === 0 ? (
        <p className="text-sm italic text-muted-foreground">Nothing written</p>
      ) : (
        <dl className="flex flex-col gap-2">
          {written.map((part) => (
            <div key={part} className="flex flex-col gap-0.5">
              <dt className="text-xs font-semibold uppercase tracking-wide text-primary">
                {PART_LABELS[part]}
              </dt>
              <dd className="whitespace-pre-wrap break-words font-serif leading-relaxed">
                {values[part].trim()}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/**
 * Two versions of the day's reflection: the one saved in the journal since the device's words
 * began, and the device's own, waiting. Nothing is replaced until the reader chooses.
 */
export function ReflectionConflict({
  saved,
  mine,
  busy,
  onKeepMine,
  onKeepSaved,
  onMerge,
}: {
  saved: JournalEntry;
  mine: ReflectionValues;
  busy: boolean;
  onKeepMine: () => void;
  onKeepSaved: () => void;
  onMerge: () => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-4 rounded-2xl border border-primary/50 bg-card p-4 sm:p-5"
    >
      <div className="flex flex-col gap-1">
        <h3 id={id} className="flex items-center gap-2 font-serif text-lg font-semibold">
          <GitMerge className="size-5 shrink-0 text-primary" aria-hidden="true" />
          This reflection changed elsewhere
        </h3>
        <p className="text-sm leading-relaxed text-muted-foreground">
          While your words waited on this device, another version was saved to your journal. Both
          are kept until you choose.
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Version
          title="In your journal"
          when={displayTime(saved.updatedAt)}
          values={valuesOf(saved)}
        />
        <Version title="On this device" when={null} values={mine} />
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button type="button" className={choiceButton} disabled={busy} onClick={onKeepMine}>
          Keep mine
        </Button>
        <Button
          type="button"
          variant="outline"
          className={choiceButton}
          disabled={busy}
          onClick={onKeepSaved}
        >
          Keep the saved one
        </Button>
        <Button
          type="button"
          variant="outline"
          className={choiceButton}
          disabled={busy}
          onClick={onMerge}
        >
          Merge both into the form
        </Button>
      </div>
    </section>
  );
}
