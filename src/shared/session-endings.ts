/**
 * Why the session a browser's cookie names is over, when the server knows: it expired, it was
 * signed out from another device (one device, or everywhere else), the password was changed or
 * reset, or an operator suspended the account. A 401 to a call with that cookie says so in
 * `sessionEnded`, so the app can tell the person why they must sign in again. Kept apart from
 * the schemas, so the web app reads it without loading zod.
 */
export const SESSION_ENDINGS = [
  'expired',
  'signed-out-elsewhere',
  'password-changed',
  'suspended',
] as const;
export type SessionEnding = (typeof SESSION_ENDINGS)[number];
