import { z } from 'zod';
import { LIMITS } from './constants.js';
import { oneLine, optionalText, requiredText } from './validation-messages.js';
import { PACES } from './reading-pace.js';

export const usernameSchema = requiredText()
  .trim()
  .min(LIMITS.usernameMin, { error: 'Username must be at least 3 characters' })
  .max(LIMITS.username, { error: `Username must be at most ${LIMITS.username} characters` })
  .regex(/^[A-Za-z0-9_.]+$/, { error: 'Username may contain only letters, digits, _ and .' });

export const emailSchema = requiredText()
  .trim()
  .max(LIMITS.email, { error: `Email must be at most ${LIMITS.email} characters` })
  .pipe(z.email({ error: 'Invalid email address' }));

export const newPasswordSchema = requiredText()
  .min(LIMITS.passwordMin, { error: 'Password must be at least 8 characters' })
  .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` });

export const fullNameSchema = requiredText()
  .trim()
  .min(1, { error: 'Full name is required' })
  .max(LIMITS.fullName, { error: `Full name must be at most ${LIMITS.fullName} characters` })
  .refine(...oneLine('Full name'));

const signupFields = {
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  fullName: fullNameSchema,
  postalCode: optionalText(LIMITS.postalCode, 'Postal code'),
  whatsapp: optionalText(LIMITS.whatsapp, 'WhatsApp number'),
  city: optionalText(LIMITS.city, 'City'),
};

const passwordsMatch = (value: { password: string; confirmPassword?: string | undefined }) =>
  value.confirmPassword === undefined || value.confirmPassword === value.password;
const mismatch = { error: "Passwords don't match", path: ['confirmPassword'] };

/** The sign-up form in the browser: confirmPassword is required there. */
export const signupFormSchema = z
  .object({ ...signupFields, confirmPassword: requiredText() })
  .refine(passwordsMatch, mismatch);

/** The sign-up call: a client may leave out confirmPassword; if sent, it must match. */
export const signupRequestSchema = z
  .object({ ...signupFields, confirmPassword: z.string({ error: 'Expected text' }).optional() })
  .refine(passwordsMatch, mismatch);

export const loginRequestSchema = z.object({
  username: requiredText().trim().min(1, { error: 'Username is required' }).max(LIMITS.email),
  password: requiredText().min(1, { error: 'Password is required' }).max(LIMITS.passwordMax),
});

export const passwordResetRequestSchema = z.object({
  email: requiredText()
    .trim()
    .max(LIMITS.email, { error: 'Please enter a valid email address' })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
});

export const passwordResetSchema = z.object({
  token: requiredText()
    .trim()
    .min(1, { error: 'Token is required' })
    .max(200, { error: 'Invalid or expired token' }),
  password: newPasswordSchema,
});

/** `POST /api/auth/sign-in-link-request`: where to mail a one-time sign-in link. */
export const signInLinkRequestSchema = passwordResetRequestSchema;

/** `POST /api/auth/sign-in-link`: the token of an emailed sign-in link. */
export const signInLinkSchema = z.object({
  token: requiredText()
    .trim()
    .min(1, { error: 'Invalid or expired sign-in link' })
    .max(200, { error: 'Invalid or expired sign-in link' }),
});

/** The reset form in the browser, with its confirmation field. */
export const passwordResetFormSchema = passwordResetSchema
  .extend({ confirmPassword: requiredText() })
  .refine((value) => value.confirmPassword === value.password, mismatch);

export type SignupRequest = z.infer<typeof signupRequestSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Who can find a person: anyone by name or username, and in suggestions (the default); only by
 * their exact username; or nobody. Friends they already have see them either way.
 */
export const DISCOVERABILITY = ['everyone', 'username', 'nobody'] as const;
export const discoverabilitySchema = z.enum(DISCOVERABILITY, {
  error: 'Choose everyone, username or nobody',
});
export type Discoverability = z.infer<typeof discoverabilitySchema>;

/** Whose day a reader reads: everyone's (the calendar's), or their own path's. */
export const paceSchema = z.enum(PACES, {
  error: 'Pace must be "together" (read with everyone) or "own" (my own path)',
});

/** The signed-in person's own account, as only they see it. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  postalCode: z.string().nullable(),
  whatsapp: z.string().nullable(),
  city: z.string().nullable(),
  createdAt: z.string(),
  discoverable: discoverabilitySchema,
  /** Whose day the reader reads: everyone's, or their own path's (docs/decisions/017). */
  pace: paceSchema,
  /** The local date (YYYY-MM-DD) the reader's own path began; null reading with everyone. */
  paceStartedOn: z.string().nullable(),
  /**
   * An operator suspended the account: it may only export its journal, delete itself and sign
   * out (docs/product.md#reports-and-suspension).
   */
  suspended: z.boolean(),
  /**
   * A push when someone in one of the reader's circles shares a reflection, at most once a day
   * per circle; off until the reader turns it on (docs/decisions/026).
   */
  circlePush: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
