import type { User } from './auth-schemas.js';
import type { GathaInfo, TodayThought } from './thought-types.js';

/**
 * The answers a reader's daily page is rendered from, as the API gives them. The server puts
 * them in the page; the browser seeds its cache with them before hydrating the page, so its
 * first render is the page's own (docs/decisions/005).
 */
export interface ReaderPageData {
  /** The zone whose today the page shows. */
  timeZone: string;
  me: User;
  today: TodayThought;
  /** The stanza's place in its song; null when the content has none for the day. */
  gathaInfo: GathaInfo | null;
}
