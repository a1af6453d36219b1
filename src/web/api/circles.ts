import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './client.js';
import { queryKeys } from './query-keys.js';

/** The reader's reading circles (docs/product.md#reading-circles). */
export function useCircles(enabled = true) {
  return useQuery({
    queryKey: queryKeys.circles,
    queryFn: () => callApi('GET /api/circles'),
    enabled,
  });
}

export function useCircle(id: number) {
  return useQuery({
    queryKey: queryKeys.circle(id),
    queryFn: () => callApi('GET /api/circles/:id', { params: { id } }),
    retry: false,
  });
}

/** The members' reflections of a day; without a day, the reader's today. */
export function useCircleReflections(id: number, day?: number) {
  return useQuery({
    queryKey: queryKeys.circleReflections(id, day),
    queryFn: () =>
      callApi('GET /api/circles/:id/reflections', {
        params: { id },
        ...(day ? { query: { day: String(day) } } : {}),
      }),
    retry: false,
  });
}

/** Today's reflections of each circle, for the newest one beside its name. */
export function useTodayInEachCircle(ids: readonly number[]) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: queryKeys.circleReflections(id, undefined),
      queryFn: () => callApi('GET /api/circles/:id/reflections', { params: { id } }),
    })),
  });
}

export function useInvitePreview(code: string) {
  return useQuery({
    queryKey: queryKeys.invite(code),
    queryFn: () => callApi('GET /api/circle-invites/:code', { params: { code } }),
    retry: false,
  });
}

/** Whatever a circle's change may touch: the lists, the circle, its pages, the journal. */
function refreshCircles(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const key = String(query.queryKey[0]);
      return key.startsWith('/api/circles') || key === queryKeys.journal[0];
    },
  });
}

export function useCreateCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; description?: string }) =>
      callApi('POST /api/circles', { body }),
    onSuccess: () => refreshCircles(queryClient),
  });
}

export function useJoinCircle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi('POST /api/circles/join', { body: { code } }),
    onSuccess: () => refreshCircles(queryClient),
  });
}

export function useUpdateCircle(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; description?: string }) =>
      callApi('PATCH /api/circles/:id', { params: { id }, body }),
    onSuccess: () => refreshCircles(queryClient),
  });
}

export function useDeleteCircle(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi('DELETE /api/circles/:id', { params: { id } }),
    onSuccess: () => refreshCircles(queryClient),
  });
}

export function useCreateInvite(id: number) {
  return useMutation({
    mutationFn: () => callApi('POST /api/circles/:id/invites', { params: { id } }),
  });
}

/** A member leaves (their own id) or the owner removes one. */
export function useRemoveMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      callApi('DELETE /api/circles/:id/members/:userId', { params: { id, userId } }),
    onSuccess: () => refreshCircles(queryClient),
  });
}

export function useHandOn(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) =>
      callApi('PATCH /api/circles/:id/members/:userId', {
        params: { id, userId },
        body: { role: 'owner' },
      }),
    onSuccess: () => refreshCircles(queryClient),
  });
}

/** Appreciates a reflection the reader sees, or takes it back. */
export function useAppreciation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, appreciated }: { id: number; appreciated: boolean }) =>
      appreciated
        ? callApi('PUT /api/journal/:id/appreciation', { params: { id } })
        : callApi('DELETE /api/journal/:id/appreciation', { params: { id } }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) => {
          const key = String(query.queryKey[0]);
          return key.startsWith('/api/circles') || key === queryKeys.friendsFeed[0];
        },
      }),
  });
}
