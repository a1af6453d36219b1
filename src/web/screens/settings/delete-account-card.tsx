import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { accountDeletionSchema } from '#shared/account-schemas';
import { useDeleteAccount } from '../../api/account.js';
import { serverMessage } from '../../api/client.js';
import { paths } from '../../app/paths.js';
import { Button, buttonVariants } from '../../components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.js';
import { PasswordInput } from '../../components/ui/password-input.js';
import { toast } from '../../hooks/use-toast.js';
import { showServerFieldErrors } from '../../api/server-field-errors.js';

/** The way out: deleting the account and everything in it, after a warning and the password. */
export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);

  return (
    <Card role="region" aria-labelledby="delete-account-heading" className="border-destructive/50">
      <CardHeader>
        <h2
          id="delete-account-heading"
          className="font-serif text-lg font-semibold leading-tight text-destructive"
        >
          Delete account
        </h2>
        <CardDescription>
          Removes your account and everything in it for good. Download your data first if you want
          to keep it.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <AlertDialog.Root open={open} onOpenChange={setOpen}>
          <AlertDialog.Trigger className={buttonVariants({ variant: 'destructive' })}>
            Delete account
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
            <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 grid max-h-[92dvh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-card p-6 shadow-lg">
              <AlertDialog.Title className="flex items-center gap-2 font-serif text-lg font-semibold">
                <TriangleAlert className="size-5 text-destructive" aria-hidden="true" />
                Delete your account?
              </AlertDialog.Title>
              <AlertDialog.Description className="text-sm text-muted-foreground">
                Every reflection, friendship and friend request of yours is deleted with it, and
                friends will no longer see anything you shared. This cannot be undone.
              </AlertDialog.Description>
              <DeleteAccountForm />
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      </CardContent>
    </Card>
  );
}

function DeleteAccountForm() {
  const deleteAccount = useDeleteAccount();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(accountDeletionSchema),
    defaultValues: { password: '' },
  });

  const confirm = handleSubmit(async ({ password }) => {
    try {
      await deleteAccount.mutateAsync({ password });
    } catch (error) {
      if (!showServerFieldErrors(error, ['password'] as const, setError)) {
        toast({
          variant: 'destructive',
          title: 'Account not deleted',
          description: serverMessage(error) ?? 'Please try again',
        });
      }
      return;
    }
    toast({ title: 'Account deleted', description: 'Thank you for walking the path with us.' });
    void navigate(paths.landing.getHref(), { replace: true });
  });

  const busy = isSubmitting || deleteAccount.isSuccess;
  return (
    <form onSubmit={(event) => void confirm(event)} noValidate className="grid grid-cols-1 gap-4">
      <PasswordInput
        label="Your password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })} disabled={busy}>
          Cancel
        </AlertDialog.Cancel>
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}
