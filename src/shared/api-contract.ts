import { z } from 'zod';
import {
  accountDeletionSchema,
  deviceSessionListSchema,
  journalExportQuerySchema,
  journalExportSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  SESSION_NOT_FOUND,
  signOutOthersResponseSchema,
} from './account-schemas.js';
import { glossaryEntrySchema, glossaryQuerySchema } from './glossary.js';
import { CIRCLE_NOT_FOUND, INVITE_NOT_FOUND, MEMBER_NOT_FOUND } from './circle-messages.js';
import {
  appreciationAnswerSchema,
  circleDetailSchema,
  circleInviteSchema,
  circleReflectionSchema,
  circleReflectionsQuerySchema,
  circleSummarySchema,
  createCircleSchema,
  createdCircleSchema,
  invitePreviewSchema,
  joinCircleSchema,
  joinedCircleSchema,
  memberRoleChangeSchema,
  updateCircleSchema,
} from './circle-schemas.js';
import {
  loginRequestSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signInLinkRequestSchema,
  signInLinkSchema,
  signupRequestSchema,
  userSchema,
} from './auth-schemas.js';
import {
  createJournalEntrySchema,
  friendJournalEntrySchema,
  journalDayQuerySchema,
  journalDaySchema,
  journalEntrySchema,
  updateJournalEntrySchema,
} from './journal-schemas.js';
import { pathDay, pathId } from './path-params.js';
import { createReportSchema, reportSchema } from './report-schemas.js';
import {
  localProgressSchema,
  progressDayResponseSchema,
  progressDayUpdateSchema,
  progressMergeResponseSchema,
  progressResponseSchema,
} from './progress-sync.js';
import { searchQuerySchema, searchResultsSchema } from './search-schemas.js';
import { saveStanzaSchema, savedStanzaListItemSchema, savedStanzaSchema } from './saved-stanzas.js';
import {
  createPushSubscriptionSchema,
  deletePushSubscriptionSchema,
  pushPublicKeySchema,
  pushReminderResponseSchema,
  updatePushSubscriptionSchema,
} from './push-schemas.js';
import {
  blockedPersonSchema,
  blockBodySchema,
  blockRequestSchema,
  discoveredUserSchema,
  friendRequestByUsernameSchema,
  friendRequestListSchema,
  friendRequestSchema,
  friendSchema,
  peopleSearchQuerySchema,
  userSearchResultSchema,
} from './social-types.js';
import {
  gathaInfoSchema,
  thoughtSchema,
  todayThoughtSchema,
  totalDaysSchema,
} from './thought-types.js';
import { orEmpty } from './validation-messages.js';

const ok = z.object({ ok: z.literal(true) });
const message = z.object({ message: z.string() });
const signedInUser = z.object({ user: userSchema });

const journalEntryParams = z.object({ id: pathId('Journal entry not found') });
const friendRequestParams = z.object({ id: pathId('Friend request not found') });
const circleParams = z.object({ id: pathId(CIRCLE_NOT_FOUND) });
const circleMemberParams = z.object({
  id: pathId(CIRCLE_NOT_FOUND),
  userId: pathId(MEMBER_NOT_FOUND),
});
const appreciatedEntryParams = z.object({ id: pathId('Entry not found') });

/** What one route reads and answers: Fastify's route `schema`, made of zod schemas. */
interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  /** Every 2xx answer, by status; an answer in more than one format, by content type. */
  response: Record<number, z.ZodType | { content: Record<string, { schema: z.ZodType }> }>;
}

/**
 * Every API route, by "METHOD path" as the server registers it: the schemas of its path params,
 * query, body and 2xx answers. The server declares each route with its entry, so a request is
 * parsed once and an answer holds only what its schema names (unknown keys are dropped); the
 * browser takes the types of what it sends and gets from the same entries, as types only, so
 * no schema code reaches its bundle.
 *
 * A path param that cannot name anything fails with its schema's message, answered as 404.
 */
