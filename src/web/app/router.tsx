import { type ComponentType, Suspense, lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppShell } from '../components/app-shell.js';
import { AuthSkeleton } from '../components/auth-skeleton.js';
import {
  DayRedirect,
  RequireSignedIn,
  RequireSignedOut,
  RootRedirect,
} from '../components/route-guards.js';
import { paths } from './paths.js';

/** Each screen is its own chunk, so the first page loads only what it shows. */
function screen<T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) {
  const Component = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  return (
    <Suspense fallback={<AuthSkeleton />}>
      <Component />
    </Suspense>
  );
}

const Landing = () => screen(() => import('../screens/landing/landing-screen.js'), 'LandingScreen');
const PasswordReset = () =>
  screen(() => import('../screens/password-reset/password-reset-screen.js'), 'PasswordResetScreen');
const DailyRitual = () =>
  screen(() => import('../screens/daily-ritual/daily-ritual-screen.js'), 'DailyRitualScreen');
const Dashboard = () =>
  screen(() => import('../screens/dashboard/dashboard-screen.js'), 'DashboardScreen');
const Community = () =>
  screen(() => import('../screens/community/community-screen.js'), 'CommunityScreen');
const About = () => screen(() => import('../screens/about/about-screen.js'), 'AboutScreen');
const Settings = () =>
  screen(() => import('../screens/settings/settings-screen.js'), 'SettingsScreen');
const Contents = () =>
  screen(() => import('../screens/contents/contents-screen.js'), 'ContentsScreen');
const NotFound = () =>
  screen(() => import('../screens/not-found/not-found-screen.js'), 'NotFoundScreen');

/** The route table of the spec, section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path={paths.root.path} element={<RootRedirect />} />
      <Route
        path={paths.landing.path}
        element={
          <RequireSignedOut>
            <Landing />
          </RequireSignedOut>
        }
      />
      <Route path={paths.passwordReset.path} element={<PasswordReset />} />
      <Route
        path={paths.app.path}
        element={
          <RequireSignedIn>
            <AppShell />
          </RequireSignedIn>
        }
      >
        <Route index element={<Navigate to={paths.dailyRitual.getHref()} replace />} />
        <Route path="daily-ritual/:day?" element={<DailyRitual />} />
        <Route path="dashboard" element={<Dashboard />} />
        <Route path="community" element={<Community />} />
        <Route path="about" element={<About />} />
        <Route path="settings" element={<Settings />} />
        <Route path="*" element={<NotFound />} />
      </Route>
      <Route path={paths.day.path} element={<DayRedirect />} />
      <Route
        path={paths.contents.path}
        element={
          <RequireSignedIn>
            <Contents />
          </RequireSignedIn>
        }
      />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
