import type { ZxcvbnResult } from '@zxcvbn-ts/core';
import type { z } from 'zod';

/**
 * How guessable a new password is, judged alike on the server (which decides) and in the
 * browser (which says so as the person types), by zxcvbn with its dictionaries of common
 * passwords and words (docs/decisions/009).
 */

/** zxcvbn's score: 0 (guessed in under a thousand tries) to 4 (over ten billion). */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** Below this a password is refused: a million guesses or fewer find it. */
export const MIN_PASSWORD_SCORE = 2;

/**
 * Only the first characters are judged: the estimate takes time that grows fast with length,
 * and so many characters are already beyond a dictionary unless they themselves are common.
 */
export const JUDGED_PASSWORD_LENGTH = 32;

export const PASSWORD_TOO_COMMON =
  'This password is too common. Choose one that is harder to guess.';
export const PASSWORD_TOO_PERSONAL =
  'This password is too close to your name, username or email. Choose one that is harder to guess.';

export type StrengthWord = 'Weak' | 'Fair' | 'Strong';

export interface PasswordJudgement {
  score: PasswordScore;
  /** The word shown beside the meter. */
  word: StrengthWord;
  /** Why the password is refused, or null when it may be used. */
  refusal: string | null;
}

/** Judges a password; `personal` are the person's own details, which a password must not lean on. */
export type PasswordJudge = (password: string, personal?: readonly string[]) => PasswordJudgement;

/** What zxcvbn gives back that the judgement reads. */
type Estimate = Pick<ZxcvbnResult, 'score' | 'sequence'>;

export function strengthWord(score: PasswordScore): StrengthWord {
  if (score < MIN_PASSWORD_SCORE) return 'Weak';
  return score === MIN_PASSWORD_SCORE ? 'Fair' : 'Strong';
}

/**
 * The words of a person's name, username and email that zxcvbn should count as guessable:
 * each whole value, and its parts of three characters or more.
 */
export function personalWords(details: readonly (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const detail of details) {
    const value = detail?.trim().toLowerCase();
    if (!value) continue;
    words.add(value);
    for (const part of value.split(/[\s@._+-]+/)) if (part.length >= 3) words.add(part);
  }
  return [...words];
}

/** The judgement of one zxcvbn estimate. */
export function judgementOf(estimate: Estimate): PasswordJudgement {
  const score = estimate.score as PasswordScore;
  let refusal: string | null = null;
  if (score < MIN_PASSWORD_SCORE) {
    const leansOnPerson = estimate.sequence.some(
      (match) => match.pattern === 'dictionary' && match.dictionaryName === 'userInputs',
    );
    refusal = leansOnPerson ? PASSWORD_TOO_PERSONAL : PASSWORD_TOO_COMMON;
  }
  return { score, word: strengthWord(score), refusal };
}

/**
 * Loads zxcvbn with its common dictionaries (a few hundred kilobytes, so only where a password
 * is chosen) and gives the judge. Load it once and keep it: building it takes a moment.
 */
export async function loadPasswordJudge(): Promise<PasswordJudge> {
  const { ZxcvbnFactory, common } = await import('./password-dictionaries.js');
  const zxcvbn = new ZxcvbnFactory({
    dictionary: common.dictionary,
    graphs: common.adjacencyGraphs,
    maxLength: JUDGED_PASSWORD_LENGTH,
  });
  return (password, personal = []) => judgementOf(zxcvbn.check(password, [...personal]));
}

/**
 * A form's rule that its password `field` is not refused, with the same judge and messages as
 * the server. The judge loads after the form opens: until it is here the rule lets the
 * password pass, and the server, which always judges, answers instead.
 */
export function guessablePasswordRule<T>(
  field: keyof T & string,
  judge: () => PasswordJudge | null,
  personal: (values: T) => readonly (string | null | undefined)[] = () => [],
) {
  return (values: T, ctx: z.RefinementCtx<T>) => {
    const password = values[field];
    const judgeNow = judge();
    if (typeof password !== 'string' || !judgeNow) return;
    const { refusal } = judgeNow(password, personalWords(personal(values)));
    if (refusal) ctx.addIssue({ code: 'custom', path: [field], message: refusal });
  };
}
