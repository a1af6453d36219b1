import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { loginRequestSchema } from '#shared/auth-schemas';
import { useLogin } from '../../api/auth.js';
import { ApiError } from '../../api/client.js';
import { paths } from '../../app/paths.js';
import { Button } from '../../components/ui/button.js';
import { FormError } from '../../components/ui/form-controls.js';
import { PasswordInput } from '../../components/ui/password-input.js';
import { TextField } from '../../components/ui/text-field.js';
import { toast } from '../../hooks/use-toast.js';
import { formFailureMessage } from './form-failure.js';
import { SignInLinkOffer } from './sign-in-link-offer.js';
import { useGoToDailyRitual } from './use-go-to-daily-ritual.js';

export function SignInForm() {
  const login = useLogin();
  const goToDailyRitual = useGoToDailyRitual();
  const failureId = useId();
  // Refused for too many failed attempts: a link by email is offered instead.
  const [refused, setRefused] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  const signIn = handleSubmit(async (credentials) => {
    try {
      // Awaited rather than passed as mutate callbacks: the guard of /landing may unmount this
      // form as soon as the user is known, and the toast must still appear.
      const { user } = await login.mutateAsync(credentials);
      // A suspended account is met by its own page, which says why; no welcome precedes it.
      if (user.suspended) {
        goToDailyRitual();
        return;
      }
    } catch (error) {
      setRefused(error instanceof ApiError && error.status === 429);
      // Wrong credentials belong to both fields: said in the form, tied to both inputs, and the
      // focus put back on the first so the person can correct it at once.
      setError('root.signIn', {
        message: formFailureMessage(error, 'Could not sign in. Please try again.'),
      });
      setFocus('username');
      return;
    }
    // Said once the daily screen is here; a word about redirecting would outlast the redirect.
    toast({ title: 'Welcome back' });
    goToDailyRitual();
  });

  const busy = isSubmitting || login.isSuccess;
  const failure = errors.root?.signIn?.message;
  const failed = failure ? { 'aria-invalid': true, 'aria-describedby': failureId } : {};
  const typed = getValues('username').trim();
  return (
    <div className="grid grid-cols-1 gap-5">
      <form onSubmit={(event) => void signIn(event)} noValidate className="grid grid-cols-1 gap-5">
        <TextField
          label="Username or email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...failed}
          {...register('username')}
        />
        <div className="grid grid-cols-1 gap-2">
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            error={errors.password?.message}
            {...failed}
            {...register('password')}
          />
          <Link
            to={paths.passwordReset.getHref()}
            className="justify-self-end rounded-sm text-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            Forgot password?
          </Link>
        </div>
        <FormError id={failureId} message={failure} />
        <Button type="submit" size="lg" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
      {refused && <SignInLinkOffer initialEmail={typed.includes('@') ? typed : ''} />}
    </div>
  );
}
