import { SIGN_IN_LINK_MINUTES } from '#shared/constants';
import { withoutControlCharacters } from '#shared/plain-text';
import type { AppContext } from '../app-context.js';
import type { UserRow } from '../db/tables.js';
import { hashToken, newToken } from './tokens.js';
import { findUserByEmail } from './users.js';

/**
 * The way back in that no one else can block (docs/product.md, "Email me a sign-in link"; docs/decisions/023):
 * failed sign-ins from others may keep a new browser from signing in with a password, but a
 * link mailed to the account's own address signs that browser in and marks it as the owner's.
 * Mails a single-use link to the account with that email, if there is one; nothing otherwise.
 */
export async function requestSignInLink(ctx: AppContext, email: string, now: Date): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const { token, tokenHash } = newToken();
  await ctx.db
    .insertInto('sign_in_links')
    .values({
      user_id: user.id,
      token_hash: tokenHash,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + SIGN_IN_LINK_MINUTES * 60_000).toISOString(),
      used_at: null,
    })
    .execute();
  const link = `${ctx.config.appUrl}/sign-in-link?token=${encodeURIComponent(token)}`;
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your sign-in link for The Threefold Path',
    link,
    text: [
      `Hello ${withoutControlCharacters(user.full_name)},`,
      '',
      'Someone asked for a link to sign in to your account on The Threefold Path.',
      `To sign in on that device, open this link there within ${SIGN_IN_LINK_MINUTES} minutes:`,
      '',
      link,
      '',
      'It works once. If it was not you, ignore this message: no one can use the link',
      'without reading this email, and your password stays as it is.',
    ].join('\n'),
  });
}

/**
 * Spends a sign-in link: the account it was made for, or undefined when the token is unknown,
 * used or expired. Claimed by a conditional update, so it is single-use even under a race;
 * the account's other unused links end with it.
 */
export async function spendSignInLink(
  ctx: Pick<AppContext, 'db'>,
  token: string,
  now: Date,
): Promise<UserRow | undefined> {
  const stamp = now.toISOString();
  return ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable('sign_in_links')
      .set({ used_at: stamp })
      .where('token_hash', '=', hashToken(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', stamp)
      .returning('user_id')
      .executeTakeFirst();
    if (!claimed) return undefined;
    await trx
      .deleteFrom('sign_in_links')
      .where('user_id', '=', claimed.user_id)
      .where('used_at', 'is', null)
      .execute();
    return trx.selectFrom('users').selectAll().where('id', '=', claimed.user_id).executeTakeFirst();
  });
}
