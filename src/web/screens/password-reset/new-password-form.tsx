import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { passwordResetFormSchema } from '#shared/auth-schemas';
import { guessablePasswordRule } from '#shared/password-strength';
import { usePasswordReset } from '../../api/auth.js';
import { serverMessage } from '../../api/client.js';
import { queryKeys } from '../../api/query-keys.js';
import { paths } from '../../app/paths.js';
import { Button } from '../../components/ui/button.js';
import { PasswordInput } from '../../components/ui/password-input.js';
import { loadedPasswordJudge, usePasswordJudge } from '../../hooks/use-password-judge.js';
import { toast } from '../../hooks/use-toast.js';
import { ResetCard } from './reset-card.js';
import { TextField } from '../../components/ui/text-field.js';

/** The pause between a successful reset and the landing screen. */
const REDIRECT_DELAY_MS = 2000;

/**
 * The reset's rules, and a password that is not too easy to guess. Who the link is for is not
 * known here, so the server alone checks the password against the person's own details.
 */
const newPasswordSchema = passwordResetFormSchema.superRefine(
  guessablePasswordRule('password', loadedPasswordJudge),
);

/**
 * State 3: choose a new password. The token comes from the emailed link; without one in the
 * address, a field asks for it.
 */
export function NewPasswordForm({ tokenFromLink }: { tokenFromLink: string | undefined }) {
  const resetPassword = usePasswordReset();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const judge = usePasswordJudge();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { token: tokenFromLink ?? '', password: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => void navigate(paths.landing.getHref()), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const reset = handleSubmit(async ({ token, password }) => {
    try {
      await resetPassword.mutateAsync({ token, password });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to reset password',
      });
      return;
    }
    // A reset signs the account out everywhere: forget any session this browser thought it had.
    await queryClient.resetQueries({ queryKey: queryKeys.me });
    toast({
      title: 'Password Reset!',
      description: 'Your password has been reset successfully. You can now login.',
    });
    setDone(true);
  });

  return (
    <ResetCard
      icon={LockKeyhole}
      title="Choose a New Password"
      description={
        tokenFromLink
          ? 'Choose a new password for your account. It must be at least 8 characters.'
          : 'Enter the reset token from your email, then choose a new password of at least 8 characters.'
      }
    >
      <form onSubmit={(event) => void reset(event)} noValidate className="grid gap-5">
        {tokenFromLink ? (
          // The token itself is hidden, but a link that was cut short must still say so.
          errors.token?.message && (
            <p role="alert" className="text-sm text-destructive">
              {errors.token.message}
            </p>
          )
        ) : (
          <TextField
            label="Reset token"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.token?.message}
            {...register('token')}
          />
        )}
        <PasswordInput
          label="New password"
          autoComplete="new-password"
          error={errors.password?.message}
          strength={{ password: watch('password'), judge }}
          {...register('password')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button type="submit" size="lg" disabled={isSubmitting || done}>
          {isSubmitting ? 'Resetting...' : done ? 'Password reset' : 'Reset Password'}
        </Button>
        {done && (
          <p role="status" className="text-center text-sm text-muted-foreground">
            Taking you to sign in...
          </p>
        )}
      </form>
    </ResetCard>
  );
}
