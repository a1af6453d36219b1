import { Button } from '../../components/ui/button.js';
import { Skeleton } from '../../components/ui/skeleton.js';

export function GlossarySkeleton({ rows }: { rows: number }) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading the glossary"
      className="flex flex-col gap-3"
    >
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} className="h-20 w-full rounded-xl" />
      ))}
    </div>
  );
}

/** The glossary could not come: offline before it was ever kept, or the server failed. */
export function GlossaryFailed(props: { retrying: boolean; onRetry: () => void }) {
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div role="alert" className="flex flex-col items-start gap-3">
      <p>
        {offline
          ? "You're offline, and the glossary has not been kept on this device yet."
          : 'The glossary could not be loaded.'}
      </p>
      <Button variant="outline" disabled={props.retrying} onClick={props.onRetry}>
        Try again
      </Button>
    </div>
  );
}
