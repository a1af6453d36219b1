import { Flame, LogIn } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '#shared/constants';
import { useSignInWithLink } from '../../api/auth.js';
import { serverMessage } from '../../api/client.js';
import { paths } from '../../app/paths.js';
import { Button } from '../../components/ui/button.js';
import { FormError } from '../../components/ui/form-controls.js';
import { toast } from '../../hooks/use-toast.js';
import { isNetworkFailure } from '../../offline/network-failure.js';
import { ResetCard } from './reset-card.js';

/**
 * Where an emailed sign-in link lands. The link is spent only when the person presses the
 * button, not on opening: a mail scanner that opens links leaves it working.
 */
export function SignInLinkScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const signIn = useSignInWithLink();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();

  const onSignIn = async () => {
    setFailure(undefined);
    try {
      await signIn.mutateAsync({ token });
    } catch (error) {
      setFailure(
        isNetworkFailure(error)
          ? 'Could not reach the server. Check your connection and try again.'
          : (serverMessage(error) ?? 'Could not sign in. Please try again.'),
      );
      return;
    }
    toast({ title: 'Welcome back', description: 'This device will be recognised from now on.' });
    void navigate(paths.dailyRitual.getHref(), { replace: true });
  };

  const busy = signIn.isPending || signIn.isSuccess;
  return (
    <main className="flex min-h-dvh flex-col items-center px-4 py-10 sm:justify-center">
      <div className="w-full max-w-md">
        <p className="mb-6 flex items-center justify-center gap-2 font-serif text-lg font-semibold text-primary">
          <Flame aria-hidden="true" className="size-5" strokeWidth={1.75} />
          {PRODUCT_NAME}
        </p>
        <ResetCard
          icon={LogIn}
          title="Sign In With Your Link"
          description={
            token
              ? 'Sign in on this device with the link from your email. It works once, within 15 minutes of being sent.'
              : 'This link is incomplete. Open the whole link from your email, or ask for a new one from the sign-in form.'
          }
        >
          {token && (
            <div className="grid gap-4">
              <FormError id="sign-in-link-failure" message={failure} />
              <Button size="lg" onClick={() => void onSignIn()} disabled={busy}>
                {busy ? 'Signing in...' : 'Sign In on This Device'}
              </Button>
            </div>
          )}
        </ResetCard>
      </div>
    </main>
  );
}
