import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import type { ApiBody } from '#shared/api-contract';
import type { User } from '#shared/auth-schemas';
import { clearAllDrafts } from '../offline/draft-storage.js';
import { callApi, callApiIfSignedIn, onSessionEnded, onSessionReplaced } from './client.js';
import {
  type SignInGuess,
  SignInGuessContext,
  deviceKeptASession,
  forgetSignedInHint,
} from './sign-in-guess.js';
import { queryKeys } from './query-keys.js';
import { forgetSignedOut, rememberSignedOut } from './signed-out-reason.js';

/**
 * Who is signed in, or null; a failure reads as signed out. The 'ask-device' guess first looks
 * for a signed-in answer this installed app kept, and a 401 tells the page to stop asking.
 */
export async function fetchCurrentUser(guess: () => SignInGuess): Promise<User | null> {
  if (guess() === 'ask-device' && !(await deviceKeptASession())) return null;
  try {
    const data = await callApiIfSignedIn('GET /api/auth/me');
    if (!data) forgetSignedInHint();
    return data?.user ?? null;
  } catch {
    return null;
  }
}

/**
 * The signed-in user, or null. A browser without a session cookie is known to be signed out
 * at once, without asking the server (which would only answer 401).
 */
export function useCurrentUser() {
  // Read only when the answer is first needed: reading cookies on every render is not free.
  const guessSignIn = useContext(SignInGuessContext);
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: () => fetchCurrentUser(guessSignIn),
    initialData: () => (guessSignIn() === 'signed-out' ? null : undefined),
  });
}

/**
 * When a call finds the session over (signed out from another device, a new password, a
 * suspension, or simply expired), this device is signed out too: what was cached for the person
 * goes, the signed-in screens give way to the landing screen, and the landing screen says why.
 * What the person typed stays: drafts and saves waiting on the device are kept for their next
 * sign-in. A page that opens on a session already over (its first question, who is signed in,
 * answered 401) is told the same way, so this is set up before the app asks anything. A 401
 * for a session that a sign-in elsewhere replaced meanwhile signs nobody out: the page goes on
 * as whoever is signed in now, and starts again when that is someone else.
 */
export function signOutWhenSessionEnds(
  queryClient: QueryClient,
  guessSignIn: () => SignInGuess,
): () => void {
  const stopEnds = onSessionEnded((ending) => {
    const user = queryClient.getQueryData<User | null>(queryKeys.me);
    if (!user && guessSignIn() !== 'signed-in') return;
    rememberSignedOut(ending);
    forgetSignedInHint();
    if (user) {
      // Who is signed in is set, not removed: the screens watching it move to the landing.
      queryClient.setQueryData(queryKeys.me, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
    }
  });
  const stopReplacements = onSessionReplaced((now) => {
    const user = queryClient.getQueryData<User | null>(queryKeys.me);
    // Still asking who is signed in, the page learns it from that answer.
    if (user === undefined || user?.id === now.id) return;
    forgetSignedOut();
    if (user === null) {
      queryClient.setQueryData(queryKeys.me, now);
      return;
    }
    // Someone else now: no screen may stay up with the words of the person before (their
    // drafts are kept for them). The page starts again as the person signed in.
    window.location.reload();
  });
  return () => {
    stopEnds();
    stopReplacements();
  };
}

function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: User) => {
    forgetSignedOut();
    // Everything cached belonged to the signed-out state: refresh it all for this user.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
    queryClient.setQueryData(queryKeys.me, user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: ApiBody<'POST /api/auth/login'>) =>
      callApi('POST /api/auth/login', { body: input }),
    onSuccess: ({ user }) => signedIn(user),
  });
}

export function useSignup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: ApiBody<'POST /api/auth/signup'>) =>
      callApi('POST /api/auth/signup', { body: input }),
    onSuccess: ({ user }) => signedIn(user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('POST /api/auth/logout'),
    onSuccess: () => {
      // At once, not with the caches below: the next person at this computer must not find the
      // words typed here, even when the tab is closed before that code arrives.
      clearAllDrafts();
      forgetSignedOut();
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, null);
      // The offline copies of this person's session and readings go with them; the code that
      // clears them loads only now, with the connection the sign-out just used.
      import('../pwa/clear-personal-caches.js')
        .then(({ clearPersonalCaches }) => clearPersonalCaches())
        .catch((error: unknown) => console.warn('Could not clear the offline caches', error));
    },
  });
}

export function usePasswordResetRequest() {
  return useMutation({
    mutationFn: (input: ApiBody<'POST /api/auth/password-reset-request'>) =>
      callApi('POST /api/auth/password-reset-request', { body: input }),
  });
}

/** Mails a one-time sign-in link: the way in when sign-in is refused for failures elsewhere. */
export function useSignInLinkRequest() {
  return useMutation({
    mutationFn: (input: ApiBody<'POST /api/auth/sign-in-link-request'>) =>
      callApi('POST /api/auth/sign-in-link-request', { body: input }),
  });
}

/** Spends an emailed sign-in link: this browser is signed in and known as the owner's. */
export function useSignInWithLink() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: ApiBody<'POST /api/auth/sign-in-link'>) =>
      callApi('POST /api/auth/sign-in-link', { body: input }),
    onSuccess: ({ user }) => signedIn(user),
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (input: ApiBody<'POST /api/auth/password-reset'>) =>
      callApi('POST /api/auth/password-reset', { body: input }),
  });
}
