import type { CircleReflection } from '#shared/circle-schemas';
import { ENTRY_PART_LABELS, ENTRY_PARTS } from '#shared/shared-parts';
import { displayTime } from '../../lib/time-display.js';
import { AppreciateButton } from '../../components/appreciate-button.js';
import { ReportButton } from '../../components/report-dialog.js';
import { Badge } from '../../components/ui/badge.js';
import { Card } from '../../components/ui/card.js';

/** A member's reflection on the circle's page: each shared part under its label. */
export function CircleReflectionCard(props: { entry: CircleReflection; mine: boolean }) {
  const { entry } = props;
  const name = entry.user.fullName;
  const sections = ENTRY_PARTS.flatMap((part) => {
    const text = entry[part]?.trim();
    return text ? [{ part, text }] : [];
  });
  return (
    <Card className="flex flex-col gap-4 p-5">
      <header className="flex flex-col gap-1">
        <h3 className="font-semibold break-words">{props.mine ? `${name} (you)` : name}</h3>
        <p className="text-xs text-muted-foreground">
          <time dateTime={entry.updatedAt}>{displayTime(entry.updatedAt)}</time>
        </p>
      </header>
      <dl className="flex flex-col gap-4">
        {sections.map(({ part, text }) => (
          <div key={part} className="flex flex-col items-start gap-1.5">
            <dt>
              <Badge variant="secondary">{ENTRY_PART_LABELS[part]}</Badge>
            </dt>
            <dd className="font-serif text-base leading-relaxed break-words whitespace-pre-wrap">
              {text}
            </dd>
          </div>
        ))}
      </dl>
      {!props.mine && (
        <div className="flex flex-wrap items-center justify-end gap-1">
          <ReportButton targetType="entry" targetId={entry.id} name={name} />
          <AppreciateButton entryId={entry.id} appreciated={entry.appreciatedByMe} name={name} />
        </div>
      )}
    </Card>
  );
}
