import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { useCurrentUser } from '../api/auth.js';
import { paths } from '../app/paths.js';
import { AuthSkeleton } from './auth-skeleton.js';

/** Children only for signed-in people; everyone else goes to /landing. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) return <AuthSkeleton />;
  if (!user) return <Navigate to={paths.landing.getHref()} replace />;
  return children;
}

/** Children only for signed-out people; signed-in people go to the daily ritual. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading) return <AuthSkeleton />;
  if (user) return <Navigate to={paths.dailyRitual.getHref()} replace />;
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
