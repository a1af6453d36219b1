import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import type { User } from '#shared/auth-schemas';
import { clearPersonalCaches } from '../pwa/clear-personal-caches.js';
import { getJson, sendJson } from './client.js';
import {
  type SignInGuess,
  SignInGuessContext,
  deviceKeptASession,
  forgetSignedInHint,
} from './sign-in-guess.js';
import { queryKeys } from './query-keys.js';

export interface SignupInput {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  fullName: string;
  postalCode?: string | null;
  whatsapp?: string | null;
}

/**
 * Who is signed in, or null; a failure reads as signed out. The 'ask-device' guess first looks
 * for a signed-in answer this installed app kept, and a 401 tells the page to stop asking.
 */
export async function fetchCurrentUser(guess: () => SignInGuess): Promise<User | null> {
  if (guess() === 'ask-device' && !(await deviceKeptASession())) return null;
  try {
    const data = await getJson<{ user: User } | null>('/api/auth/me', { on401: 'returnNull' });
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

function useSignedIn() {
  const queryClient = useQueryClient();
  return async (user: User) => {
    // Everything cached belonged to the signed-out state: refresh it all for this user.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.me[0] });
    queryClient.setQueryData(queryKeys.me, user);
  };
}

export function useLogin() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: { username: string; password: string }) =>
      sendJson<{ user: User }>('POST', '/api/auth/login', input),
    onSuccess: ({ user }) => signedIn(user),
  });
}

export function useSignup() {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: (input: SignupInput) => sendJson<{ user: User }>('POST', '/api/auth/signup', input),
    onSuccess: ({ user }) => signedIn(user),
  });
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<{ ok: true }>('POST', '/api/auth/logout'),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, null);
      // The offline copies of this person's session and readings go with them.
      void clearPersonalCaches();
    },
  });
}

export function usePasswordResetRequest() {
  return useMutation({
    mutationFn: (input: { email: string }) =>
      sendJson<{ message: string }>('POST', '/api/auth/password-reset-request', input),
  });
}

export function usePasswordReset() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      sendJson<{ message: string }>('POST', '/api/auth/password-reset', input),
  });
}
