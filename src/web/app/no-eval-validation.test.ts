import { describe, expect, it } from 'vitest';
import './no-eval-validation.js';

describe('validation without eval', () => {
  it('turns on zod’s jitless mode before any schema is built, so no CSP violation is reported', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
  });
});
