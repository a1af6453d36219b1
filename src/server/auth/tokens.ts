import { hash, randomBytes } from 'node:crypto';

/** A random opaque token for the client; only its hash is stored. */
export function newToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/** SHA-256 in one call: every signed-in request hashes its token. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}
