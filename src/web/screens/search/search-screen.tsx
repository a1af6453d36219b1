import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { JournalResult, ReadingResult } from '#shared/search-schemas';
import { SEARCH_QUERY_MAX } from '#shared/search-text';
import { serverMessage } from '../../api/client.js';
import { useContentSearch } from '../../api/search.js';
import { paths } from '../../app/paths.js';
import { Button } from '../../components/ui/button.js';
import { Input, Label } from '../../components/ui/form-controls.js';
import { Skeleton } from '../../components/ui/skeleton.js';
import { useDebouncedValue } from '../../hooks/use-debounced-value.js';
import { HighlightedSnippet } from './highlighted-snippet.js';

const TYPING_PAUSE_MS = 300;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * Search: the readings of the days open so far and the reader's own journal, from the header's
 * search button or Contents' search box. The words live in the address (?q=), so going back to
 * the search finds it as it was.
 */
export function SearchScreen() {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get('q') ?? '';
  const [draft, setDraft] = useState(inAddress);
  const query = useDebouncedValue(draft.trim(), TYPING_PAUSE_MS);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    if (query !== inAddress) setParams(query ? { q: query } : {}, { replace: true });
  }, [query, inAddress, setParams]);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-serif text-3xl font-semibold">Search</h1>
      <form
        role="search"
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          input.current?.blur();
        }}
      >
        <Label htmlFor={inputId}>Search the readings and your journal</Label>
        <div className="flex items-center gap-2">
          <Input
            id={inputId}
            ref={input}
            type="search"
            value={draft}
            maxLength={SEARCH_QUERY_MAX}
            autoComplete="off"
            enterKeyHint="search"
            placeholder="A word, a Gatha or a reference such as Yasna 44.3"
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit" size="icon" aria-label="Search">
            <Search aria-hidden="true" />
          </Button>
        </div>
      </form>
      <SearchResultsView query={query} />
    </div>
  );
}

function SearchResultsView({ query }: { query: string }) {
  const search = useContentSearch(query);
  if (!query) {
    return (
      <p className="text-muted-foreground">
        Type a word or two to search the readings you have reached and your own journal.
      </p>
    );
  }
  if (search.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <p>{serverMessage(search.error) ?? 'Search is not available right now.'}</p>
        <Button variant="outline" onClick={() => void search.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!search.data) {
    return (
      <div role="status" aria-busy="true" className="flex flex-col gap-3">
        <span className="sr-only">Searching</span>
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
      </div>
    );
  }
  const { readings, journal, correctedQuery, offline } = search.data;
  const total = readings.length + journal.length;
  return (
    <div className="flex flex-col gap-6">
      <div role="status" className="flex flex-col gap-2">
        {offline ? (
          <p className="rounded-lg border border-border bg-muted px-3 py-2 text-sm">
            You are offline, so these are the readings kept on this device. Searching your journal
            needs a connection.
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">
          {total === 0
            ? `Nothing found for “${query}”. Try another word or fewer words.`
            : correctedQuery
              ? `Nothing found for “${query}”. Showing results for “${correctedQuery}”.`
              : `${plural(journal.length, 'journal entry', 'journal entries')} and ${plural(readings.length, 'reading', 'readings')} found.`}
        </p>
      </div>
      {/* The reader's own words first: fewer, and what they most likely look for. */}
      {journal.length > 0 ? <JournalResults results={journal} /> : null}
      {readings.length > 0 ? <ReadingResults results={readings} /> : null}
    </div>
  );
}

const resultLink =
  'flex flex-col gap-1 rounded-xl border border-border bg-card p-4 transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

function ReadingResults({ results }: { results: ReadingResult[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-serif text-xl font-semibold">
        Readings
      </h2>
      <ul className="flex flex-col gap-3">
        {results.map((result) => (
          <li key={result.dayNumber}>
            <Link to={paths.dailyRitual.getHref(result.dayNumber)} className={resultLink}>
              <span className="font-medium text-primary">
                Day {result.dayNumber} · {result.reference}
                {result.songTitle ? ` · ${result.songTitle}` : ''}
              </span>
              <span className="leading-relaxed">
                <HighlightedSnippet snippet={result.snippet} highlights={result.highlights} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function JournalResults({ results }: { results: JournalResult[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="font-serif text-xl font-semibold">
        Your journal
      </h2>
      <ul className="flex flex-col gap-3">
        {results.map((result) => (
          <li key={result.id}>
            <Link to={paths.dailyRitual.getHref(result.dayNumber)} className={resultLink}>
              <span className="font-medium text-primary">
                Your reflection on day {result.dayNumber}
              </span>
              <span className="leading-relaxed">
                <HighlightedSnippet snippet={result.snippet} highlights={result.highlights} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
