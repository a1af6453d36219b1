import { parseEntryText } from '#shared/journal-entry';
import { ENTRY_PART_LABELS, ENTRY_PARTS } from '#shared/shared-parts';

/** The parts of a reflection the reader filled in, each under its name; nothing when empty. */
export function ReflectionParts({ entryText }: { entryText: string }) {
  const parts = parseEntryText(entryText);
  const filled = ENTRY_PARTS.filter((part) => parts[part].trim());
  if (filled.length === 0) return null;
  return (
    <dl className="flex flex-col gap-4">
      {filled.map((part) => (
        <div key={part} className="flex flex-col gap-1 border-l-2 border-primary/40 pl-3">
          <dt className="text-xs font-semibold uppercase tracking-wide text-primary">
            {ENTRY_PART_LABELS[part]}
          </dt>
          <dd className="whitespace-pre-wrap font-serif leading-relaxed">{parts[part].trim()}</dd>
        </div>
      ))}
    </dl>
  );
}
