import { useQuery } from '@tanstack/react-query';
import type { ProgressRecord } from '#shared/progress';
import type { ProgressDayUpdate } from '#shared/progress-sync';
import { callApi } from './client.js';
import { queryKeys } from './query-keys.js';

/** Days, streaks and the 12-week calendar; read again whenever it is shown. */
export function useJourney() {
  return useQuery({
    queryKey: queryKeys.progress,
    queryFn: () => callApi('GET /api/progress'),
    staleTime: 0,
  });
}

/** Sends the local record and answers the union of it and what the server keeps. */
export async function mergeProgressWithServer(record: ProgressRecord): Promise<ProgressRecord> {
  return (await callApi('POST /api/progress/merge', { body: record })).progress;
}

export async function sendDayFlags(day: number, flags: ProgressDayUpdate): Promise<void> {
  await callApi('PUT /api/progress/days/:day', { params: { day }, body: flags });
}

export async function clearServerProgress(): Promise<void> {
  await callApi('DELETE /api/progress');
}
