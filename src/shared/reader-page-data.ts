import { z } from 'zod';
import { userSchema } from './auth-schemas.js';
import { gathaInfoSchema, todayThoughtSchema } from './thought-types.js';

/**
 * The answers a reader's daily page is rendered from, as the API gives them. The server puts
 * them in the page; the browser seeds its cache with them before hydrating the page, so its
 * first render is the page's own (docs/decisions/005).
 */
export const readerPageDataSchema = z.object({
  /** The zone whose today the page shows. */
  timeZone: z.string(),
  me: userSchema,
  today: todayThoughtSchema,
  /** The stanza's place in its song; null when the content has none for the day. */
  gathaInfo: gathaInfoSchema.nullable(),
});
export type ReaderPageData = z.infer<typeof readerPageDataSchema>;
