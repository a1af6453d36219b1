import { z } from 'zod';
import {
  discoverabilitySchema,
  emailSchema,
  fullNameSchema,
  paceSchema,
  newPasswordSchema,
  userSchema,
  usernameSchema,
} from './auth-schemas.js';
import { LIMITS } from './constants.js';
import { oneLine, requiredText } from './validation-messages.js';

export const NO_PROFILE_CHANGES = 'No changes: send at least one field to update';

/**
 * An optional profile field that may be cleared: absent leaves it as it is, while "", blank
 * text or null clear it (stored as null). Same limit and message as sign-up.
 */
function clearableText(max: number, label: string) {
  return z
    .string({ error: 'Expected text' })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .refine(...oneLine(label))
    .nullable()
    .transform((value) => (value ? value : null))
    .optional();
}

const profileFields = {
  fullName: fullNameSchema.optional(),
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  city: clearableText(LIMITS.city, 'City'),
  postalCode: clearableText(LIMITS.postalCode, 'Postal code'),
  whatsapp: clearableText(LIMITS.whatsapp, 'WhatsApp number'),
  discoverable: discoverabilitySchema.optional(),
  pace: paceSchema.optional(),
  circlePush: z.boolean({ error: 'circlePush must be true or false' }).optional(),
};

/** A new email takes the current password: whoever holds a session alone cannot take over. */
export const EMAIL_CHANGE_NEEDS_PASSWORD = 'Enter your current password to change your email';

/** Sent with a new email; checked on the server only when the email changes. */
const emailChangePasswordSchema = z
  .string({ error: 'Expected text' })
  .max(LIMITS.passwordMax, { error: 'Current password is incorrect' })
  .optional();

/**
 * `PATCH /api/users/me`: any non-empty subset of the profile, with sign-up's rules, and the
 * current password when the email changes.
 */
export const profileUpdateSchema = z
  .object({ ...profileFields, currentPassword: emailChangePasswordSchema })
  .refine(
    ({ currentPassword: _password, ...fields }) =>
      Object.values(fields).some((field) => field !== undefined),
    { error: NO_PROFILE_CHANGES },
  );
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/**
 * The settings form sends every field; blank optional fields clear them. The current password
 * is asked for only once the email differs from the one stored.
 */
export const profileFormSchema = z.object({
  fullName: fullNameSchema,
  username: usernameSchema,
  email: emailSchema,
  city: clearableText(LIMITS.city, 'City'),
  postalCode: clearableText(LIMITS.postalCode, 'Postal code'),
  whatsapp: clearableText(LIMITS.whatsapp, 'WhatsApp number'),
  currentPassword: emailChangePasswordSchema,
});

const currentPasswordSchema = requiredText()
  .min(1, { error: 'Current password is required' })
  .max(LIMITS.passwordMax, { error: 'Current password is incorrect' });

/** `POST /api/auth/password`. */
export const passwordChangeSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** The change-password form in the browser, with its confirmation field. */
export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmNewPassword: requiredText() })
  .refine((value) => value.confirmNewPassword === value.newPassword, {
    error: "Passwords don't match",
    path: ['confirmNewPassword'],
  });

export const CURRENT_PASSWORD_INCORRECT = 'Current password is incorrect';
export const PASSWORD_CHANGED = 'Password changed';

/** `DELETE /api/users/me`: the password confirms the person means it. */
export const accountDeletionSchema = z.object({
  password: requiredText()
    .min(1, { error: 'Password is required' })
    .max(LIMITS.passwordMax, { error: 'Password is incorrect' }),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;
export const ACCOUNT_PASSWORD_INCORRECT = 'Password is incorrect';

export const SESSION_NOT_FOUND = 'Session not found';
export const UNKNOWN_BROWSER = 'Unknown browser';

/** One signed-in device as `GET /api/auth/sessions` lists it. */
export const deviceSessionSchema = z.object({
  id: z.number().int(),
  /** Browser and system, such as 'Chrome on Android'. */
  browser: z.string(),
  /** Roughly where: the city of the time zone the device last named, or null. */
  place: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

/** `GET /api/auth/sessions`. */
export const deviceSessionListSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export type DeviceSessionList = z.infer<typeof deviceSessionListSchema>;

/** `POST /api/auth/sessions/sign-out-others`: how many other devices were signed out. */
export const signOutOthersResponseSchema = z.object({ signedOut: z.int() });
export type SignOutOthersResponse = z.infer<typeof signOutOthersResponseSchema>;

export const JOURNAL_EXPORT_FORMATS = ['json', 'md'] as const;
export type JournalExportFormat = (typeof JOURNAL_EXPORT_FORMATS)[number];

/** `GET /api/journal/export?format=json|md`, json when absent. */
export const journalExportQuerySchema = z.object({
  format: z.enum(JOURNAL_EXPORT_FORMATS, { error: 'Format must be json or md' }).default('json'),
});

/** The download's file name, dated by the day it was made. */
export function journalExportFileName(format: JournalExportFormat, date: string): string {
  return `threefold-path-journal-${date}.${format}`;
}

/** One entry in the JSON export: every stored field, with the text split into its parts. */
export const exportedJournalEntrySchema = z.object({
  id: z.int(),
  dayNumber: z.int(),
  /** The day's reading as the content pack names it ("Yasna 28.1"), null when unknown. */
  reference: z.string().nullable(),
  /** The day's reflection prompt, as the readings have it now. */
  reflectionPrompt: z.string().nullable(),
  goodThoughts: z.string(),
  goodWords: z.string(),
  goodDeeds: z.string(),
  isPublic: z.boolean(),
  /** ISO 8601 in UTC. */
  createdAt: z.string(),
  /** The same moment in the export's time zone, with its offset: "2026-03-01T13:00:00+01:00". */
  createdAtLocal: z.string(),
  updatedAt: z.string(),
  updatedAtLocal: z.string(),
  entryText: z.string(),
});
export type ExportedJournalEntry = z.infer<typeof exportedJournalEntrySchema>;

/** One saved stanza in the export: the day, its reading's reference and the private note. */
export const exportedSavedStanzaSchema = z.object({
  dayNumber: z.int(),
  reference: z.string().nullable(),
  note: z.string(),
  /** When the day was first saved, ISO 8601 in UTC. */
  savedAt: z.string(),
  savedAtLocal: z.string(),
});
export type ExportedSavedStanza = z.infer<typeof exportedSavedStanzaSchema>;

/**
 * `GET /api/journal/export?format=json`: the person's account details, every entry and every
 * saved stanza with its note, with each time in UTC and in the reader's time zone (`timeZone`).
 */
export const journalExportSchema = z.object({
  exportedAt: z.string(),
  exportedAtLocal: z.string(),
  /** The IANA zone of the local times: the reader's, else the app's. */
  timeZone: z.string(),
  user: userSchema
    .pick({ username: true, fullName: true, email: true, city: true, postalCode: true })
    .extend({ whatsapp: z.string().nullable(), createdAt: z.string() }),
  entries: z.array(exportedJournalEntrySchema),
  /** By day. */
  savedStanzas: z.array(exportedSavedStanzaSchema),
});
export type JournalExport = z.infer<typeof journalExportSchema>;
