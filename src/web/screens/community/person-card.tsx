import type { ReactNode } from 'react';
import { initials } from '../../lib/people.js';
import { Card } from '../../components/ui/card.js';

/**
 * One person: initials, name and @username, optional details below, actions on the right, or on
 * their own line below when the name would otherwise be squeezed (a narrow phone, large text).
 */
export function PersonCard(props: {
  fullName: string;
  username: string;
  details?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="flex flex-wrap items-center gap-3 p-4 @container max-[359px]:p-3">
      <div className="flex min-w-0 flex-[1_1_10rem] items-center gap-3">
        {/* Where the card is too narrow for them and the words both, the words keep the room. */}
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 @max-[12.5rem]:hidden items-center justify-center rounded-full bg-secondary font-serif text-base font-semibold text-secondary-foreground"
        >
          {initials(props.fullName)}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-medium [overflow-wrap:anywhere]">{props.fullName}</p>
          <p className="truncate text-sm text-muted-foreground">@{props.username}</p>
          {props.details}
        </div>
      </div>
      {props.actions && (
        <div className="ml-auto flex min-w-0 flex-wrap items-center justify-end gap-2">
          {props.actions}
        </div>
      )}
    </Card>
  );
}
