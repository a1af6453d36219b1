import { useQuery } from '@tanstack/react-query';
import type { ProgressRecord } from '#shared/progress';
import type {
  ProgressDayResponse,
  ProgressDayUpdate,
  ProgressMergeResponse,
  ProgressResponse,
} from '#shared/progress-sync';
import { getJson, sendJson } from './client.js';
import { queryKeys } from './query-keys.js';

/** Days, streaks and the 12-week calendar; read again whenever it is shown. */
export function useJourney() {
  return useQuery({
    queryKey: queryKeys.progress,
    queryFn: () => getJson<ProgressResponse>('/api/progress'),
    staleTime: 0,
  });
}

/** Sends the local record and answers the union of it and what the server keeps. */
export async function mergeProgressWithServer(record: ProgressRecord): Promise<ProgressRecord> {
  return (await sendJson<ProgressMergeResponse>('POST', '/api/progress/merge', record)).progress;
}

export async function sendDayFlags(day: number, flags: ProgressDayUpdate): Promise<void> {
  await sendJson<ProgressDayResponse>('PUT', `/api/progress/days/${day}`, flags);
}

export async function clearServerProgress(): Promise<void> {
  await sendJson<{ ok: true }>('DELETE', '/api/progress');
}
