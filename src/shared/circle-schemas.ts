import { z } from 'zod';
import { INVITE_NOT_FOUND } from './circle-messages.js';
import { TOTAL_DAYS } from './constants.js';
import { controlCharactersMessage, hasControlCharacters } from './plain-text.js';
import { oneLine, requiredText } from './validation-messages.js';

/** Reading circles' limits (docs/product.md#reading-circles). */
export const CIRCLE_LIMITS = {
  name: 60,
  description: 280,
  /** Circles one person may belong to. */
  circlesPerPerson: 20,
  membersPerCircle: 100,
  /** Invite links one person may make in a day. */
  invitesPerDay: 20,
  inviteDays: 7,
  /** Circles one entry may be shared with: every circle its author can be in. */
  circlesPerEntry: 20,
} as const;

export const TOO_MANY_CIRCLES = `You can be in at most ${CIRCLE_LIMITS.circlesPerPerson} circles. Leave one to start or join another.`;
export const CIRCLE_FULL = `This circle already has ${CIRCLE_LIMITS.membersPerCircle} members, the most a circle can have.`;
export const TOO_MANY_INVITES = `You can make at most ${CIRCLE_LIMITS.invitesPerDay} invite links a day. Try again tomorrow.`;
export const OWNER_HANDS_ON_FIRST =
  'Hand the circle on to another member before you leave, or delete it.';

export const circleNameSchema = requiredText()
  .trim()
  .min(1, { error: 'Give the circle a name' })
  .max(CIRCLE_LIMITS.name, {
    error: `The name can be at most ${CIRCLE_LIMITS.name} characters`,
  })
  .refine(...oneLine('The name'));

export const circleDescriptionSchema = z
  .string({ error: 'Expected text' })
  .trim()
  .max(CIRCLE_LIMITS.description, {
    error: `The description can be at most ${CIRCLE_LIMITS.description} characters`,
  })
  .refine((text) => !hasControlCharacters(text.replace(/\r?\n/g, ' ')), {
    error: controlCharactersMessage('The description'),
  });

export const createCircleSchema = z.object({
  name: circleNameSchema,
  description: circleDescriptionSchema.optional(),
});
export type CreateCircle = z.infer<typeof createCircleSchema>;

export const updateCircleSchema = z
  .object({ name: circleNameSchema.optional(), description: circleDescriptionSchema.optional() })
  .refine((value) => value.name !== undefined || value.description !== undefined, {
    error: 'Nothing to change: send a name or a description',
  });

export const circleRoleSchema = z.enum(['owner', 'member']);
export type CircleRole = z.infer<typeof circleRoleSchema>;

/** `PATCH /api/circles/:id/members/:userId`: only handing the circle on is a change. */
export const memberRoleChangeSchema = z.object({
  role: z.literal('owner', { error: 'role can only be "owner" (hand the circle on)' }),
});

/** A circle as its creator gets it back. */
export const createdCircleSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  role: circleRoleSchema,
  memberCount: z.int(),
});

/** One of the caller's circles, with how many members have reflected on their today. */
export const circleSummarySchema = createdCircleSchema.extend({ reflectedToday: z.int() });
export type CircleSummary = z.infer<typeof circleSummarySchema>;

export const circleMemberSchema = z.object({
  userId: z.int(),
  fullName: z.string(),
  username: z.string(),
  role: circleRoleSchema,
  joinedAt: z.string(),
});
export type CircleMember = z.infer<typeof circleMemberSchema>;

export const circleDetailSchema = circleSummarySchema.extend({
  members: z.array(circleMemberSchema),
});
export type CircleDetail = z.infer<typeof circleDetailSchema>;

export const circleInviteSchema = z.object({ code: z.string(), expiresAt: z.string() });

/** Codes are 22 base64url characters; anything else names no invite. */
export const inviteCodeSchema = requiredText()
  .trim()
  .max(64, { error: INVITE_NOT_FOUND })
  .regex(/^[A-Za-z0-9_-]+$/, { error: INVITE_NOT_FOUND });

export const joinCircleSchema = z.object({ code: inviteCodeSchema });
export const joinedCircleSchema = z.object({
  id: z.int(),
  name: z.string(),
  role: z.literal('member').or(z.literal('owner')),
});

/** What a signed-out visitor of an invite link may read: what the circle is. */
export const invitePreviewSchema = z.object({
  name: z.string(),
  description: z.string(),
  memberCount: z.int(),
});

export const circleReflectionsQuerySchema = z.object({
  day: z
    .string({ error: 'day must be a number' })
    .regex(/^[1-9]\d{0,2}$/, { error: `day must be a whole number from 1 to ${TOTAL_DAYS}` })
    .transform(Number)
    .pipe(
      z.number().max(TOTAL_DAYS, { error: `day must be a whole number from 1 to ${TOTAL_DAYS}` }),
    )
    .optional(),
});

/** A member's reflection on the circle's page: only the parts its author shares. */
export const circleReflectionSchema = z.object({
  id: z.int(),
  dayNumber: z.int(),
  user: z.object({ id: z.int(), fullName: z.string() }),
  thoughts: z.string().optional(),
  words: z.string().optional(),
  deeds: z.string().optional(),
  updatedAt: z.string(),
  appreciatedByMe: z.boolean(),
});
export type CircleReflection = z.infer<typeof circleReflectionSchema>;

export const appreciationAnswerSchema = z.object({ appreciated: z.boolean() });

/** Who appreciated one of the author's entries; only the author sees these. */
export const appreciationSchema = z.object({
  userId: z.int(),
  fullName: z.string(),
  at: z.string(),
});
export type Appreciation = z.infer<typeof appreciationSchema>;
