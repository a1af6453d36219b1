/**
 * zxcvbn and its common dictionaries, in a module of their own so the web build makes them one
 * chunk that only the screens where a password is chosen load (src/shared/password-strength.ts).
 */
export { ZxcvbnFactory } from '@zxcvbn-ts/core';
export * as common from '@zxcvbn-ts/language-common';
