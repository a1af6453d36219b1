/**
 * The one total: the Gathas are read over 241 days. Day numbers, the progress percentage, the
 * local progress record and every counter use it; no day above it is ever shown
 * (docs/product.md#the-day-model).
 */
export const TOTAL_DAYS = 241;

export const PRODUCT_NAME = 'The Threefold Path';
export const PRODUCT_SUBTITLE = 'A Thought A Day';
export const TAGLINE = 'Daily wisdom in thoughts, words, and deeds';

/** Shared by the server's schema and the reflection form, which checks it without zod. */
export const ENTRY_TEXT_TOO_LONG = 'Entry text must be at most 20,000 characters';
export const SAVED_NOTE_TOO_LONG = 'The note can be at most 2,000 characters';

export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_RESULT_LIMIT = 20;
export const FRIENDS_FEED_LIMIT = 50;

/** Every cookie the app sets is named tfp_…, this one included. */
export const SESSION_COOKIE = 'tfp_session';
/**
 * Readable by the page and secret to no one: '1' says this browser holds a session cookie, so
 * the app asks who is signed in; absent or '0' (a session found over), it skips that call.
 * It never grants anything: the HttpOnly session cookie alone does.
 */
export const SIGNED_IN_HINT_COOKIE = 'tfp_signed_in';
/**
 * The reader's IANA time zone, written by the page so the server can render the daily screen
 * with the reader's today before any script has run. Only chooses which day is shown.
 */
export const TIME_ZONE_COOKIE = 'tfp_tz';
/**
 * 'own' while the signed-in reader reads at their own pace: only then do the readings, which
 * otherwise answer alike for everyone without a session lookup, look up whose pace it is. It
 * grants nothing: without it a reader sees the calendar's days, which are open to everyone.
 */
export const READING_PACE_COOKIE = 'tfp_pace';
export const SESSION_DAYS = 30;
export const RESET_TOKEN_MINUTES = 60;
/** How long an emailed sign-in link works (docs/product.md, "Email me a sign-in link"). */
export const SIGN_IN_LINK_MINUTES = 15;

/** Text limits (docs/product.md#limits). */
export const LIMITS = {
  fullName: 100,
  email: 254,
  username: 30,
  usernameMin: 3,
  postalCode: 12,
  whatsapp: 20,
  city: 80,
  entryText: 20_000,
  /** A saved stanza's private note (docs/product.md#saved-stanzas). */
  savedNote: 2_000,
  passwordMin: 8,
  passwordMax: 128,
  bodyBytes: 64 * 1024,
} as const;

/** The five Gathas and their day ranges (docs/product.md#the-five-gathas). */
export const GATHAS = [
  {
    name: 'Ahunavaiti',
    aboutLabel: 'Ahunavaiti',
    songs: [28, 29, 30, 31, 32, 33, 34],
    startDay: 1,
    endDay: 100,
  },
  {
    name: 'Ushtavaiti',
    aboutLabel: 'Ushtavaiti',
    songs: [43, 44, 45, 46],
    startDay: 101,
    endDay: 154,
  },
  {
    name: 'Spenta Mainyu',
    aboutLabel: 'Spenta Mainyu',
    songs: [47, 48, 49, 50],
    startDay: 155,
    endDay: 196,
  },
  { name: 'Vohu Khshathra', aboutLabel: 'Vouru-kasha', songs: [51], startDay: 197, endDay: 218 },
  { name: 'Vahishto-ishti', aboutLabel: 'Vahishto-ishti', songs: [53], startDay: 219, endDay: 241 },
] as const;

/** Stanza count of each Yasna chapter of the Gathas, in reading order. */
export const STANZAS_PER_SONG: ReadonlyArray<readonly [song: number, stanzas: number]> = [
  [28, 11],
  [29, 11],
  [30, 11],
  [31, 22],
  [32, 16],
  [33, 14],
  [34, 15],
  [43, 16],
  [44, 20],
  [45, 11],
  [46, 19],
  [47, 6],
  [48, 12],
  [49, 12],
  [50, 11],
  [51, 22],
  [53, 9],
];
