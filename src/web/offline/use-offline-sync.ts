import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCurrentUser } from '../api/auth.js';
import { queryKeys } from '../api/query-keys.js';
import { toast } from '../hooks/use-toast.js';
import { type SyncReport, sendPendingSaves } from './sync.js';

const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

function daysText(days: number[]): string {
  return days.length === 1 ? `day ${days[0]}` : `days ${listFormat.format(days.map(String))}`;
}

/** One toast for the run; a refusal matters more than a success, so it wins the single slot. */
function tell({ synced, refused }: SyncReport) {
  if (refused.length > 0) {
    const one = refused.length === 1;
    const reason = one ? refused[0]?.reason : undefined;
    toast({
      variant: 'destructive',
      title: `${one ? 'Reflection' : 'Reflections'} for ${daysText(refused.map((r) => r.dayNumber))} could not be synced`,
      description: `The server refused ${one ? 'it' : 'them'}${reason ? ` (${reason})` : ''}, so ${one ? 'it was' : 'they were'} removed from this device.`,
    });
  } else if (synced.length > 0) {
    const days = synced.map((entry) => entry.dayNumber);
    toast({
      title: 'Reflection synced',
      description:
        days.length === 1
          ? `Your reflection for day ${days[0]} is now in your journal.`
          : `Your reflections for ${daysText(days)} are now in your journal.`,
    });
  }
}

async function syncAndTell(userId: number, queryClient: QueryClient) {
  let report: SyncReport;
  try {
    report = await sendPendingSaves(userId, (entry) =>
      queryClient.setQueryData(queryKeys.journalDay(entry.dayNumber), entry),
    );
  } catch (error) {
    // The outbox could not be read (no IndexedDB): nothing was sent and nothing is lost.
    console.warn('Could not sync reflections saved on this device', error);
    return;
  }
  const days = new Set([
    ...report.synced.map((entry) => entry.dayNumber),
    ...report.refused.map((r) => r.dayNumber),
  ]);
  if (days.size === 0) return;
  tell(report);
  // The screens now show the server's copy of each day and of the journal list.
  await Promise.all([
    ...[...days].map((day) =>
      queryClient.invalidateQueries({ queryKey: queryKeys.journalDay(day) }),
    ),
    queryClient.invalidateQueries({ queryKey: queryKeys.journal }),
  ]);
}

/**
 * Sends the signed-in person's reflections saved on this device: when mounted (app start, a
 * screen opening), when that person signs in, and whenever the connection returns. Safe to
 * mount in several places: runs take turns and a run with nothing to send makes no request.
 */
export function useOfflineSync() {
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    const sync = () => void syncAndTell(userId, queryClient);
    sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [userId, queryClient]);
}
