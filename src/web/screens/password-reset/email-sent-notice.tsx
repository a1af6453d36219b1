import { MailCheck } from 'lucide-react';
import { Button } from '../../components/ui/button.js';
import { ResetCard } from './reset-card.js';

/** State 2: the link is on its way (or no account has that email: the server never says). */
export function EmailSentNotice(props: {
  email: string;
  onTryAgain: () => void;
  onEnterToken: () => void;
}) {
  return (
    <ResetCard
      icon={MailCheck}
      title="Check Your Email"
      description={
        <>
          If an account exists for{' '}
          <span className="font-medium text-foreground">{props.email}</span>, we have sent it a link
          to reset your password. The link works once, within the next hour.
        </>
      }
    >
      <div className="grid gap-3">
        <p className="text-sm text-muted-foreground">
          Nothing arrived? Check your spam folder, or try again.
        </p>
        <Button variant="outline" size="lg" onClick={props.onTryAgain}>
          Try Again
        </Button>
        <Button variant="link" onClick={props.onEnterToken}>
          I have a reset token
        </Button>
      </div>
    </ResetCard>
  );
}
