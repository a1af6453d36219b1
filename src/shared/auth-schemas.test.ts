import { describe, expect, it } from 'vitest';
import {
  loginRequestSchema,
  passwordResetFormSchema,
  passwordResetRequestSchema,
  signupFormSchema,
} from './auth-schemas.js';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the sign-up form', () => {
  const valid = {
    username: 'mitra',
    email: 'mitra@example.com',
    password: 'longenough',
    confirmPassword: 'longenough',
    fullName: 'Mitra Example',
  };

  it('accepts a complete form and treats blank optional fields as absent', () => {
    const result = signupFormSchema.parse({ ...valid, postalCode: '  ', whatsapp: '' });
    expect(result.postalCode).toBeNull();
    expect(result.whatsapp).toBeNull();
  });

  it("gives the spec's messages", () => {
    const result = signupFormSchema.safeParse({
      username: 'ab',
      email: 'nope',
      password: 'short',
      confirmPassword: 'other',
      fullName: ' ',
    });
    expect(messages(result)).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
      fullName: 'Full name is required',
      confirmPassword: "Passwords don't match",
    });
    expect(
      messages(signupFormSchema.safeParse({ ...valid, confirmPassword: 'different1' })),
    ).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it("says 'Required' for a missing field", () => {
    const { confirmPassword: _, ...withoutConfirm } = valid;
    expect(messages(signupFormSchema.safeParse(withoutConfirm))).toEqual({
      confirmPassword: 'Required',
    });
  });
});

describe('the other auth forms', () => {
  it('requires a username and a password to sign in', () => {
    expect(messages(loginRequestSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
  });

  it('asks for a valid email to request a reset', () => {
    expect(messages(passwordResetRequestSchema.safeParse({ email: 'x' }))).toEqual({
      email: 'Please enter a valid email address',
    });
  });

  it('checks the reset form', () => {
    expect(
      messages(
        passwordResetFormSchema.safeParse({ token: '', password: 'short', confirmPassword: 'x' }),
      ),
    ).toMatchObject({
      token: 'Token is required',
      password: 'Password must be at least 8 characters',
    });
    expect(
      messages(
        passwordResetFormSchema.safeParse({
          token: 't',
          password: 'longenough',
          confirmPassword: 'longenougH',
        }),
      ),
    ).toEqual({ confirmPassword: "Passwords don't match" });
  });
});
