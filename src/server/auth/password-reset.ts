import { RESET_TOKEN_MINUTES } from '#shared/constants';
import { withoutControlCharacters } from '#shared/plain-text';
import type { AppContext } from '../app-context.js';
import { hashPassword } from './passwords.js';
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
 * Returns false when the token is unknown, used or expired.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  password: string,
  now: Date,
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction().execute(async (trx) => {
    // Claiming the token with a conditional update makes it single-use even under a race.
    const claimed = await trx
      .updateTable('password_reset_tokens')
      .set({ used_at: now.toISOString() })
      .where('token_hash', '=', hashToken(token))
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
    await trx.deleteFrom('sessions').where('user_id', '=', claimed.user_id).execute();
    await trx
      .deleteFrom('password_reset_tokens')
      .where('user_id', '=', claimed.user_id)
      .where('used_at', 'is', null)
      .execute();
    return true;
  });
}
