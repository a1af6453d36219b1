import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiContract } from '#shared/api-contract';
import { correctedTerms } from './search-correction.js';
import { JOURNAL_SEARCH_SIGN_IN, type SearchResults } from '#shared/search-schemas';
import { searchTerms } from '#shared/search-text';
import type { AppContext } from '../app-context.js';
import { ACCOUNT_SUSPENDED } from '../auth/current-user.js';
import { HttpError, notSignedIn } from '../http/http-errors.js';
import { currentDayFor } from '../readings/reading-day.js';
import {
  phrasesOf,
  readingVocabulary,
  type SearchWords,
  searchJournal,
  searchReadings,
} from './search-queries.js';

/**
 * `GET /api/search`: the readings of the days the reader may open and, for a signed-in reader,
 * their own journal (docs/decisions/015-search.md). Open to anyone; the journal needs sign-in.
 */
export function searchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { db } = ctx;
  return async (app) => {
    app.get('/search', { schema: apiContract['GET /api/search'] }, async (request) => {
      const { q } = request.query;
      const user = request.currentUser;
      const scope = request.query.scope ?? (user ? 'all' : 'readings');
      const journalOwner = scope === 'readings' ? null : user;
      if (scope !== 'readings') {
        if (!user) throw notSignedIn(JOURNAL_SEARCH_SIGN_IN, request.sessionEnded);
        if (user.suspended_at !== null) throw new HttpError(403, ACCOUNT_SUSPENDED);
      }
      // The reader's own day: their own pace's when they read at their own pace.
      const currentDay = currentDayFor(ctx, request);
      const run = async (words: SearchWords): Promise<SearchResults> => ({
        readings: scope === 'journal' ? [] : await searchReadings(db, words, currentDay),
        journal: journalOwner ? await searchJournal(db, journalOwner.id, words) : [],
      });

      const terms = searchTerms(q);
      const found = await run({ text: q, phrases: phrasesOf(q), terms });
      if (found.readings.length > 0 || found.journal.length > 0 || terms.length === 0) {
        return found;
      }
      // Nothing as typed: try again with each unknown word corrected to a word of the readings.
      const corrected = correctedTerms(terms, await readingVocabulary(ctx, currentDay));
      if (!corrected) return found;
      const correctedQuery = corrected.join(' ');
      const again = await run({ text: correctedQuery, phrases: corrected, terms: corrected });
      return again.readings.length > 0 || again.journal.length > 0
        ? { ...again, correctedQuery }
        : found;
    });
  };
}
