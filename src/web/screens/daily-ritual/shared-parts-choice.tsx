import { useId } from 'react';
import { ENTRY_PART_LABELS, ENTRY_PARTS, type EntryPart, orderedParts } from '#shared/shared-parts';

/**
 * Which parts of a shared reflection friends see (docs/product.md#partial-sharing). At least
 * one stays ticked: a reflection with nothing to share is a private one.
 */
export function SharedPartsChoice(props: {
  value: EntryPart[];
  onChange: (parts: EntryPart[]) => void;
  disabled?: boolean;
  /** Who sees the ticked parts: "Friends" (the default), "Your circles", or both. */
  who?: string;
}) {
  const who = props.who ?? 'Friends';
  const id = useId();
  const toggle = (part: EntryPart, on: boolean) => {
    const next = on ? [...props.value, part] : props.value.filter((p) => p !== part);
    if (next.length > 0) props.onChange(orderedParts(next));
  };
  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2 rounded-xl border border-border bg-card px-4 py-3"
      aria-describedby={`${id}-who`}
    >
      <legend className="px-1 text-sm font-medium">{who} see:</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {ENTRY_PARTS.map((part) => (
          <label key={part} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={props.value.includes(part)}
              disabled={props.disabled}
              onChange={(event) => toggle(part, event.target.checked)}
            />
            {ENTRY_PART_LABELS[part]}
          </label>
        ))}
      </div>
      <p id={`${id}-who`} className="text-xs text-muted-foreground">
        {who === 'Friends' ? 'Your friends' : who} see the parts you tick; the rest stays private to
        you.
      </p>
    </fieldset>
  );
}
