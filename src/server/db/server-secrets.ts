import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './tables.js';

/**
 * The secret named `name` (32 random bytes), made and stored by whichever process asks first:
 * every process must use the same one, or what one signs another would refuse.
 */
export async function sharedSecret(db: Kysely<Database>, name: string, now: Date): Promise<Buffer> {
  const stored = () =>
    db.selectFrom('server_secrets').select('secret').where('name', '=', name).executeTakeFirst();
  let row = await stored();
  if (!row) {
    await db
      .insertInto('server_secrets')
      .values({
        name,
        secret: randomBytes(32).toString('base64url'),
        created_at: now.toISOString(),
      })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    // Another process may have stored its secret first; that one wins.
    row = await stored();
  }
  if (!row) throw new Error(`The secret ${name} could not be stored`);
  return Buffer.from(row.secret, 'base64url');
}
