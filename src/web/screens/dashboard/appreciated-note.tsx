import { HandHeart, X } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { appreciatedLine } from '../../lib/circle-words.js';
import { useCurrentUser } from '../../api/auth.js';
import { useJournal } from '../../api/journal.js';
import { Button } from '../../components/ui/button.js';
import { Card } from '../../components/ui/card.js';

const SEEN_KEY = 'tfp_appreciation_seen';

function seenKey(): string | null {
  try {
    return localStorage.getItem(SEEN_KEY);
  } catch {
    return null;
  }
}

/**
 * Once, the newest appreciation of the reader's reflections: "Roshan and Mehr appreciated your
 * reflection on day 91". Shown until the next visit; a newer appreciation shows it again.
 */
export function AppreciatedNote() {
  const { data: user } = useCurrentUser();
  const journal = useJournal(user?.id);
  const newest = useMemo(() => {
    let found: { dayNumber: number; names: string[]; at: string; key: string } | null = null;
    for (const entry of journal.data ?? []) {
      const list = entry.appreciations ?? [];
      const latest = list.at(-1);
      if (!latest || (found && found.at >= latest.at)) continue;
      found = {
        dayNumber: entry.dayNumber,
        names: list.map((a) => a.fullName),
        at: latest.at,
        key: `${entry.id}:${latest.at}`,
      };
    }
    return found;
  }, [journal.data]);
  const [shown] = useState(seenKey);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!newest || newest.key === shown) return;
    try {
      localStorage.setItem(SEEN_KEY, newest.key);
    } catch {
      // Without storage the note shows on each visit; nothing is lost.
    }
  }, [newest, shown]);
  if (!newest || newest.key === shown || closed) return null;
  return (
    <Card role="status" className="flex flex-row items-start gap-3 p-4">
      <HandHeart aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <p className="min-w-0 flex-1 text-sm break-words">
        {appreciatedLine(newest.names, newest.dayNumber)}
      </p>
      <Button variant="ghost" size="icon" aria-label="Close" onClick={() => setClosed(true)}>
        <X aria-hidden="true" />
      </Button>
    </Card>
  );
}
