import { apiAddress } from '#shared/api-address';
import type { ApiAnswer, ApiCall, ApiCallArguments, ApiCallOptions } from '#shared/api-contract';
import type { User } from '#shared/auth-schemas';
import { SESSION_ENDINGS, type SessionEnding } from '#shared/session-endings';

let knownTimeZone: { zone: string; at: number } | null = null;
/** Building a date formatter is slow on a phone; a zone this fresh is still the reader's. */
const TIME_ZONE_FRESH_MS = 60_000;

/** The part of Temporal read here (TypeScript's libraries do not describe it yet). */
interface TemporalNow {
  Now: { timeZoneId(): string };
}

/**
 * The zone as Temporal names it, where the browser has it: it asks the operating system and
 * nothing more, where a date formatter first loads the locale's calendar data, a step a slow
 * phone feels while the morning page starts.
 */
function zoneOfTemporal(): string | undefined {
  const temporal = (globalThis as { Temporal?: TemporalNow }).Temporal;
  try {
    return temporal?.Now.timeZoneId() || undefined;
  } catch {
    return undefined;
  }
}

/** The browser's IANA time zone, sent with every call so "today" is the reader's today. */
export function browserTimeZone(): string {
  const now = Date.now();
  if (knownTimeZone && now - knownTimeZone.at < TIME_ZONE_FRESH_MS) return knownTimeZone.zone;
  let zone = zoneOfTemporal();
  if (!zone) {
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      zone = 'UTC';
    }
  }
  knownTimeZone = { zone, at: now };
  return zone;
}

/** A non-OK answer: its message is "status: body" (or the status text when the body is empty). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
  }

  /** The parsed JSON body, when there is one. */
  get body(): Record<string, unknown> | null {
    try {
      const value: unknown = JSON.parse(this.bodyText);
      return value && typeof value === 'object' ? Object.fromEntries(Object.entries(value)) : null;
    } catch {
      return null;
    }
  }
}

/** The server's `message` field of a failed call, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) {
    const message = error.body?.message;
    return typeof message === 'string' && message ? message : undefined;
  }
  return undefined;
}

function headers(withBody: boolean): HeadersInit {
  return {
    'X-Requested-With': 'XMLHttpRequest',
    'X-Timezone': browserTimeZone(),
    ...(withBody ? { 'Content-Type': 'application/json' } : {}),
  };
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
}

/** What a call takes besides its name: its path params, query and body, as the server reads them. */
export type CallOptions<C extends ApiCall> = ApiCallOptions<C, { signal?: AbortSignal }>;
type OptionsOf<C extends ApiCall> = ApiCallArguments<C, { signal?: AbortSignal }>;

interface SentOptions {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}

type SessionEndListener = (ending: SessionEnding | null) => void;
const sessionEndListeners = new Set<SessionEndListener>();
type SessionChangeListener = (user: User) => void;
const sessionChangeListeners = new Set<SessionChangeListener>();

/**
 * Calls `listener` whenever the server answers 401 to a call and the browser has no session
 * either, with why the session ended when the server says (`sessionEnded`), before the caller
 * sees the answer. A sign-in's 401 (a wrong password) is not one. Returns the function that
 * stops listening.
 */
export function onSessionEnded(listener: SessionEndListener): () => void {
  sessionEndListeners.add(listener);
  return () => sessionEndListeners.delete(listener);
}

/**
 * Calls `listener` when a call was answered 401 but the browser has a live session again: a
 * sign-in (in another tab, say) while the call was on its way replaced the session it carried.
 */
export function onSessionReplaced(listener: SessionChangeListener): () => void {
  sessionChangeListeners.add(listener);
  return () => sessionChangeListeners.delete(listener);
}

let askingWhoIsSignedIn: Promise<User | null> | null = null;

/**
 * Who the browser's session cookie belongs to now, asked without telling any listener. Every
 * 401 that arrives while the question is out shares its answer. A failure to ask reads as
 * nobody: the server has just said the session is over.
 */
