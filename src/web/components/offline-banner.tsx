import { CloudOff } from 'lucide-react';
import { useOnline } from '../offline/use-online.js';

export const OFFLINE_LINE = "You're offline. What you save waits on this device.";

/**
 * The app's one word on the connection, under the header of every signed-in screen. The live
 * region stays in place, empty while online, so a screen reader hears the change both ways.
 */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className="flex items-center justify-center gap-2 border-t border-border bg-secondary px-4 py-1.5 text-center text-sm text-secondary-foreground">
          <CloudOff className="size-4 shrink-0" aria-hidden="true" />
          {OFFLINE_LINE}
        </p>
      )}
    </div>
  );
}
