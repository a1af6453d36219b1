import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with the OWASP minimum: 19 MiB, 2 iterations, 1 lane.
const options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;
/** Spends the same time as a real check when no account matched, so timing reveals nothing. */
export async function verifyAgainstDecoy(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy password that no account has');
  await verifyPassword(await decoyHash, password);
}
