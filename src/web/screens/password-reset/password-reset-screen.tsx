import { Flame } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '#shared/constants';
import { EmailSentNotice } from './email-sent-notice.js';
import { NewPasswordForm } from './new-password-form.js';
import { RequestResetForm } from './request-reset-form.js';

type Step = { name: 'request' } | { name: 'sent'; email: string } | { name: 'enter-token' };

/**
 * Three states: ask for a link, "Check Your Email", and choose a new password. A `token` in
 * the address (the emailed link) opens the last one directly; `?token=` with no value, or "I
 * have a reset token" after sending, opens it with a field for the token instead.
 */
export function PasswordResetScreen() {
  const [searchParams] = useSearchParams();
  const tokenParam = searchParams.get('token');
  const [step, setStep] = useState<Step>({ name: 'request' });
  const [lastEmail, setLastEmail] = useState('');

  let content;
  if (tokenParam !== null || step.name === 'enter-token') {
    content = <NewPasswordForm tokenFromLink={tokenParam?.trim() || undefined} />;
  } else if (step.name === 'sent') {
    content = (
      <EmailSentNotice
        email={step.email}
        onTryAgain={() => setStep({ name: 'request' })}
        onEnterToken={() => setStep({ name: 'enter-token' })}
      />
    );
  } else {
    content = (
      <RequestResetForm
        initialEmail={lastEmail}
        onSent={(email) => {
          setLastEmail(email);
          setStep({ name: 'sent', email });
        }}
      />
    );
  }

  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <div className="w-full max-w-md">
        <p className="mb-6 flex items-center justify-center gap-2 font-serif text-lg font-semibold text-primary">
          <Flame aria-hidden="true" className="size-5" strokeWidth={1.75} />
          {PRODUCT_NAME}
        </p>
        {content}
      </div>
    </main>
  );
}
