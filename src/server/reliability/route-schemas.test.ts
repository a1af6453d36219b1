import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiContract } from '#shared/api-contract';
import { createTestAppWithRoutes } from '../test-support/api-routes.js';

/**
 * Every API route declares what it reads and answers with zod schemas, and they are the shared
 * contract's, the ones the browser types its calls with: an answer cannot carry a field its
 * schema does not name, and an id in the address is parsed before the handler sees it.
 */
const { t, routes } = await createTestAppWithRoutes({ env: { PUSH_SCHEDULER: 'false' } });
afterAll(async () => t.close());

/** The schemas of one status's answer: the answer's, or one per content type it comes in. */
function answerSchemas(answer: unknown): unknown[] {
  if (answer && typeof answer === 'object' && 'content' in answer) {
    return Object.values(answer.content as Record<string, { schema?: unknown }>).map(
      (format) => format.schema,
    );
  }
  return [answer];
}

describe('the routes of the API', () => {
  it('are all found', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.map((route) => route.key)).toContain('GET /api/journal/friends');
  });

  it('are the ones the shared contract lists', () => {
    expect(Object.keys(apiContract).sort()).toEqual(routes.map((route) => route.key).sort());
  });

  describe.each(routes.map((route) => [route.key, route] as const))('%s', (key, route) => {
    it('declares a zod schema for its 2xx answers', () => {
      const responses = Object.entries(
        (route.schema?.response ?? {}) as Record<string, unknown>,
      ).filter(([status]) => /^2\d\d$/.test(status));
      expect(responses, `${key} declares no schema for its 2xx answer`).not.toEqual([]);
      for (const [status, answer] of responses) {
        for (const schema of answerSchemas(answer)) {
          expect(schema instanceof z.ZodType, `${key} ${status} is not a zod schema`).toBe(true);
        }
      }
    });

    it('parses each of its path params with a schema', () => {
      const params = route.schema?.params;
      if (route.params.length === 0) {
        expect(params).toBeUndefined();
        return;
      }
      expect(params instanceof z.ZodObject, `${key} has path params but no params schema`).toBe(
        true,
      );
      expect(Object.keys((params as z.ZodObject).shape).sort()).toEqual([...route.params].sort());
    });

    it("declares the shared contract's entry, which the browser's types come from", () => {
      expect(route.schema).toBe(apiContract[key as keyof typeof apiContract]);
    });
  });
});
