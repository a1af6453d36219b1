/**
 * The page's CSP forbids eval. Left to itself, zod probes `new Function` when it builds an
 * object schema and, although it catches the refusal, the browser still reports a CSP
 * violation for it. `jitless` skips the probe. This writes the very object z.config() writes
 * (zod keeps it on globalThis so every copy of zod shares it) without loading zod into the
 * first chunk, which has no schema of its own. Imported first by main.tsx.
 */
const shared = globalThis as { __zod_globalConfig?: Record<string, unknown> };
shared.__zod_globalConfig = { ...shared.__zod_globalConfig, jitless: true };
