import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { passwordResetRequestSchema } from '#shared/auth-schemas';
import { usePasswordResetRequest } from '../../api/auth.js';
import { serverMessage } from '../../api/client.js';
import { Button } from '../../components/ui/button.js';
import { toast } from '../../hooks/use-toast.js';
import { ResetCard } from './reset-card.js';
import { TextField } from '../../components/ui/text-field.js';

/** State 1: ask for a reset link by email. */
export function RequestResetForm(props: { initialEmail: string; onSent: (email: string) => void }) {
  const requestReset = usePasswordResetRequest();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: props.initialEmail },
  });

  const sendLink = handleSubmit(async ({ email }) => {
    try {
      await requestReset.mutateAsync({ email });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to send reset email',
      });
      return;
    }
    toast({
      title: 'Email Sent!',
      description: 'Check your inbox for password reset instructions.',
    });
    props.onSent(email);
  });

  return (
    <ResetCard
      icon={KeyRound}
      title="Reset Password"
      description="Enter the email address of your account and we will send you a link to choose a new password."
    >
      <form onSubmit={(event) => void sendLink(event)} noValidate className="grid gap-5">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </ResetCard>
  );
}
