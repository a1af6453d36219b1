import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountDeletion,
  JournalExportFormat,
  PasswordChange,
  ProfileUpdateInput,
} from '#shared/account-schemas';
import { clearPersonalCaches } from '../pwa/clear-personal-caches.js';
import { apiResponse, callApi } from './client.js';
import { queryKeys } from './query-keys.js';

/** Saves profile changes; the answer becomes the signed-in user everywhere at once. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) => callApi('PATCH /api/users/me', { body: input }),
    // A read of the account already under way would land after the change and undo it on screen.
    onMutate: () => queryClient.cancelQueries({ queryKey: queryKeys.me }),
    onSuccess: ({ user }, input) => {
      queryClient.setQueryData(queryKeys.me, user);
      // A new pace moves the reader's day: every answer about which days are open is stale.
      if (input.pace !== undefined) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.today });
        void queryClient.invalidateQueries({ queryKey: ['/api/thoughts'] });
        void queryClient.invalidateQueries({ queryKey: queryKeys.saved });
      }
    },
  });
}

/** Changes the password; the server signs out every other device, so their list is stale. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChange) => callApi('POST /api/auth/password', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** The person's signed-in devices, newest seen first; read fresh each time it is shown. */
export function useDeviceSessions() {
  return useQuery({
    queryKey: queryKeys.sessions,
    queryFn: async () => (await callApi('GET /api/auth/sessions')).sessions,
    staleTime: 0,
  });
}

export function useSignOutDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: number) =>
      callApi('DELETE /api/auth/sessions/:id', { params: { id: sessionId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

export function useSignOutOtherDevices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('POST /api/auth/sessions/sign-out-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.sessions }),
  });
}

/** Deletes the account; like signing out, nothing of this person stays cached on the device. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AccountDeletion) => callApi('DELETE /api/users/me', { body: input }),
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.me, null);
      void clearPersonalCaches();
    },
  });
}

/** The file name the server chose in Content-Disposition, or the fallback. */
export function attachmentFileName(contentDisposition: string | null, fallback: string): string {
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(contentDisposition ?? '');
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Fetches the journal export and hands it to the browser as a downloaded file. */
export async function downloadJournal(format: JournalExportFormat): Promise<string> {
  const response = await apiResponse('GET /api/journal/export', { query: { format } });
  const fileName = attachmentFileName(
    response.headers.get('Content-Disposition'),
    `threefold-path-journal.${format}`,
  );
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is no longer needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return fileName;
}
