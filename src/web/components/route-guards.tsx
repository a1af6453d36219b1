import { type ReactNode, Suspense, useContext, useSyncExternalStore } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCurrentUser } from '../api/auth.js';
import { paths } from '../app/paths.js';
import { RenderedPageContext } from '../app/reader-page.js';
import { useSharedDay } from '../hooks/use-shared-day.js';
import { pendingInvitePath } from '../lib/pending-invite.js';
import { AuthSkeleton } from './auth-skeleton.js';
import { lazyPart } from './lazy-part.js';

const noSubscription = () => () => undefined;

// Seldom needed, so it is its own chunk, away from every other screen's first load.
const SuspendedAccountScreen = lazyPart(
  async () =>
    (await import('../screens/settings/suspended-account-screen.js')).SuspendedAccountScreen,
);

/**
 * True while the app hydrates a page rendered at build time (and while rendering one), false in
 * every later render: a page made before anyone was known must first be hydrated as it is, even
 * when the answer to who is signed in has already arrived. A reader's page was rendered with
 * who is signed in, so it is hydrated with its screen.
 */
function useHydratingRenderedPage(): boolean {
  const { readerPage } = useContext(RenderedPageContext);
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => !readerPage,
  );
}

/**
 * Children only for signed-in people; everyone else goes to /landing. A suspended account sees
 * only what it may still do, in place of any signed-in screen.
 */
export function RequireSignedIn({
  children,
  placeholder = <AuthSkeleton />,
}: {
  children: ReactNode;
  /** Shown while the sign-in is being checked. */
  placeholder?: ReactNode;
}) {
  const { data: user, isLoading } = useCurrentUser();
  const hydrating = useHydratingRenderedPage();
  if (isLoading || hydrating) return placeholder;
  if (!user) return <Navigate to={paths.landing.getHref()} replace />;
  if (user.suspended) {
    return (
      <Suspense fallback={<AuthSkeleton />}>
        <SuspendedAccountScreen />
      </Suspense>
    );
  }
  return children;
}

/**
 * Children only for signed-out people; signed-in people go to the daily ritual, at the shared
 * day they came from when there is one.
 */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useCurrentUser();
  const sharedDay = useSharedDay();
  if (isLoading) return <AuthSkeleton />;
  if (user) {
    return <Navigate to={pendingInvitePath() ?? paths.dailyRitual.getHref(sharedDay)} replace />;
  }
  return children;
}

export function RootRedirect() {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) return <AuthSkeleton />;
  return <Navigate to={user ? paths.dailyRitual.getHref() : paths.landing.getHref()} replace />;
}

/** /day/{day} → /app/daily-ritual/{day}. */
export function DayRedirect() {
  const { day } = useParams();
  const number = Number(day);
  return (
    <Navigate
      to={paths.dailyRitual.getHref(Number.isInteger(number) && number > 0 ? number : undefined)}
      replace
    />
  );
}
