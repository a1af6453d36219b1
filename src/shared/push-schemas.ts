import { z } from 'zod';
import { isValidTimeZone } from './day-model.js';
import { isReminderTime } from './reminder-schedule.js';

/** A push service address is long but bounded; the keys are fixed-size base64url values. */
export const PUSH_LIMITS = {
  endpointChars: 1000,
  /** An uncompressed P-256 point (65 bytes) in unpadded base64url. */
  p256dhChars: 87,
  /** 16 random bytes in unpadded base64url. */
  authChars: 22,
  /** Older devices beyond this many lose their reminder when another one subscribes. */
  devicesPerUser: 10,
} as const;

const base64url = /^[A-Za-z0-9_-]+$/;

export const reminderTimeSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Time must be text') })
  .refine(isReminderTime, { error: 'Time must be a 24-hour time such as 08:30' });

export const timeZoneSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Required' : 'Time zone must be text'),
  })
  .refine(isValidTimeZone, { error: 'Time zone must be an IANA time zone such as Europe/London' });

export const pushEndpointSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Endpoint must be text') })
  .max(PUSH_LIMITS.endpointChars, {
    error: `Endpoint must be at most ${PUSH_LIMITS.endpointChars} characters`,
  })
  .refine((value) => URL.canParse(value) && new URL(value).protocol === 'https:', {
    error: 'Endpoint must be an https:// address of a push service',
  })
  // A user part would be sent to the push service as credentials the server never chose.
  .refine(
    (value) =>
      !URL.canParse(value) || (new URL(value).username === '' && new URL(value).password === ''),
    { error: 'Endpoint must not contain a user name or password' },
  );

/** What PushSubscription.toJSON() gives in the browser. */
export const browserPushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullish(),
  keys: z.object(
    {
      p256dh: z
        .string({ error: 'keys.p256dh must be text' })
        .length(PUSH_LIMITS.p256dhChars, {
          error: 'keys.p256dh must be a P-256 public key in base64url',
        })
        .regex(base64url, { error: 'keys.p256dh must be a P-256 public key in base64url' }),
      auth: z
        .string({ error: 'keys.auth must be text' })
        .length(PUSH_LIMITS.authChars, { error: 'keys.auth must be 16 bytes in base64url' })
        .regex(base64url, { error: 'keys.auth must be 16 bytes in base64url' }),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
});

/** POST /api/push/subscriptions */
export const createPushSubscriptionSchema = z.object({
  subscription: browserPushSubscriptionSchema,
  time: reminderTimeSchema,
  timeZone: timeZoneSchema,
});

/** PATCH /api/push/subscriptions: the device is named by its endpoint. */
export const updatePushSubscriptionSchema = z.object({
  endpoint: pushEndpointSchema,
  time: reminderTimeSchema,
  timeZone: timeZoneSchema.optional(),
});

/** DELETE /api/push/subscriptions */
export const deletePushSubscriptionSchema = z.object({ endpoint: pushEndpointSchema });

export type BrowserPushSubscription = z.infer<typeof browserPushSubscriptionSchema>;
export type CreatePushSubscription = z.infer<typeof createPushSubscriptionSchema>;
export type UpdatePushSubscription = z.infer<typeof updatePushSubscriptionSchema>;

/** The reminder a device has on the server. */
export const pushReminderSchema = z.object({ time: z.string(), timeZone: z.string() });
export type PushReminder = z.infer<typeof pushReminderSchema>;

/** `POST` and `PATCH /api/push/subscriptions`: the device's reminder as now stored. */
export const pushReminderResponseSchema = z.object({ reminder: pushReminderSchema });

/** GET /api/push/public-key: the VAPID key to subscribe with (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;
