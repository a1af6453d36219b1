import { zodResolver } from '@hookform/resolvers/zod';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { signInLinkRequestSchema } from '#shared/auth-schemas';
import { useSignInLinkRequest } from '../../api/auth.js';
import { Button } from '../../components/ui/button.js';
import { FormError } from '../../components/ui/form-controls.js';
import { TextField } from '../../components/ui/text-field.js';
import { formFailureMessage } from './form-failure.js';

/**
 * Offered when sign-in is refused for too many failed attempts: failures from elsewhere can
 * shut out a browser the owner never used before, and a link mailed to the account's own
 * address is the way in no one else can block.
 */
export function SignInLinkOffer(props: { initialEmail: string }) {
  const [open, setOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string>();
  const request = useSignInLinkRequest();
  const failureId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(signInLinkRequestSchema),
    defaultValues: { email: props.initialEmail },
  });

  const send = handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync({ email });
    } catch (error) {
      setError('root.send', {
        message: formFailureMessage(error, 'Could not send the link. Please try again.'),
      });
      return;
    }
    setSentTo(email);
  });

  if (sentTo) {
    return (
      <p role="status" className="rounded-lg bg-secondary px-3 py-2 text-sm leading-relaxed">
        If an account exists for <span className="font-medium break-all">{sentTo}</span>, we have
        sent it a sign-in link. Open it on this device: it works once, within 15 minutes.
      </p>
    );
  }
  if (!open) {
    return (
      <Button variant="outline" size="lg" onClick={() => setOpen(true)}>
        <Mail aria-hidden="true" />
        Email me a sign-in link
      </Button>
    );
  }
  const failure = errors.root?.send?.message;
  return (
    <form
      onSubmit={(event) => void send(event)}
      noValidate
      aria-label="Email me a sign-in link"
      className="grid grid-cols-1 gap-3"
    >
      <TextField
        label="Email of your account"
        type="email"
        autoComplete="email"
        autoFocus
        error={errors.email?.message}
        {...register('email')}
      />
      <FormError id={failureId} message={failure} />
      <Button type="submit" size="lg" disabled={isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Sign-in Link'}
      </Button>
    </form>
  );
}
