import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { passwordChangeFormSchema } from '#shared/account-schemas';
import type { User } from '#shared/auth-schemas';
import { guessablePasswordRule } from '#shared/password-strength';
import { useChangePassword } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { PasswordInput } from '../../components/ui/password-input.js';
import { loadedPasswordJudge, usePasswordJudge } from '../../hooks/use-password-judge.js';
import { toast } from '../../hooks/use-toast.js';
import { showServerFieldErrors } from '../../api/server-field-errors.js';

const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

/** Change the password with the current one; every other device is signed out. */
export function ChangePasswordCard({ user }: { user: User }) {
  const changePassword = useChangePassword();
  const judge = usePasswordJudge();
  const personal = [user.username, user.email, user.fullName];
  // The new password is judged as the server will: not too easy to guess, nor close to who
  // the person is.
  const schema = useMemo(
    () =>
      passwordChangeFormSchema.superRefine(
        guessablePasswordRule('newPassword', loadedPasswordJudge, () => [
          user.username,
          user.email,
          user.fullName,
        ]),
      ),
    [user.username, user.email, user.fullName],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: '', newPassword: '', confirmNewPassword: '' },
  });

  const save = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword });
    } catch (error) {
      if (!showServerFieldErrors(error, PASSWORD_FIELDS, setError)) {
        toast({
          variant: 'destructive',
          title: 'Password not changed',
          description: serverMessage(error) ?? 'Please try again',
        });
      }
      return;
    }
    reset();
    toast({ title: 'Password changed', description: 'Other devices have been signed out.' });
  });

  return (
    <Card role="region" aria-labelledby="change-password-heading">
      <CardHeader>
        <h2 id="change-password-heading" className="font-serif text-lg font-semibold leading-tight">
          Password
        </h2>
        <CardDescription>Changing it signs you out on your other devices.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(event) => void save(event)} noValidate className="grid grid-cols-1 gap-5">
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            strength={{ password: watch('newPassword'), judge, personal }}
            {...register('newPassword')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            error={errors.confirmNewPassword?.message}
            {...register('confirmNewPassword')}
          />
          <Button type="submit" className="sm:justify-self-end" disabled={isSubmitting}>
            {isSubmitting ? 'Changing...' : 'Change password'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
