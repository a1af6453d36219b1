import type { FastifyInstance } from 'fastify';
import { HttpError } from './http-errors.js';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from './storable-text.js';

/**
 * JSON is the only body the API takes (anything else answers 415); an empty body reads as
 * none, and text the database cannot store is refused before any route sees it.
 */
export function acceptJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(new HttpError(400, 'The request body is not valid JSON'), undefined);
    }
    if (hasUnstorableText(value)) return done(new HttpError(400, UNSTORABLE_TEXT_MESSAGE));
    done(null, value);
  });
}
