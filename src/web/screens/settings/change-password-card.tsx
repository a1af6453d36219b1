import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { passwordChangeFormSchema } from '#shared/account-schemas';
import { useChangePassword } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { TextField } from '../../components/ui/text-field.js';
import { toast } from '../../hooks/use-toast.js';
import { showServerFieldErrors } from '../../api/server-field-errors.js';

const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

/** Change the password with the current one; every other device is signed out. */
export function ChangePasswordCard() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(passwordChangeFormSchema),
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
        <form onSubmit={(event) => void save(event)} noValidate className="grid gap-5">
          <TextField
            label="Current password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
          <TextField
            label="Confirm new password"
            type="password"
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
