/** What hashing one password costs: argon2id's memory (KiB), iterations and lanes. */
export interface PasswordHashing {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

/** argon2id (the library's default algorithm) with the OWASP minimum: 19 MiB, 2 iterations, 1 lane. */
export const PRODUCTION_PASSWORD_HASHING: PasswordHashing = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * The least argon2id allows, for test servers only (config.ts refuses it in production): the
 * suites sign up thousands of people, and the hash's cost is what they would spend most on.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = {
  memoryCost: 8,
  timeCost: 1,
  parallelism: 1,
};