export const apiContract = {
  'GET /api/health': { response: { 200: ok } },
  /** 200 when the process serves and its database answers; 503 while it starts or stops. */
  'GET /api/ready': { response: { 200: ok } },

  'POST /api/auth/signup': { body: signupRequestSchema, response: { 201: signedInUser } },
  'POST /api/auth/login': { body: loginRequestSchema, response: { 200: signedInUser } },
  'POST /api/auth/logout': { response: { 200: ok } },
  'POST /api/auth/password-reset-request': {
    body: passwordResetRequestSchema,
    response: { 200: message },
  },
  'POST /api/auth/password-reset': { body: passwordResetSchema, response: { 200: message } },
  'POST /api/auth/sign-in-link-request': {
    body: signInLinkRequestSchema,
    response: { 200: message },
  },
  'POST /api/auth/sign-in-link': { body: signInLinkSchema, response: { 200: signedInUser } },
  'GET /api/auth/me': { response: { 200: signedInUser } },
  'POST /api/auth/password': { body: orEmpty(passwordChangeSchema), response: { 200: message } },
  'GET /api/auth/sessions': { response: { 200: deviceSessionListSchema } },
  'DELETE /api/auth/sessions/:id': {
    params: z.object({ id: pathId(SESSION_NOT_FOUND) }),
    response: { 200: ok },
  },
  'POST /api/auth/sessions/sign-out-others': { response: { 200: signOutOthersResponseSchema } },

  'GET /api/thoughts': { response: { 200: z.array(thoughtSchema) } },
  'GET /api/thoughts/today': { response: { 200: todayThoughtSchema } },
  'GET /api/thoughts/meta/total': { response: { 200: totalDaysSchema } },
  'GET /api/thoughts/:dayNumber': {
    params: z.object({ dayNumber: pathDay }),
    response: { 200: thoughtSchema },
  },
  'GET /api/gathas/info': { response: { 200: z.array(gathaInfoSchema) } },
  'GET /api/gathas/info/:day': {
    params: z.object({ day: pathDay }),
    response: { 200: gathaInfoSchema },
  },

  'GET /api/glossary': {
    querystring: glossaryQuerySchema,
    response: { 200: z.array(glossaryEntrySchema) },
  },

  'GET /api/journal': { response: { 200: z.array(journalEntrySchema) } },
  'GET /api/journal/friends': { response: { 200: z.array(friendJournalEntrySchema) } },
  'GET /api/journal/day/:dayNumber': {
    params: z.object({ dayNumber: pathDay }),
    querystring: journalDayQuerySchema,
    response: { 200: journalDaySchema },
  },
  'POST /api/journal': {
    body: createJournalEntrySchema,
    response: { 200: journalEntrySchema, 201: journalEntrySchema },
  },
  'PUT /api/journal/:id': {
    params: journalEntryParams,
    body: updateJournalEntrySchema,
    response: { 200: journalEntrySchema },
  },
  'DELETE /api/journal/:id': { params: journalEntryParams, response: { 200: ok } },
  'GET /api/journal/export': {
    querystring: journalExportQuerySchema,
    response: {
      200: {
        content: {
          'application/json': { schema: journalExportSchema },
          'text/markdown': { schema: z.string() },
        },
      },
    },
  },

  // Appreciation reaches the author (docs/product.md#appreciation).
  'PUT /api/journal/:id/appreciation': {
    params: appreciatedEntryParams,
    response: { 200: appreciationAnswerSchema },
  },
  'DELETE /api/journal/:id/appreciation': {
    params: appreciatedEntryParams,
    response: { 200: appreciationAnswerSchema },
  },

  // Reading circles (docs/product.md#reading-circles).
  'GET /api/circles': { response: { 200: z.array(circleSummarySchema) } },
  'POST /api/circles': { body: createCircleSchema, response: { 201: createdCircleSchema } },
  'POST /api/circles/join': { body: joinCircleSchema, response: { 200: joinedCircleSchema } },
  'GET /api/circles/:id': { params: circleParams, response: { 200: circleDetailSchema } },
  'PATCH /api/circles/:id': {
    params: circleParams,
    body: updateCircleSchema,
    response: { 200: circleDetailSchema },
  },
  'DELETE /api/circles/:id': { params: circleParams, response: { 200: ok } },
  'POST /api/circles/:id/invites': { params: circleParams, response: { 201: circleInviteSchema } },
  'GET /api/circles/:id/reflections': {
    params: circleParams,
    querystring: circleReflectionsQuerySchema,
    response: { 200: z.array(circleReflectionSchema) },
  },
  'DELETE /api/circles/:id/members/:userId': { params: circleMemberParams, response: { 200: ok } },
  'PATCH /api/circles/:id/members/:userId': {
    params: circleMemberParams,
    body: memberRoleChangeSchema,
    response: { 200: circleDetailSchema },
  },
  /** What an invite link shows a visitor, signed in or not, before they join. */
  'GET /api/circle-invites/:code': {
    params: z.object({
      code: z
        .string()
        .max(64, { error: INVITE_NOT_FOUND })
        .regex(/^[A-Za-z0-9_-]+$/, { error: INVITE_NOT_FOUND }),
    }),
    response: { 200: invitePreviewSchema },
  },

  'GET /api/search': { querystring: searchQuerySchema, response: { 200: searchResultsSchema } },

  'GET /api/saved': { response: { 200: z.array(savedStanzaListItemSchema) } },
  'PUT /api/saved/:day': {
    params: z.object({ day: pathDay }),
    body: orEmpty(saveStanzaSchema),
    response: { 200: savedStanzaSchema },
  },
  'DELETE /api/saved/:day': { params: z.object({ day: pathDay }), response: { 200: ok } },

  'GET /api/progress': { response: { 200: progressResponseSchema } },
  'POST /api/progress/merge': {
    body: localProgressSchema,
    response: { 200: progressMergeResponseSchema },
  },
  'PUT /api/progress/days/:day': {
    params: z.object({ day: pathDay }),
    body: progressDayUpdateSchema,
    response: { 200: progressDayResponseSchema },
  },
  'DELETE /api/progress': { response: { 200: ok } },

  'PATCH /api/users/me': { body: orEmpty(profileUpdateSchema), response: { 200: signedInUser } },
  'DELETE /api/users/me': { body: orEmpty(accountDeletionSchema), response: { 200: ok } },
  'GET /api/users/search': {
    querystring: peopleSearchQuerySchema,
    // Discover's suggestions first: a search result would match them with their category dropped.
    response: { 200: z.union([z.array(discoveredUserSchema), z.array(userSearchResultSchema)]) },
  },

  'GET /api/friends': { response: { 200: z.array(friendSchema) } },
  'DELETE /api/friends/:userId': {
    params: z.object({ userId: pathId('Friend not found') }),
    response: { 200: ok },
  },
  'GET /api/friend-requests': { response: { 200: friendRequestListSchema } },
  'POST /api/friend-requests': {
    body: friendRequestByUsernameSchema,
    response: { 200: friendRequestSchema, 201: friendRequestSchema },
  },
  'POST /api/friend-requests/:userId': {
    params: z.object({ userId: pathId('User not found') }),
    response: { 200: friendRequestSchema, 201: friendRequestSchema },
  },
  'POST /api/friend-requests/:id/accept': {
    params: friendRequestParams,
    response: { 200: friendRequestSchema },
  },
  'POST /api/friend-requests/:id/reject': {
    params: friendRequestParams,
    response: { 200: friendRequestSchema },
  },

  'POST /api/reports': {
    body: createReportSchema,
    response: { 200: reportSchema, 201: reportSchema },
  },

  'GET /api/blocks': { response: { 200: z.array(blockedPersonSchema) } },
  'POST /api/blocks': {
    body: blockBodySchema,
    response: { 200: blockRequestSchema, 201: blockRequestSchema },
  },
  'DELETE /api/blocks/:userId': {
    params: z.object({ userId: pathId('Block not found') }),
    response: { 200: ok },
  },

  'GET /api/push/public-key': { response: { 200: pushPublicKeySchema } },
  'POST /api/push/subscriptions': {
    body: createPushSubscriptionSchema,
    response: { 201: pushReminderResponseSchema },
  },
  'PATCH /api/push/subscriptions': {
    body: updatePushSubscriptionSchema,
    response: { 200: pushReminderResponseSchema },
  },
  'DELETE /api/push/subscriptions': {
    body: deletePushSubscriptionSchema,
    response: { 200: ok },
  },
} satisfies Record<`${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /api/${string}`, RouteSchemas>;

