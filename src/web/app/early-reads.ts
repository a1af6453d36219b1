import type { QueryClient } from '@tanstack/react-query';
import { fetchCurrentUser } from '../api/auth.js';
import { queryKeys } from '../api/query-keys.js';
import { guessSignIn } from '../api/sign-in-guess.js';
import { paths } from './paths.js';
import { preloadScreenFor } from './router.js';

/**
 * The first reads the page will need, started at once rather than after the first render: the
 * code of the screen it opens on, who is signed in (when anyone may be), and on the daily screen
 * today's stanza, which is the same for everyone and needs no sign-in. The screens then find
 * them ready. The promise settles when the screen's code is here.
 */
export function startEarlyReads(queryClient: QueryClient, pathname: string): Promise<unknown> {
  const screen = preloadScreenFor(pathname);
  if (guessSignIn() !== 'signed-out') {
    void queryClient.prefetchQuery({
      queryKey: queryKeys.me,
      queryFn: () => fetchCurrentUser(guessSignIn),
    });
  }
  const today = paths.dailyRitual.getHref();
  if (pathname === today || pathname === `${today}/`) {
    void queryClient.prefetchQuery({ queryKey: queryKeys.today });
  }
  return screen;
}
