import { Info } from 'lucide-react';
import type { SignedOutMark } from '#shared/signed-out-mark';
import { cn } from '../lib/cn.js';

/** One calm sentence for each reason the server gives, and one for when it gives none. */
export const SIGNED_OUT_SENTENCES: Record<SignedOutMark, string> = {
  unknown: 'You were signed out on this device. Sign in again to continue.',
  expired: 'You were signed out on this device after a long time away. Sign in again to continue.',
  'signed-out-elsewhere':
    'You were signed out on this device from another of your devices. Sign in again to continue.',
  'password-changed':
    'Your password was changed, so this device was signed out. Sign in with the new password to continue.',
  suspended:
    'This account was suspended, so this device was signed out. You can still sign in to download your journal or delete the account.',
};

/**
 * Why this device was signed out, on the landing screen, when it was not the person's own
 * doing. Every sentence is in the page; the mark on the page's root (src/shared/signed-out-mark.ts),
 * set before the first paint, shows the notice and its one sentence (src/web/styles.css), so
 * the notice is there from the first paint and never arrives late under the reader's finger.
 */
export function SignedOutNotice({ className }: { className?: string }) {
  return (
    <p
      role="status"
      className={cn(
        'signed-out-notice items-start gap-2 rounded-lg border border-border bg-card px-4 py-3 text-left text-sm text-card-foreground',
        className,
      )}
    >
      <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      {Object.entries(SIGNED_OUT_SENTENCES).map(([mark, sentence]) => (
        <span key={mark} data-signed-out-sentence={mark}>
          {sentence}
        </span>
      ))}
    </p>
  );
}
