import { zodResolver } from '@hookform/resolvers/zod';
import { ChevronDown } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { signupFormSchema } from '#shared/auth-schemas';
import { PRODUCT_NAME } from '#shared/constants';
import { guessablePasswordRule } from '#shared/password-strength';
import { useSignup } from '../../api/auth.js';
import { showServerFieldErrors } from '../../api/server-field-errors.js';
import { Button } from '../../components/ui/button.js';
import { FormError } from '../../components/ui/form-controls.js';
import { PasswordInput } from '../../components/ui/password-input.js';
import { loadedPasswordJudge, usePasswordJudge } from '../../hooks/use-password-judge.js';
import { TextField } from '../../components/ui/text-field.js';
import { toast } from '../../hooks/use-toast.js';
import { askForPaceOnce, paceWelcomeAnswered } from '../../lib/pace-welcome.js';
import { formFailureMessage } from './form-failure.js';
import { useGoToDailyRitual } from './use-go-to-daily-ritual.js';

/** The fields a server message may be shown beside. */
const SIGN_UP_FIELDS = [
  'fullName',
  'username',
  'email',
  'password',
  'confirmPassword',
  'whatsapp',
  'postalCode',
] as const;

/** Sign-up's rules, and a password that is not too easy to guess (judged as the server does). */
const createAccountSchema = signupFormSchema.superRefine(
  guessablePasswordRule('password', loadedPasswordJudge, (details) => [
    details.username,
    details.email,
    details.fullName,
  ]),
);

export function CreateAccountForm() {
  const signup = useSignup();
  const goToDailyRitual = useGoToDailyRitual();
  const failureId = useId();
  const judge = usePasswordJudge();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(createAccountSchema),
    defaultValues: {
      fullName: '',
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      whatsapp: '',
      postalCode: '',
    },
  });

  const createAccount = handleSubmit(async (details) => {
    // Asked before the answer comes: the sign-in guard may open the daily screen first.
    askForPaceOnce();
    try {
      // Awaited for the same reason as sign-in: the toast must survive the guard's redirect.
      await signup.mutateAsync({
        fullName: details.fullName,
        username: details.username,
        email: details.email,
        password: details.password,
        confirmPassword: details.confirmPassword,
        whatsapp: details.whatsapp,
        postalCode: details.postalCode,
      });
    } catch (error) {
      paceWelcomeAnswered();
      // A taken username or email is shown beside its field, which takes the focus; any
      // other failure is said in the form, by the button.
      if (!showServerFieldErrors(error, SIGN_UP_FIELDS, setError)) {
        setError('root.signUp', {
          message: formFailureMessage(error, 'Could not create the account. Please try again.'),
        });
      }
      return;
    }
    toast({ title: `Welcome to ${PRODUCT_NAME}!`, description: 'Your journey begins now...' });
    goToDailyRitual();
  });

  const busy = isSubmitting || signup.isSuccess;
  return (
    <form
      onSubmit={(event) => void createAccount(event)}
      noValidate
      className="grid grid-cols-1 gap-5"
    >
      <TextField
        label="Full name"
        autoComplete="name"
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        {...register('username')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordInput
        label="Password"
        autoComplete="new-password"
        error={errors.password?.message}
        strength={{
          password: watch('password'),
          judge,
          personal: [watch('username'), watch('email'), watch('fullName')],
        }}
        {...register('password')}
      />
      <PasswordInput
        label="Confirm password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <Collapsible.Root className="rounded-lg border border-dashed border-border">
        <Collapsible.Trigger className="group flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium text-primary hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <span className="min-w-0">
            {/* A space, not a margin: at large text "(optional)" moves whole to the next line. */}
            Add contact info &amp; location{' '}
            <span className="font-normal text-muted-foreground">(optional)</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180"
          />
        </Collapsible.Trigger>
        <Collapsible.Content className="grid grid-cols-1 gap-5 px-4 pb-4 pt-1">
          <p className="text-sm text-muted-foreground">
            Friends see your WhatsApp number; your postal code helps people near you find you.
          </p>
          <TextField
            label="WhatsApp number"
            type="tel"
            autoComplete="tel"
            error={errors.whatsapp?.message}
            {...register('whatsapp')}
          />
          <TextField
            label="Postal code"
            autoComplete="postal-code"
            error={errors.postalCode?.message}
            {...register('postalCode')}
          />
        </Collapsible.Content>
      </Collapsible.Root>
      <FormError id={failureId} message={errors.root?.signUp?.message} />
      <Button type="submit" size="lg" disabled={busy}>
        {busy ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
