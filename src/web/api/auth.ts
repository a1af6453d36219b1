import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '#shared/auth-schemas';
import { clearPersonalCaches } from '../pwa/clear-personal-caches.js';
import { getJson, sendJson } from './client.js';
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

/** The signed-in user, or null; a failure reads as signed out. */
export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.me,
    queryFn: async () => {
      try {
        const data = await getJson<{ user: User } | null>('/api/auth/me', { on401: 'returnNull' });
        return data?.user ?? null;
      } catch {
        return null;
      }
    },
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
