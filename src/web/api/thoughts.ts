import { useQuery } from '@tanstack/react-query';
import { TOTAL_DAYS } from '#shared/constants';
import { ApiError, callApi } from './client.js';
import { queryKeys } from './query-keys.js';

export function useThoughtsTotal() {
  return useQuery({
    queryKey: queryKeys.thoughtsTotal,
    queryFn: async () => (await callApi('GET /api/thoughts/meta/total')).totalDays ?? TOTAL_DAYS,
  });
}

/** Today's thought; `enabled: false` asks nothing (and keeps nothing) until it turns true. */
export function useTodayThought({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.today,
    queryFn: () => callApi('GET /api/thoughts/today'),
    enabled,
  });
}

/** A day's thought; a future day fails with an ApiError whose body has message 'future_day'. */
export function useThought(day: number | null) {
  return useQuery({
    queryKey: queryKeys.thought(day ?? 0),
    queryFn: () => callApi('GET /api/thoughts/:dayNumber', { params: { dayNumber: day ?? 0 } }),
    enabled: day !== null,
  });
}

/** Stanza info for a day: null when there is none; cached 5 minutes, no retry. */
export function useGathaInfo(day: number | null) {
  return useQuery({
    queryKey: queryKeys.gathaInfo(day ?? 0),
    enabled: day !== null && day > 0,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      try {
        return await callApi('GET /api/gathas/info/:day', { params: { day: day ?? 0 } });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw new Error('Failed to fetch Gatha information', { cause: error });
      }
    },
  });
}

/** Every day's stanza info, future days too, in day order: the outline Contents lists. */
export function useEveryGathaInfo() {
  return useQuery({
    queryKey: queryKeys.everyGathaInfo,
    queryFn: () => callApi('GET /api/gathas/info'),
  });
}

export interface FutureDay {
  friendlyMessage?: string;
  currentDay?: number;
}

/** The future_day details of a failed thought load, or null for any other failure. */
export function futureDayOf(error: unknown): FutureDay | null {
  if (error instanceof ApiError && error.body?.message === 'future_day') {
    const body = error.body;
    return {
      ...(typeof body.friendlyMessage === 'string'
        ? { friendlyMessage: body.friendlyMessage }
        : {}),
      ...(typeof body.currentDay === 'number' ? { currentDay: body.currentDay } : {}),
    };
  }
  return null;
}