function whoIsSignedInNow(): Promise<User | null> {
  askingWhoIsSignedIn ??= (async () => {
    try {
      const response = await fetch(apiAddress('GET /api/auth/me', {}).url, {
        credentials: 'include',
        cache: 'no-store',
        headers: headers(false),
      });
      if (!response.ok) return null;
      return ((await response.json()) as ApiAnswer<'GET /api/auth/me'>).user;
    } catch {
      return null;
    } finally {
      askingWhoIsSignedIn = null;
    }
  })();
  return askingWhoIsSignedIn;
}

/**
 * After a 401, what the call's caller is given. The session the call carried is over, but a
 * sign-in elsewhere may have put a new one in the browser meanwhile: then the listeners are
 * told of the new session rather than of an end, and a read is asked once more with it (a
 * change is not: it might have been meant for the person signed in before). Otherwise the
 * listeners learn the session ended and the caller gets the 401.
 */
async function afterRefusal(
  call: string,
  response: Response,
  askAgain: () => Promise<Response>,
): Promise<Response> {
  if (sessionEndListeners.size === 0 && sessionChangeListeners.size === 0) return response;
  // A refused question of who is signed in is that check already: a page opened on an ended
  // session asks once.
  const user = call === 'GET /api/auth/me' ? null : await whoIsSignedInNow();
  if (user) {
    for (const listener of sessionChangeListeners) listener(user);
    return call.startsWith('GET ') ? askAgain() : response;
  }
  let ending: SessionEnding | null = null;
  try {
    const said: unknown = ((await response.clone().json()) as { sessionEnded?: unknown })
      ?.sessionEnded;
    ending = SESSION_ENDINGS.find((known) => known === said) ?? null;
  } catch {
    // An answer without a JSON body still ended the session; why is not known.
  }
  for (const listener of sessionEndListeners) listener(ending);
  return response;
}

/** Fetches, and after a 401 other than a sign-in's, looks at the browser's session again. */
async function fetchWithSessionChecked(
  call: string,
  url: string,
  init: RequestInit,
): Promise<Response> {
  const response = await fetch(url, init);
  if (response.status !== 401 || call === 'POST /api/auth/login') return response;
  return afterRefusal(call, response, () => fetch(url, init));
}

/** Sends the call with credentials and the XMLHttpRequest marker; the answer as it came. */
async function send(call: ApiCall, options: SentOptions = {}): Promise<Response> {
  const { method, url } = apiAddress(call, options);
  const withBody = options.body !== undefined;
  return fetchWithSessionChecked(call, url, {
    method,
    credentials: 'include',
    headers: headers(withBody),
    ...(withBody ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
}

/** The raw answer of a call (a download, say); throws ApiError for a non-OK one. */
export async function apiResponse<C extends ApiCall>(
  call: C,
  ...[options]: OptionsOf<C>
): Promise<Response> {
  const response = await send(call, options);
  await throwIfNotOk(response);
  return response;
}

/**
 * Makes an API call, such as `callApi('PUT /api/journal/:id', { params: { id }, body })`, and
 * gives its answer. The answer's type is the one the server's response schema for that call
 * guarantees, so it is read as it is, without parsing it again. Throws ApiError for a non-OK
 * answer, and what fetch throws when none came.
 */
export async function callApi<C extends ApiCall>(
  call: C,
  ...[options]: OptionsOf<C>
): Promise<ApiAnswer<C>> {
  const response = await send(call, options);
  await throwIfNotOk(response);
  return response.json();
}

/** As callApi, but a 401 (nobody is signed in) gives null rather than an error. */
export async function callApiIfSignedIn<C extends ApiCall>(
  call: C,
  ...[options]: OptionsOf<C>
): Promise<ApiAnswer<C> | null> {
  const response = await send(call, options);
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return response.json();
}

/** A GET of any API path, for the query client's default query function. */
export async function fetchJson(url: string): Promise<unknown> {
  const response = await fetchWithSessionChecked(`GET ${url}`, url, {
    credentials: 'include',
    headers: headers(false),
  });
  await throwIfNotOk(response);
  return response.json();
}