type Contract = typeof apiContract;
/** An API call, "METHOD path", as the server registers it. */
export type ApiCall = keyof Contract;

type WireForm<S> = S extends z.ZodType
  ? z.input<S>
  : S extends { content: infer Formats }
    ? {
        [F in keyof Formats]: Formats[F] extends { schema: infer T } ? WireForm<T> : never;
      }[keyof Formats]
    : never;
type Responses<C extends ApiCall> = Contract[C]['response'];

/** What a 2xx answer to the call holds, as sent. */
export type ApiAnswer<C extends ApiCall> = {
  [S in keyof Responses<C>]: WireForm<Responses<C>[S]>;
}[keyof Responses<C>];

/** The body the call takes, or never when it takes none. */
export type ApiBody<C extends ApiCall> = Contract[C] extends { body: infer B }
  ? WireForm<B>
  : never;

/** The query the call reads, or never when it reads none. */
export type ApiQuery<C extends ApiCall> = Contract[C] extends { querystring: infer Q }
  ? WireForm<Q>
  : never;

type ParamNames<Path> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The names of the call's path params (`:id`), or never when its path has none. */
export type ApiParamName<C extends ApiCall> = ParamNames<C>;

/**
 * What a call takes besides its name: its path params, query and body, as the server reads
 * them; `Extra`, what a client adds (the browser's abort signal).
 */
export type ApiCallOptions<C extends ApiCall, Extra = object> = ([ApiParamName<C>] extends [never]
  ? { params?: never }
  : { params: Record<ApiParamName<C>, string | number> }) &
  ([ApiQuery<C>] extends [never] ? { query?: never } : { query?: ApiQuery<C> }) &
  ([ApiBody<C>] extends [never] ? { body?: never } : { body: ApiBody<C> }) &
  Extra;

/** A call's options as a client's trailing argument, left out when the call needs none. */
export type ApiCallArguments<C extends ApiCall, Extra = object> =
  Partial<ApiCallOptions<C, Extra>> extends ApiCallOptions<C, Extra>
    ? [options?: ApiCallOptions<C, Extra>]
    : [options: ApiCallOptions<C, Extra>];
