import type { ReactNode } from 'react';

/**
 * A snippet with its matching words in <mark>, built from the answer's character ranges: the
 * answer is plain text, so nothing in it is ever read as HTML.
 */
export function HighlightedSnippet({
  snippet,
  highlights,
}: {
  snippet: string;
  highlights: [number, number][];
}) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of [...highlights].sort((a, b) => a[0] - b[0])) {
    if (start < at || end <= start || end > snippet.length) continue;
    if (start > at) parts.push(snippet.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-primary/15 px-0.5 text-foreground">
        {snippet.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  parts.push(snippet.slice(at));
  return <>{parts}</>;
}
