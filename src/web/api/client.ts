let knownTimeZone: { zone: string; at: number } | null = null;
/** Building a date formatter is slow on a phone; a zone this fresh is still the reader's. */
const TIME_ZONE_FRESH_MS = 60_000;

/** The browser's IANA time zone, sent with every call so "today" is the reader's today. */
export function browserTimeZone(): string {
  const now = Date.now();
  if (knownTimeZone && now - knownTimeZone.at < TIME_ZONE_FRESH_MS) return knownTimeZone.zone;
  let zone = 'UTC';
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    zone = 'UTC';
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
      return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
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

/** A call with credentials, the XMLHttpRequest marker and, when given, a JSON body. */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: headers(data !== undefined),
    ...(data !== undefined ? { body: JSON.stringify(data) } : {}),
  });
  await throwIfNotOk(response);
  return response;
}

/** The default read: GET the path and parse JSON; with on401 'returnNull' a 401 gives null. */
export async function getJson<T>(
  url: string,
  options: { on401?: 'throw' | 'returnNull' } = {},
): Promise<T> {
  const response = await fetch(url, { credentials: 'include', headers: headers(false) });
  if (options.on401 === 'returnNull' && response.status === 401) return null as T;
  await throwIfNotOk(response);
  return (await response.json()) as T;
}

export async function sendJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await apiRequest(method, url, data);
  return (await response.json()) as T;
}
