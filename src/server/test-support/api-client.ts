import type { FastifyInstance, InjectOptions } from 'fastify';
import { apiAddress } from '#shared/api-address';
import type { ApiAnswer, ApiCall, ApiCallArguments } from '#shared/api-contract';
import type { User } from '#shared/auth-schemas';
import { READING_PACE_COOKIE, SESSION_COOKIE } from '#shared/constants';
import { DEVICE_COOKIE } from '../auth/device-cookies.js';
import { OWN_CHANGE_COOKIE } from '../cache/own-changes.js';

/**
 * What an answer is read as when the call is not one of the contract's (a body the contract
 * refuses, a path that is not there): an error's fields, and anything else left to the test.
 */
export type UntypedAnswer = ErrorFields & Record<string, unknown>;

export interface ApiResponse<T = UntypedAnswer> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  cookies: { name: string; value: string; [key: string]: unknown }[];
}

/**
 * What an error answer adds (src/server/http/error-answers.ts): read beside a typed call's answer,
 * since a test checks the status and then either.
 */
export interface ErrorFields {
  message?: string;
  errors?: { path: string; message: string }[];
}

/** A client that talks to the app the way the web app does, with a cookie jar. */
export class ApiClient {
  sessionCookie: string | undefined;
  /** The cookie that marks this browser as one that signed in to an account before. */
  deviceCookie: string | undefined;
  /** The reading-pace hint: 'own' while the reader reads at their own pace. */
  paceCookie: string | undefined;
  /** Until when (real time) the browser carries the mark of its own recent change. */
  ownChangeUntil = 0;
  user: User | undefined;

  /** `ip`: the address the app sees the calls come from. */
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  async call<T = UntypedAnswer>(
    method: InjectOptions['method'],
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const cookies = [
      ...(this.sessionCookie ? [`${SESSION_COOKIE}=${this.sessionCookie}`] : []),
      ...(this.deviceCookie ? [`${DEVICE_COOKIE}=${this.deviceCookie}`] : []),
      ...(this.paceCookie ? [`${READING_PACE_COOKIE}=${this.paceCookie}`] : []),
      ...(Date.now() < this.ownChangeUntil ? [`${OWN_CHANGE_COOKIE}=1`] : []),
    ];
    const response = await this.app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookies.length > 0 ? { cookie: cookies.join('; ') } : {}),
        ...headers,
      },
      ...(body !== undefined
        ? { payload: typeof body === 'string' ? body : JSON.stringify(body) }
        : {}),
    });
    const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (session) this.sessionCookie = session.value || undefined;
    const device = response.cookies.find((c) => c.name === DEVICE_COOKIE);
    if (device) this.deviceCookie = device.value || undefined;
    const pace = response.cookies.find((c) => c.name === READING_PACE_COOKIE);
    if (pace) this.paceCookie = pace.value || undefined;
    const changed = response.cookies.find((c) => c.name === OWN_CHANGE_COOKIE);
    if (changed) this.ownChangeUntil = Date.now() + Number(changed.maxAge ?? 0) * 1000;
    let parsed: unknown = response.body;
    try {
      parsed = JSON.parse(response.body);
    } catch {
      // Not JSON: keep the text.
    }
    return {
      status: response.statusCode,
      body: parsed as T,
      headers: response.headers,
      cookies: response.cookies,
    };
  }

  /**
   * A call by its name in the API contract, its params, query and body typed as the web app's
   * callApi takes them, and its body read as the call's 2xx answer (check the status first).
   */
  api<C extends ApiCall>(
    call: C,
    ...[options]: ApiCallArguments<C, { headers?: Record<string, string> }>
  ): Promise<ApiResponse<ApiAnswer<C> & ErrorFields>> {
    const { method, url } = apiAddress(call, options);
    return this.call<ApiAnswer<C> & ErrorFields>(method, url, options?.body, options?.headers);
  }

  /** The same browser, with all its cookies, calling another instance of the app. */
  on(app: FastifyInstance): ApiClient {
    const other = new ApiClient(app, this.ip);
    Object.assign(other, { ...this, app });
    return other;
  }
}

let counter = 0;

/** Signs up a new person through the API and returns a client signed in as them. */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{
    username: string;
    email: string;
    password: string;
    fullName: string;
    postalCode: string;
    city: string;
    whatsapp: string;
  }> = {},
): Promise<ApiClient & { user: User }> {
  counter += 1;
  const tag = `${process.pid}x${counter}x${Math.random().toString(36).slice(2, 7)}`;
  const client = new ApiClient(app);
  const response = await client.api('POST /api/auth/signup', {
    body: {
      username: `user_${tag}`,
      email: `user_${tag}@example.test`,
      password: 'correct horse battery',
      confirmPassword: overrides.password ?? 'correct horse battery',
      fullName: `Person ${tag}`,
      ...overrides,
    },
  });
  if (response.status !== 201)
    throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
  client.user = response.body.user;
  return client as ApiClient & { user: User };
}

/** Makes two signed-up people friends through the request-and-accept flow. */
export async function befriend(
  a: ApiClient & { user: User },
  b: ApiClient & { user: User },
): Promise<void> {
  const sent = await a.api('POST /api/friend-requests/:userId', { params: { userId: b.user.id } });
  if (sent.status !== 201) throw new Error(`friend request failed: ${sent.status}`);
  const accepted = await b.api('POST /api/friend-requests/:id/accept', {
    params: { id: sent.body.id },
  });
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`);
}

/**
 * How long a test lets another instance of the app take to hear of a change (expect.poll):
 * milliseconds on PostgreSQL, at once on SQLite. The process test holds real processes to
 * 100 ms; here a busy machine gets a second before a test fails.
 */
export const HEARD_ELSEWHERE = { timeout: 1000, interval: 5 };
