import { RESET_TOKEN_MINUTES } from '#shared/constants';
import { withoutControlCharacters } from '#shared/plain-text';
import type { AppContext } from '../app-context.js';
import { refuseGuessablePassword } from './guessable-passwords.js';
import { hashPassword } from './passwords.js';
import { endSessionsBecause } from './sessions.js';
import { hashToken, newToken } from './tokens.js';
import { findUserByEmail } from './users.js';

/** Makes a single-use token for the account with that email, if any, and mails its link. */
export async function requestPasswordReset(
  ctx: AppContext,
  email: string,
  now: Date,
): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const { token, tokenHash } = newToken();
  await ctx.db
    .insertInto('password_reset_tokens')
    .values({
      user_id: user.id,
      token_hash: tokenHash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${ctx.config.appUrl}/password-reset?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Reset your password for The Threefold Path',
    link,
    text: [
      `Hello ${withoutControlCharacters(user.full_name)},`,
      '',
      'Someone asked to reset the password of your account on The Threefold Path.',
      'To choose a new password, open this link within the next hour:',
      '',
      link,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Spends a reset token: sets the new password and signs the account out everywhere.
 * Returns false when the token is unknown, used or expired. A password too easy to guess is
 * refused (400) before the token is spent, so the same link can be used again.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  now: Date,
): Promise<boolean> {
  const tokenHash = hashToken(token);
  const holder = await ctx.db
    .selectFrom('password_reset_tokens')
    .innerJoin('users', 'users.id', 'password_reset_tokens.user_id')
    .select(['users.username', 'users.email', 'users.full_name'])
    .where('password_reset_tokens.token_hash', '=', tokenHash)
    .where('password_reset_tokens.used_at', 'is', null)
    .where('password_reset_tokens.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!holder) return false;
  await refuseGuessablePassword(
    password,
    [holder.username, holder.email, holder.full_name],
    'password',
  );
  const passwordHash = await hashPassword(password, ctx.config.passwordHashing);
  return ctx.db.transaction().execute(async (trx) => {
    // Claiming the token with a conditional update makes it single-use even under a race.
    const claimed = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return false;
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash })
      .where('id', '=', claimed.user_id)
      .execute();
    await endSessionsBecause(trx, { userId: claimed.user_id }, 'password-changed');
    await trx
      .deleteFrom('password_reset_tokens')
      .where('user_id', '=', claimed.user_id)
      .where('used_at', 'is', null)
      .execute();
    return true;
  });
}
