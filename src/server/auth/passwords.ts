import { hash, verify } from '@node-rs/argon2';
import type { PasswordHashing } from './password-hashing.js';

export function hashPassword(password: string, cost: PasswordHashing): Promise<string> {
  return hash(password, cost);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

const decoyHashes = new Map<PasswordHashing, Promise<string>>();
/** Spends the same time as a real check when no account matched, so timing reveals nothing. */
export async function verifyAgainstDecoy(password: string, cost: PasswordHashing): Promise<void> {
  let decoyHash = decoyHashes.get(cost);
  if (!decoyHash) {
    decoyHash = hashPassword('decoy password that no account has', cost);
    decoyHashes.set(cost, decoyHash);
  }
  await verifyPassword(await decoyHash, password);
}
