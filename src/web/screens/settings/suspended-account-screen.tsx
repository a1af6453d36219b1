import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { PRODUCT_NAME } from '#shared/constants';
import { useLogout } from '../../api/auth.js';
import { paths } from '../../app/paths.js';
import { Button } from '../../components/ui/button.js';
import { toast } from '../../hooks/use-toast.js';
import { DeleteAccountCard } from './delete-account-card.js';
import { YourDataCard } from './your-data-card.js';

/**
 * What a suspended account sees instead of the app: why nothing else opens, and the three
 * things it may still do (docs/product.md#reports-and-suspension): take its journal, delete
 * itself, sign out.
 */
export function SuspendedAccountScreen() {
  const logout = useLogout();
  const navigate = useNavigate();

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => void navigate(paths.landing.getHref(), { replace: true }),
      onError: () =>
        toast({ variant: 'destructive', title: 'Failed to log out. Please try again.' }),
    });

  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10">
      <p className="font-serif text-sm text-muted-foreground">{PRODUCT_NAME}</p>
      <section aria-labelledby="suspended-heading" className="flex flex-col gap-3">
        <h1 id="suspended-heading" className="font-serif text-2xl font-semibold">
          Your account is suspended
        </h1>
        <p>
          The people who run {PRODUCT_NAME} suspended this account after a report. While it is
          suspended, nobody else can see you or your reflections, and the readings, your journal and
          the community are closed to you.
        </p>
        <p className="text-muted-foreground">
          Your reflections are kept. You can still download them, or delete your account and
          everything in it.
        </p>
      </section>
      <YourDataCard />
      <DeleteAccountCard />
      <div>
        <Button variant="outline" onClick={signOut} disabled={logout.isPending}>
          <LogOut aria-hidden="true" /> {logout.isPending ? 'Logging out...' : 'Log out'}
        </Button>
      </div>
    </main>
  );
}
