import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AppShell, AppShellPlaceholder } from '../components/app-shell.js';
import { AuthSkeleton } from '../components/auth-skeleton.js';
import { lazyPart } from '../components/lazy-part.js';
import { PartLoadBoundary } from '../components/part-load-boundary.js';
import {
  DayRedirect,
  RequireSignedIn,
  RequireSignedOut,
  RootRedirect,
} from '../components/route-guards.js';
import { paths } from './paths.js';

/**
 * Each screen is its own chunk, so the first page loads only what it shows. `preload` fetches
 * a screen's chunk ahead of its first render; a screen whose chunk is already here then renders
 * in the same pass, without a loading placeholder in between.
 */
function lazyScreen<T extends Record<string, ComponentType>>(
  load: () => Promise<T>,
  name: keyof T,
) {
  const Component = lazyPart(async () => (await load())[name] as ComponentType);
  function Screen() {
    return (
      <PartLoadBoundary loading={<AuthSkeleton />}>
        <Component />
      </PartLoadBoundary>
    );
  }
  return Object.assign(Screen, { preload: Component.preload });
}

const Landing = lazyScreen(() => import('../screens/landing/landing-screen.js'), 'LandingScreen');
const PasswordReset = lazyScreen(
  () => import('../screens/password-reset/password-reset-screen.js'),
  'PasswordResetScreen',
);
const SignInLink = lazyScreen(
  () => import('../screens/password-reset/sign-in-link-screen.js'),
  'SignInLinkScreen',
);
const DailyRitual = lazyScreen(
  () => import('../screens/daily-ritual/daily-ritual-screen.js'),
  'DailyRitualScreen',
);
const Dashboard = lazyScreen(
  () => import('../screens/dashboard/dashboard-screen.js'),
  'DashboardScreen',
);
const Community = lazyScreen(
  () => import('../screens/community/community-screen.js'),
  'CommunityScreen',
);
const About = lazyScreen(() => import('../screens/about/about-screen.js'), 'AboutScreen');
const Settings = lazyScreen(
  () => import('../screens/settings/settings-screen.js'),
  'SettingsScreen',
);
const Contents = lazyScreen(
  () => import('../screens/contents/contents-screen.js'),
  'ContentsScreen',
);
const Circles = lazyScreen(() => import('../screens/circles/circles-screen.js'), 'CirclesScreen');
const Circle = lazyScreen(() => import('../screens/circles/circle-screen.js'), 'CircleScreen');
const Join = lazyScreen(() => import('../screens/circles/join-screen.js'), 'JoinScreen');
const Search = lazyScreen(() => import('../screens/search/search-screen.js'), 'SearchScreen');
const Glossary = lazyScreen(
  () => import('../screens/glossary/glossary-screen.js'),
  'GlossaryScreen',
);
const GlossaryTerm = lazyScreen(
  () => import('../screens/glossary/glossary-term-screen.js'),
  'GlossaryTermScreen',
);
const NotFound = lazyScreen(
  () => import('../screens/not-found/not-found-screen.js'),
  'NotFoundScreen',
);

/**
 * Starts loading the screen of the address the page opened on, beside the app itself; the
 * promise settles when its code is here (or could not come).
 */
export function preloadScreenFor(pathname: string): Promise<unknown> {
  const screen =
    pathname === paths.landing.path
      ? Landing
      : pathname.startsWith('/app/daily-ritual')
        ? DailyRitual
        : null;
  // A failed download is retried, and reported, when the screen itself renders.
  return screen ? screen.preload().catch(() => undefined) : Promise.resolve();
}

/** The screens and their addresses (docs/product.md#the-screens). */
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
      <Route path={paths.signInLink.path} element={<SignInLink />} />
      <Route path={paths.join.path} element={<Join />} />
      {/* The signed-in shell frames /app/*, Contents and the glossary alike, so its menu and
          tabs stay. */}
      <Route
        element={
          <RequireSignedIn placeholder={<AppShellPlaceholder />}>
            <AppShell />
          </RequireSignedIn>
        }
      >
        <Route path={paths.app.path}>
          <Route index element={<Navigate to={paths.dailyRitual.getHref()} replace />} />
          <Route path="daily-ritual/:day?" element={<DailyRitual />} />
          <Route path="dashboard" element={<Dashboard />} />
          <Route path="community" element={<Community />} />
          <Route path="about" element={<About />} />
          <Route path="settings" element={<Settings />} />
          <Route path="search" element={<Search />} />
          <Route path="circles" element={<Circles />} />
          <Route path="circles/:id" element={<Circle />} />
          <Route path="*" element={<NotFound />} />
        </Route>
        <Route path={paths.contents.path} element={<Contents />} />
        <Route path={paths.glossary.path} element={<Glossary />} />
        <Route path={paths.glossaryTerm.path} element={<GlossaryTerm />} />
      </Route>
      <Route path={paths.day.path} element={<DayRedirect />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
