import { CloudOff } from 'lucide-react';
import { Button } from './ui/button.js';
import { Card } from './ui/card.js';
import { isNetworkFailure } from '../offline/network-failure.js';
import { useOnline } from '../offline/use-online.js';

/**
 * Whether a failed read failed for want of a connection: the browser says it is offline, or
 * the call got no answer at all.
 */
export function useOfflineFailure(error: unknown): boolean {
  const online = useOnline();
  return !online || isNetworkFailure(error);
}

/**
 * What a list says when its data could not load: offline, that it will come with the
 * connection (it then loads by itself); otherwise that it failed, with a way to try again.
 */
export function UnavailableNotice({
  offline,
  offlineText,
  failedText,
  onRetry,
}: {
  offline: boolean;
  offlineText: string;
  failedText: string;
  onRetry: () => void;
}) {
  return (
    <Card role="alert" className="flex flex-col items-center gap-3 px-6 py-8 text-center">
      {offline ? (
        <>
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
            <CloudOff aria-hidden="true" className="size-6" />
          </span>
          <h3 className="font-serif text-xl font-semibold">You&apos;re offline</h3>
          <p className="max-w-sm text-sm leading-relaxed text-muted-foreground">{offlineText}</p>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{failedText}</p>
      )}
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Card>
  );
}
