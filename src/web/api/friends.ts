import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SEARCH_MIN_LENGTH } from '#shared/constants';
import type {
  DiscoveredUser,
  Friend,
  FriendRequest,
  FriendRequestList,
  UserSearchResult,
} from '#shared/social-types';
import { getJson, sendJson, serverMessage } from './client.js';
import { queryKeys } from './query-keys.js';

export function useFriends() {
  return useQuery({
    queryKey: queryKeys.friends,
    queryFn: () => getJson<Friend[]>('/api/friends'),
  });
}

export function useFriendRequests() {
  return useQuery({
    queryKey: queryKeys.friendRequests,
    queryFn: () => getJson<FriendRequestList>('/api/friend-requests'),
  });
}

export function useDiscover() {
  return useQuery({
    queryKey: queryKeys.discover,
    queryFn: async () => {
      try {
        return await getJson<DiscoveredUser[]>('/api/users/search?discover=true');
      } catch (error) {
        throw new Error('Failed to load users', { cause: error });
      }
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
        return await getJson<UserSearchResult[]>(`/api/users/search?q=${encodeURIComponent(q)}`);
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
    mutationFn: async (userId: number) => {
      try {
        return await sendJson<FriendRequest>('POST', `/api/friend-requests/${userId}`);
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
      sendJson<FriendRequest>('POST', `/api/friend-requests/${requestId}/accept`),
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
      sendJson<FriendRequest>('POST', `/api/friend-requests/${requestId}/reject`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.friendRequests }),
  });
}

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => sendJson<{ ok: true }>('DELETE', `/api/friends/${userId}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.friends }),
        queryClient.invalidateQueries({ queryKey: queryKeys.discover }),
        queryClient.invalidateQueries({ queryKey: queryKeys.friendsFeed }),
      ]),
  });
}
