import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_PERSONAL,
  type PasswordJudge,
  guessablePasswordRule,
  loadPasswordJudge,
  personalWords,
} from './password-strength.js';

let judge: PasswordJudge;
beforeAll(async () => {
  judge = await loadPasswordJudge();
});

describe('the password judge', () => {
  it('refuses common passwords, keyboard runs and repeats as too common', () => {
    for (const password of ['password', 'Password123', 'qwertyuiop', '11111111', 'abcdefgh']) {
      expect(judge(password)).toMatchObject({ word: 'Weak', refusal: PASSWORD_TOO_COMMON });
    }
  });

  it('refuses a password leaning on the person’s own details as too personal', () => {
    const personal = personalWords(['roshan_m', 'roshan.m@example.test', 'Roshan Mistry']);
    expect(judge('roshan_m2026', personal).refusal).toBe(PASSWORD_TOO_PERSONAL);
    expect(judge('MistryRoshan', personal).refusal).toBe(PASSWORD_TOO_PERSONAL);
    // Without the details, the same password is only judged on its own.
    expect(judge('MistryRoshan').refusal).toBeNull();
  });

  it('lets through a fair password and calls a long passphrase strong', () => {
    expect(judge('Summer2026!')).toEqual({ score: 2, word: 'Fair', refusal: null });
    expect(judge('a quiet walk by the river')).toMatchObject({ word: 'Strong', refusal: null });
  });

  it('judges only the first 32 characters, which keeps a long password quick to judge', () => {
    // Judged whole, the random tail would make this strong.
    expect(judge(`${'password'.repeat(4)}x9!Ab-Q7#kLm`).refusal).toBe(PASSWORD_TOO_COMMON);
    expect(judge('x9!Ab'.repeat(25)).refusal).toBeNull();
  });
});

describe('personal words', () => {
  it('are each detail and its parts of three characters or more, lower-cased', () => {
    expect(personalWords(['Roshan Mistry', 'ro.m@example.test', null, ' '])).toEqual([
      'roshan mistry',
      'roshan',
      'mistry',
      'ro.m@example.test',
      'example',
      'test',
    ]);
  });
});

describe('the form rule', () => {
  const schema = (loaded: PasswordJudge | null) =>
    z.object({ username: z.string(), password: z.string() }).superRefine(
      guessablePasswordRule(
        'password',
        () => loaded,
        (values) => [values.username],
      ),
    );

  it('puts the judge’s reason beside the password field', () => {
    const result = schema(judge).safeParse({ username: 'someone', password: 'iloveyou' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['password'], message: PASSWORD_TOO_COMMON }),
    ]);
    expect(
      schema(judge).safeParse({ username: 'kavehrostami', password: 'kavehrostami1' }).error
        ?.issues[0]?.message,
    ).toBe(PASSWORD_TOO_PERSONAL);
  });

  it('lets any password through while the judge has not loaded: the server still judges', () => {
    expect(schema(null).safeParse({ username: 'someone', password: 'iloveyou' }).success).toBe(
      true,
    );
  });
});
