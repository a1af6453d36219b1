import { Component, type ErrorInfo, type ReactNode, Suspense, useEffect, useRef } from 'react';
import { tryFailedPartsAgain } from './lazy-part.js';
import { UnavailableNotice } from './unavailable-notice.js';
import { useOnline } from '../offline/use-online.js';

interface Props {
  children: ReactNode;
  /** Shown while the part's code is on its way (nothing when left out). */
  loading?: ReactNode;
  /** Shown instead of the notice, for a part the reader did not ask for (null: nothing). */
  quietly?: ReactNode;
}

/**
 * The place of a part of the page whose code loads on demand (lazyPart): `loading` while it
 * comes. Where the part could not be shown (most often its code could not load: offline, or the
 * app changed on the server since this page opened), the rest of the page stays and this part
 * says so, with a way to try again; it tries again by itself when the connection returns.
 * Without it, one part's failure would empty the whole page.
 */
export class PartLoadBoundary extends Component<Props, { failure: unknown }> {
  override state = { failure: null as unknown };

  static getDerivedStateFromError(failure: unknown) {
    return { failure: failure ?? new Error('A part of the page failed') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('A part of the page could not be shown', error, info.componentStack);
  }

  private readonly retry = () => {
    tryFailedPartsAgain();
    this.setState({ failure: null });
  };

  override render() {
    const { failure } = this.state;
    if (!failure)
      return <Suspense fallback={this.props.loading ?? null}>{this.props.children}</Suspense>;
    if (this.props.quietly !== undefined)
      return <RetryWhenOnline onRetry={this.retry}>{this.props.quietly}</RetryWhenOnline>;
    return <PartNotShown onRetry={this.retry} />;
  }
}

/** Calls `onRetry` when the connection comes back. */
function RetryWhenOnline({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  const online = useOnline();
  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current) {
      wasOffline.current = false;
      onRetry();
    }
  }, [online, onRetry]);
  return children;
}

function PartNotShown({ onRetry }: { onRetry: () => void }) {
  const online = useOnline();
  return (
    <RetryWhenOnline onRetry={onRetry}>
      <UnavailableNotice
        offline={!online}
        offlineText="This part of the page has not loaded yet. It will load when the connection returns."
        failedText="This part of the page could not be shown."
        onRetry={onRetry}
      />
    </RetryWhenOnline>
  );
}
