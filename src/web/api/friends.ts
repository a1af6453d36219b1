import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '#shared/constants';
import { callApi, serverMessage } from './client.js';
import { queryKeys } from './query-keys.js';

export function useFriends() {
  return useQuery({
    queryKey: queryKeys.friends,
    queryFn: () => callApi('GET /api/friends'),
  });
}

export function useFriendRequests() {
  return useQuery({
    queryKey: queryKeys.friendRequests,
    queryFn: () => callApi('GET /api/friend-requests'),
  });
}

export function useDiscover() {
  return useQuery({
    queryKey: queryKeys.discover,
    queryFn: async () => {
      let people;
      try {
        people = await callApi('GET /api/users/search', { query: { discover: 'true' } });
      } catch (error) {
        throw new Error('Failed to load users', { cause: error });
      }
      // The same route answers searches; asked to discover, every person has a category.
      return people.flatMap((person) => ('distanceCategory' in person ? [person] : []));
    },
  });
}

/** People by name or username; asks only from 2 characters. */
export function useUserSearch(query: string) {
  const q = query.trim();
  return useQuery({
    queryKey: queryKeys.search(q),
    enabled: q.length >= SEARCH_MIN_LENGTH,
    queryFn: async () => {
      try {
        return await callApi('GET /api/users/search', { query: { q } });
      } catch (error) {
        throw new Error('Failed to search users', { cause: error });
      }
    },
  });
}

const isSearch = (key: readonly unknown[]) => key[0] === '/api/users/search';

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    // By exact username when it is known: the way to reach someone who chose to be found only
    // by it (docs/product.md, "Who can reach whom"); by id otherwise.
    mutationFn: async (person: { id: number; username?: string }) => {
      try {
        return person.username
          ? await callApi('POST /api/friend-requests', { body: { username: person.username } })
          : await callApi('POST /api/friend-requests/:userId', { params: { userId: person.id } });
      } catch (error) {
        throw new Error(serverMessage(error) ?? 'Failed to send friend request', { cause: error });
      }
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.friendRequests }),
        queryClient.invalidateQueries({ queryKey: queryKeys.discover }),
        queryClient.invalidateQueries({ predicate: (query) => isSearch(query.queryKey) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.friends }),
      ]),
  });
}

export function useAcceptFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) =>
      callApi('POST /api/friend-requests/:id/accept', { params: { id: requestId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.friendRequests }),
        queryClient.invalidateQueries({ queryKey: queryKeys.friends }),
        queryClient.invalidateQueries({ queryKey: queryKeys.discover }),
      ]),
  });
}

export function useRejectFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (requestId: number) =>
      callApi('POST /api/friend-requests/:id/reject', { params: { id: requestId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.friendRequests }),
  });
}

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => callApi('DELETE /api/friends/:userId', { params: { userId } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.friends }),
        queryClient.invalidateQueries({ queryKey: queryKeys.discover }),
        queryClient.invalidateQueries({ queryKey: queryKeys.friendsFeed }),
      ]),
  });
}
