import { Flag } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { type RefObject, useId, useState } from 'react';
import { REPORT_NOTE_MAX, type ReportReason } from '#shared/report-schemas';
import { useFileReport } from '../api/reports.js';
import { Button, buttonVariants } from './ui/button.js';
import { Label, Textarea } from './ui/form-controls.js';

const REASONS: { value: ReportReason; label: string }[] = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'inappropriate', label: 'Inappropriate' },
  { value: 'other', label: 'Something else' },
];

interface ReportTarget {
  targetType: 'entry' | 'user';
  targetId: number;
  /** Whose reflection or which person, for the dialog's title and the button's name. */
  name: string;
}

const whatIsReported = (props: ReportTarget) =>
  props.targetType === 'entry' ? `reflection by ${props.name}` : props.name;

/**
 * "Report" on a reflection: a reason, an optional note, and a thank-you once it is sent. What
 * is reported is reviewed by the people who run the app.
 */
export function ReportButton(props: ReportTarget) {
  const [open, setOpen] = useState(false);
  return (
    <DialogPrimitive.Root open={open} onOpenChange={setOpen}>
      <DialogPrimitive.Trigger
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        aria-label={`Report ${whatIsReported(props)}`}
      >
        <Flag aria-hidden="true" /> Report
      </DialogPrimitive.Trigger>
      <ReportContent {...props} open={open} />
    </DialogPrimitive.Root>
  );
}

/** The same report, opened from elsewhere (a menu); the focus goes back to `returnFocusTo`. */
export function ReportDialog(
  props: ReportTarget & {
    open: boolean;
    onOpenChange: (open: boolean) => void;
    returnFocusTo: RefObject<HTMLElement | null>;
  },
) {
  const { open, onOpenChange, ...rest } = props;
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <ReportContent {...rest} open={open} />
    </DialogPrimitive.Root>
  );
}

function ReportContent(
  props: ReportTarget & { open: boolean; returnFocusTo?: RefObject<HTMLElement | null> },
) {
  const { open, returnFocusTo, ...target } = props;
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        onCloseAutoFocus={
          returnFocusTo
            ? (event) => {
                event.preventDefault();
                returnFocusTo.current?.focus();
              }
            : undefined
        }
        className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 shadow-lg"
      >
        {open && <ReportForm {...target} what={whatIsReported(target)} />}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

function ReportForm(props: {
  targetType: 'entry' | 'user';
  targetId: number;
  name: string;
  what: string;
}) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const report = useFileReport();

  if (report.isSuccess) {
    return (
      <>
        <DialogPrimitive.Title className="font-serif text-lg font-semibold">
          Thanks — we'll review it.
        </DialogPrimitive.Title>
        <DialogPrimitive.Description className="text-sm text-muted-foreground">
          Only the people who run The Threefold Path see your report. {props.name} is never told who
          reported them.
        </DialogPrimitive.Description>
        <DialogPrimitive.Close className={buttonVariants({ variant: 'outline' })}>
          Close
        </DialogPrimitive.Close>
      </>
    );
  }

  const send = () => {
    if (!reason) return;
    const trimmed = note.replace(/\s+/g, ' ').trim();
    report.mutate({
      targetType: props.targetType,
      targetId: props.targetId,
      reason,
      ...(trimmed ? { note: trimmed } : {}),
    });
  };

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <DialogPrimitive.Title className="font-serif text-lg font-semibold">
        Report {props.what}
      </DialogPrimitive.Title>
      <DialogPrimitive.Description className="text-sm text-muted-foreground">
        Tell us what is wrong. Only the people who run the app see reports.
      </DialogPrimitive.Description>
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">Reason</legend>
        {REASONS.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={`${id}-reason`}
              value={option.value}
              checked={reason === option.value}
              onChange={() => setReason(option.value)}
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-note`}>Note (optional)</Label>
        <Textarea
          id={`${id}-note`}
          rows={3}
          maxLength={REPORT_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {report.isError && (
        <p role="alert" className="text-sm text-destructive">
          {report.error.message}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogPrimitive.Close className={buttonVariants({ variant: 'outline' })}>
          Cancel
        </DialogPrimitive.Close>
        <Button type="submit" disabled={!reason || report.isPending}>
          {report.isPending ? 'Sending...' : 'Send report'}
        </Button>
      </div>
    </form>
  );
}
