import { describe, expect, it } from 'vitest';
import {
  accountDeletionSchema,
  journalExportFileName,
  journalExportQuerySchema,
  NO_PROFILE_CHANGES,
  passwordChangeFormSchema,
  passwordChangeSchema,
  profileFormSchema,
  profileUpdateSchema,
} from './account-schemas.js';

const messages = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a profile change', () => {
  it('takes any one field and leaves the others out', () => {
    expect(profileUpdateSchema.parse({ city: '  Mumbai ' })).toEqual({ city: 'Mumbai' });
    expect(profileUpdateSchema.parse({ fullName: 'Roshan Irani' })).toEqual({
      fullName: 'Roshan Irani',
    });
  });

  it('clears optional fields sent as "", blank text or null', () => {
    expect(profileUpdateSchema.parse({ city: '', postalCode: '   ', whatsapp: null })).toEqual({
      city: null,
      postalCode: null,
      whatsapp: null,
    });
  });

  it('refuses an empty change', () => {
    const result = profileUpdateSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(messages(result)).toEqual({ '': NO_PROFILE_CHANGES });
  });

  it("gives sign-up's messages and limits", () => {
    const result = profileUpdateSchema.safeParse({
      username: 'ab',
      email: 'not-an-email',
      fullName: '   ',
      city: 'c'.repeat(81),
      postalCode: '1'.repeat(13),
      whatsapp: '9'.repeat(21),
    });
    expect(messages(result)).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Invalid email address',
      fullName: 'Full name is required',
      city: 'City must be at most 80 characters',
      postalCode: 'Postal code must be at most 12 characters',
      whatsapp: 'WhatsApp number must be at most 20 characters',
    });
    expect(messages(profileUpdateSchema.safeParse({ username: 'bad name!' }))).toEqual({
      username: 'Username may contain only letters, digits, _ and .',
    });
    expect(messages(profileUpdateSchema.safeParse({ fullName: null }))).toEqual({
      fullName: 'Required',
    });
  });

  it('the settings form needs the required fields and clears blank optional ones', () => {
    const parsed = profileFormSchema.parse({
      fullName: 'Roshan Irani',
      username: 'roshan',
      email: 'roshan@example.com',
      city: '',
      postalCode: '400 001',
      whatsapp: '',
    });
    expect(parsed).toEqual({
      fullName: 'Roshan Irani',
      username: 'roshan',
      email: 'roshan@example.com',
      city: null,
      postalCode: '400 001',
      whatsapp: null,
    });
  });
});

describe('a password change', () => {
  it("needs the current password and a new one with sign-up's rules", () => {
    expect(
      messages(passwordChangeSchema.safeParse({ currentPassword: '', newPassword: 'short' })),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters',
    });
    expect(messages(passwordChangeSchema.safeParse({}))).toEqual({
      currentPassword: 'Required',
      newPassword: 'Required',
    });
    expect(
      passwordChangeSchema.parse({ currentPassword: 'old secret', newPassword: 'new secret!' }),
    ).toEqual({ currentPassword: 'old secret', newPassword: 'new secret!' });
  });

  it('the form checks the confirmation', () => {
    const result = passwordChangeFormSchema.safeParse({
      currentPassword: 'old secret',
      newPassword: 'new secret!',
      confirmNewPassword: 'new secret?',
    });
    expect(messages(result)).toEqual({ confirmNewPassword: "Passwords don't match" });
  });
});

describe('deleting an account', () => {
  it('needs the password', () => {
    expect(messages(accountDeletionSchema.safeParse({ password: '' }))).toEqual({
      password: 'Password is required',
    });
    expect(messages(accountDeletionSchema.safeParse({}))).toEqual({ password: 'Required' });
  });
});

describe('the journal export', () => {
  it('is JSON unless Markdown is asked for, and nothing else', () => {
    expect(journalExportQuerySchema.parse({})).toEqual({ format: 'json' });
    expect(journalExportQuerySchema.parse({ format: 'md' })).toEqual({ format: 'md' });
    expect(messages(journalExportQuerySchema.safeParse({ format: 'pdf' }))).toEqual({
      format: 'Format must be json or md',
    });
  });

  it('names the file by its format and date', () => {
    expect(journalExportFileName('md', '2026-11-22')).toBe('threefold-path-journal-2026-11-22.md');
  });
});
