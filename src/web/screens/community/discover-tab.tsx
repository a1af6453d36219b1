import { Compass, Search, SearchX } from 'lucide-react';
import { useState } from 'react';
import { SEARCH_MIN_LENGTH } from '#shared/constants';
import type { DistanceCategory } from '#shared/proximity';
import { useCurrentUser } from '../../api/auth.js';
import { useDiscover, useUserSearch } from '../../api/friends.js';
import { Badge } from '../../components/ui/badge.js';
import { Input, Label } from '../../components/ui/form-controls.js';
import { EmptyState, InlineError, PeopleSkeleton } from './list-states.js';
import { PersonActionsMenu } from '../../components/person-actions-menu.js';
import { PersonCard } from './person-card.js';
import { ProximityBadge } from './proximity-badge.js';
import { type Relationship, useRelationships } from './relationships.js';
import { SendRequestButton } from './send-request-button.js';
import { useDebouncedValue } from '../../hooks/use-debounced-value.js';

/** A short pause after the last key before searching. */
const SEARCH_DEBOUNCE_MS = 300;

export function DiscoverTab() {
  const [input, setInput] = useState('');
  const settled = useDebouncedValue(input.trim(), SEARCH_DEBOUNCE_MS);
  const typed = input.trim();
  // Clearing the box goes straight back to suggestions; a new query waits for the pause.
  const query = typed.length >= SEARCH_MIN_LENGTH ? settled : '';
  const searching = query.length >= SEARCH_MIN_LENGTH;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <div className="relative">
          <Label htmlFor="people-search" className="sr-only">
            Search for people by name or username
          </Label>
          <Search
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id="people-search"
            type="search"
            placeholder="Search for people by name or username..."
            value={input}
            onChange={(event) => setInput(event.target.value)}
            aria-describedby={typed.length === 1 ? 'people-search-hint' : undefined}
            // The long placeholder fits a phone at 14 px; typed text stays 16 px so iOS won't zoom.
            className="pl-9 placeholder:text-sm"
          />
        </div>
        {typed.length === 1 && (
          <p id="people-search-hint" className="text-sm text-muted-foreground">
            Type at least {SEARCH_MIN_LENGTH} characters to search.
          </p>
        )}
      </div>
      {searching ? <SearchResults query={query} /> : <Suggestions />}
    </div>
  );
}

function SearchResults({ query }: { query: string }) {
  const { data: people, isPending, isError } = useUserSearch(query);
  const relationshipTo = useRelationships();

  if (isPending) return <PeopleSkeleton />;
  if (isError) return <InlineError message="Failed to search users" />;

  return (
    <section aria-labelledby="search-results-heading" className="flex flex-col gap-3">
      <h2 id="search-results-heading" className="sr-only">
        Search results
      </h2>
      <p className="text-sm text-muted-foreground" role="status">
        Found {people.length} {people.length === 1 ? 'person' : 'people'}
      </p>
      {people.length === 0 ? (
        <EmptyState icon={<SearchX />} title={`No users found matching "${query}"`} />
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Search results">
          {people.map((person) => (
            <li key={person.id}>
              <PersonCard
                fullName={person.fullName}
                username={person.username}
                actions={
                  <>
                    <SearchResultAction person={person} relationship={relationshipTo(person.id)} />
                    <PersonActionsMenu person={person} />
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

const SEARCH_STATUS: Record<Exclude<Relationship, 'none'>, string> = {
  friend: 'Already friends',
  sent: 'Request Sent',
  received: 'Request Received',
};

function SearchResultAction(props: {
  person: { id: number; fullName: string };
  relationship: Relationship;
}) {
  if (props.relationship === 'none') {
    return <SendRequestButton person={props.person} label="Send Request" />;
  }
  return <Badge variant="secondary">{SEARCH_STATUS[props.relationship]}</Badge>;
}

/** The proximity badges that mean someone lives close: nearby, same area, same city. */
const NEAR: ReadonlySet<DistanceCategory> = new Set(['near', 'area', 'city']);

function Suggestions() {
  const { data: user } = useCurrentUser();
  const { data: people, isPending, isError } = useDiscover();
  const relationshipTo = useRelationships();
  const hasCity = Boolean(user?.city);
  // The heading says what the cards' badges say: near when someone close is suggested.
  const anyoneNear = people?.some(({ distanceCategory }) => NEAR.has(distanceCategory));
  const heading =
    anyoneNear || (hasCity && !people?.length) ? 'People near you' : 'Suggested connections';

  return (
    <section aria-labelledby="suggestions-heading" className="flex flex-col gap-3">
      <h2 id="suggestions-heading" className="font-serif text-xl font-semibold">
        {heading}
      </h2>
      {isPending ? (
        <PeopleSkeleton />
      ) : isError ? (
        <InlineError message="Failed to load users" />
      ) : people.length === 0 ? (
        <EmptyState
          icon={<Compass />}
          title={
            hasCity ? 'No nearby users found yet' : 'Add your city to discover people near you'
          }
        >
          {hasCity
            ? 'As more people join near you, they will appear here.'
            : 'Add a city to your profile and we will suggest people who live near you.'}
        </EmptyState>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Suggested people">
          {people.map((person) => {
            const relationship = relationshipTo(person.id);
            return (
              <li key={person.id} data-testid="suggestion">
                <PersonCard
                  fullName={person.fullName}
                  username={person.username}
                  details={<ProximityBadge category={person.distanceCategory} />}
                  actions={
                    <>
                      {relationship === 'sent' || relationship === 'received' ? (
                        <Badge variant="secondary">
                          {relationship === 'sent' ? 'Sent' : 'Received'}
                        </Badge>
                      ) : (
                        <SendRequestButton person={person} label="Request" />
                      )}
                      <PersonActionsMenu person={person} />
                    </>
                  }
                />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
