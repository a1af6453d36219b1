import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  CURRENT_PASSWORD_INCORRECT,
  EMAIL_CHANGE_NEEDS_PASSWORD,
  type ProfileUpdate,
} from '#shared/account-schemas';
import { withoutControlCharacters } from '#shared/plain-text';
import { localDateString, type Pace } from '#shared/reading-pace';
import type { AppContext } from '../app-context.js';
import { confirmOwnPassword } from '../auth/password-confirmation.js';
import type { Database, UserRow } from '../db/tables.js';
import { HttpError } from '../http/http-errors.js';
import { enforceRateLimit } from '../http/rate-limits.js';
import { postalCodeColumns } from './people-search.js';
import { refuseTakenNames, takenNameRefusal } from './taken-names.js';

const currentPasswordError = (message: string) =>
  new HttpError(400, message, { errors: [{ path: 'currentPassword', message }] });

/**
 * Applies a profile change. A new username or email must be free, ignoring case, exactly as at
 * sign-up; the person's own current values never clash with themselves.
 *
 * A new email needs the current password (a session alone cannot move the account, and its
 * reset links, to another mailbox), and at most a few a day are tried: each one answers whether
 * an address is registered, so that answer is never free. Once changed, reset links mailed
 * earlier stop working and the old address is told.
 */
export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  changes: ProfileUpdate,
  caller: { now: Date; ip: string; log: FastifyBaseLogger; timeZone: string },
): Promise<UserRow> {
  const { db } = ctx;
  const { now, ip } = caller;
  const usernameKey = changes.username?.toLowerCase();
  const requestedEmail = changes.email?.toLowerCase();
  const email = requestedEmail !== user.email ? requestedEmail : undefined;
  if (email !== undefined) {
    if (!changes.currentPassword) throw currentPasswordError(EMAIL_CHANGE_NEEDS_PASSWORD);
    if (!(await confirmOwnPassword(ctx, user, changes.currentPassword, now, ip))) {
      throw currentPasswordError(CURRENT_PASSWORD_INCORRECT);
    }
    await enforceRateLimit(
      ctx.rateLimits,
      `email-change:user:${user.id}`,
      ctx.rules.emailChangesPerUser,
      now,
    );
  }
  if (usernameKey !== undefined || email !== undefined) {
    const clash = await db
      .selectFrom('users')
      .select(['username_key', 'email'])
      .where('id', '!=', user.id)
      .where((eb) =>
        eb.or([
          ...(usernameKey !== undefined ? [eb('username_key', '=', usernameKey)] : []),
          ...(email !== undefined ? [eb('email', '=', email)] : []),
        ]),
      )
      .execute();
    refuseTakenNames(clash, usernameKey);
  }

  let updated: UserRow;
  try {
    updated = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('users')
        .set({
          ...(changes.username !== undefined
            ? { username: changes.username, username_key: usernameKey }
            : {}),
          ...(email !== undefined ? { email } : {}),
          ...(changes.fullName !== undefined ? { full_name: changes.fullName } : {}),
          ...(changes.city !== undefined ? { city: changes.city } : {}),
          ...(changes.postalCode !== undefined ? postalCodeColumns(changes.postalCode) : {}),
          ...(changes.whatsapp !== undefined ? { whatsapp: changes.whatsapp } : {}),
          ...(changes.discoverable !== undefined ? { discoverable: changes.discoverable } : {}),
          ...paceChange(changes.pace, caller),
          ...(changes.circlePush !== undefined ? { circle_push: changes.circlePush ? 1 : 0 } : {}),
        })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (email !== undefined) await endPendingResets(trx, user.id);
      return row;
    });
  } catch (error) {
    // Two people racing for the same name: the unique index decides.
    throw takenNameRefusal(error);
  }
  if (email !== undefined) tellOldAddress(ctx, user, email, caller.log);
  return updated;
}

/**
 * A chosen pace. Choosing the own path (again) starts it at day 1 on the reader's local date
 * now; reading with everyone keeps no start, so a later own path begins afresh.
 */
function paceChange(pace: Pace | undefined, caller: { now: Date; timeZone: string }) {
  if (pace === undefined) return {};
  if (pace === 'together') return { pace, pace_started_on: null };
  return { pace, pace_started_on: localDateString(caller.now, caller.timeZone) };
}

/** Reset links mailed to the old address would otherwise still open the account. */
async function endPendingResets(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .deleteFrom('password_reset_tokens')
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

/** Mailed in the background, like a reset: the answer does not wait for the mail server. */
function tellOldAddress(
  ctx: AppContext,
  before: UserRow,
  newEmail: string,
  log: FastifyBaseLogger,
): void {
  const name = withoutControlCharacters(before.full_name);
  ctx.track(
    ctx.mailer
      .send({
        to: before.email,
        subject: 'Your email for The Threefold Path was changed',
        text: [
          `Hello ${name},`,
          '',
          `The email of your account on The Threefold Path was changed from this address to ${newEmail}.`,
          'Password reset links sent here before no longer work.',
          '',
          'If you made this change, there is nothing to do.',
          'If you did not, someone who knows your password has signed in: sign in, change your',
          'password and your email back in Settings, and sign out your other devices there.',
        ].join('\n'),
      })
      .catch((error: unknown) => log.error({ err: error }, 'email change notice failed')),
  );
}
