import { UsersRound } from 'lucide-react';
import { useId } from 'react';
import { circlesOf } from '../../offline/reflection-versions.js';
import { useCircles } from '../../api/circles.js';

/**
 * Which of the reader's reading circles see the reflection, any combination, beside or instead
 * of friends (docs/product.md#reading-circles). Nothing shows for a reader in no circle.
 */
export function CirclesChoice(props: {
  value: number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const circles = useCircles();
  const list = circles.data ?? [];
  if (list.length === 0) return null;
  const toggle = (circleId: number, on: boolean) =>
    props.onChange(
      circlesOf(on ? [...props.value, circleId] : props.value.filter((c) => c !== circleId)),
    );
  return (
    <fieldset
      className="flex flex-col gap-2 rounded-xl border border-border bg-card px-4 py-3"
      aria-describedby={`${id}-who`}
    >
      <legend className="flex items-center gap-2 px-1 text-sm font-medium">
        <UsersRound aria-hidden="true" className="size-4 text-primary" />
        Share with your circles
      </legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {list.map((circle) => (
          <label key={circle.id} className="flex items-center gap-2 text-sm break-words">
            <input
              type="checkbox"
              checked={props.value.includes(circle.id)}
              disabled={props.disabled}
              onChange={(event) => toggle(circle.id, event.target.checked)}
            />
            {circle.name}
          </label>
        ))}
      </div>
      <p id={`${id}-who`} className="text-xs text-muted-foreground">
        Members of each circle you tick see this reflection on the circle&apos;s page.
      </p>
    </fieldset>
  );
}
