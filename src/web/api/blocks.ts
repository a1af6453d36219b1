import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from './client.js';
import { queryKeys } from './query-keys.js';

/** The people the signed-in person has blocked, newest first. */
export function useBlocks() {
  return useQuery({
    queryKey: queryKeys.blocks,
    queryFn: () => callApi('GET /api/blocks'),
  });
}

const isSearch = (key: readonly unknown[]) => key[0] === '/api/users/search';

/** Every list a block or unblock changes: the person leaves (or may return to) all of them. */
function refreshPeople(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.blocks }),
    queryClient.invalidateQueries({ queryKey: queryKeys.friends }),
    queryClient.invalidateQueries({ queryKey: queryKeys.friendRequests }),
    queryClient.invalidateQueries({ queryKey: queryKeys.discover }),
    queryClient.invalidateQueries({ queryKey: queryKeys.friendsFeed }),
    queryClient.invalidateQueries({ predicate: (query) => isSearch(query.queryKey) }),
  ]);
}

export function useBlockPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    // By exact username when it is known, as a person found only by it is reached; else by id.
    mutationFn: (person: { id: number; username?: string }) =>
      callApi('POST /api/blocks', {
        body: person.username ? { username: person.username } : { userId: person.id },
      }),
    onSuccess: () => refreshPeople(queryClient),
  });
}

export function useUnblockPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => callApi('DELETE /api/blocks/:userId', { params: { userId } }),
    onSuccess: () => refreshPeople(queryClient),
  });
}
