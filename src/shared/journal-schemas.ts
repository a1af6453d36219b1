import { z } from 'zod';
import { ENTRY_TEXT_TOO_LONG, LIMITS, TOTAL_DAYS } from './constants.js';
import { appreciationSchema, CIRCLE_LIMITS } from './circle-schemas.js';
import { ENTRY_PARTS } from './shared-parts.js';
import { personSchema } from './social-types.js';

export const dayNumberSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'Required' : 'Day must be a number') })
  .int({ error: `Day must be a whole number from 1 to ${TOTAL_DAYS}` })
  .min(1, { error: `Day must be a whole number from 1 to ${TOTAL_DAYS}` })
  .max(TOTAL_DAYS, { error: `Day must be a whole number from 1 to ${TOTAL_DAYS}` });

export const entryTextSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Required' : 'Entry text must be text'),
  })
  .max(LIMITS.entryText, { error: ENTRY_TEXT_TOO_LONG });

const isPublicSchema = z.boolean({ error: 'isPublic must be true or false' });

const entryPartSchema = z.enum(ENTRY_PARTS, {
  error: 'sharedParts may hold only "thoughts", "words" and "deeds"',
});
/** Which parts friends see when the entry is shared (docs/product.md#partial-sharing). */
const sharedPartsSchema = z
  .array(entryPartSchema, { error: 'sharedParts must be a list' })
  .min(1, { error: 'sharedParts must name at least one part' })
  .max(ENTRY_PARTS.length, { error: 'sharedParts names each part at most once' })
  .refine((parts) => new Set(parts).size === parts.length, {
    error: 'sharedParts names each part at most once',
  });

/** The circles the entry is shared with, each one its author is in (docs/product.md#reading-circles). */
const circleIdsSchema = z
  .array(z.int({ error: 'circleIds must be circle ids' }).positive({ error: 'Circle not found' }), {
    error: 'circleIds must be a list',
  })
  .max(CIRCLE_LIMITS.circlesPerEntry, {
    error: `circleIds can name at most ${CIRCLE_LIMITS.circlesPerEntry} circles`,
  });

/** An entry's `updatedAt` as the server sent it: an ISO 8601 instant. */
const updatedAtSchema = z
  .string({ error: 'baseUpdatedAt must be the updatedAt of the entry the save began from' })
  .max(40, { error: 'baseUpdatedAt must be the updatedAt of the entry the save began from' });

/** Answered with 409 when the entry changed since the version a save began from. */
export const ENTRY_CHANGED = 'This reflection was changed elsewhere since this version was opened';

export const createJournalEntrySchema = z.object({
  dayNumber: dayNumberSchema,
  entryText: entryTextSchema,
  isPublic: isPublicSchema.default(false),
  sharedParts: sharedPartsSchema.optional(),
  /** Left out, the circles it is shared with stay as they are (none for a new entry). */
  circleIds: circleIdsSchema.optional(),
  /**
   * The version the save began from: the entry's `updatedAt`, or null when there was no entry.
   * When the day's entry no longer matches it, nothing is written (409 with the current entry),
   * unless the entry already holds exactly this save: then it is the success it was.
   * Left out, the save creates or replaces whatever is there.
   */
  baseUpdatedAt: updatedAtSchema.nullable().optional(),
});

export const updateJournalEntrySchema = z
  .object({
    entryText: entryTextSchema.optional(),
    isPublic: isPublicSchema.optional(),
    sharedParts: sharedPartsSchema.optional(),
    circleIds: circleIdsSchema.optional(),
    /** As for a new save: 409 with the current entry when it changed since this version. */
    baseUpdatedAt: updatedAtSchema.optional(),
  })
  .refine(
    (value) =>
      value.entryText !== undefined ||
      value.isPublic !== undefined ||
      value.sharedParts !== undefined ||
      value.circleIds !== undefined,
    { error: 'Nothing to update: send entryText, isPublic, sharedParts or circleIds' },
  );

export type CreateJournalEntry = z.infer<typeof createJournalEntrySchema>;
/** What a client sends to create or replace a day's entry. */
export type CreateJournalEntryInput = z.input<typeof createJournalEntrySchema>;
export type UpdateJournalEntry = z.infer<typeof updateJournalEntrySchema>;

/** One reflection as its author sees it. */
export const journalEntrySchema = z.object({
  id: z.int(),
  userId: z.int(),
  dayNumber: z.int(),
  entryText: z.string(),
  isPublic: z.boolean(),
  /** The parts friends see while the entry is shared. */
  sharedParts: z.array(z.enum(ENTRY_PARTS)),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The circles whose members see it (with the same parts); the server always sends it. */
  circleIds: z.array(z.int()).optional(),
  /** Who appreciated it: sent to its author only; the server always sends it. */
  appreciations: z.array(appreciationSchema).optional(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

/**
 * `GET /api/journal/day/{day}?ifNone=empty`: a day without an entry is answered 200 with
 * `{ entry: null }` rather than 404, so a reader's browser logs no failure for an empty day.
 * Without it the day answers as it always has, the entry itself or 404, for clients built on that.
 */
export const journalDayQuerySchema = z.object({
  ifNone: z.literal('empty', { error: 'ifNone must be "empty"' }).optional(),
});
export const journalDaySchema = z.union([journalEntrySchema, z.object({ entry: z.null() })]);

/** A friend's shared reflection in the friends' feed, with who wrote it. */
export const friendJournalEntrySchema = journalEntrySchema
  .omit({ circleIds: true, appreciations: true })
  .extend({
    user: personSchema,
    /**
     * The stanza the entry reflects on ("Yasna 44.3"), so friends reading on different days know
     * which one it is (docs/decisions/017-your-pace.md); null when the content names none.
     */
    reference: z.string().nullable(),
    /** Whether the reader appreciated it; nobody but the author sees who else did. */
    appreciatedByMe: z.boolean(),
  });
export type FriendJournalEntry = z.infer<typeof friendJournalEntrySchema>;
