import { describe, expect, it } from 'vitest';
import { ApiError } from './client.js';
import { serverFieldErrors } from './server-field-errors.js';

const refused = (status: number, body: unknown) =>
  new ApiError(status, JSON.stringify(body), 'Bad Request');

describe('server messages shown beside their fields', () => {
  it('takes the first message of each field of the form, ignoring other paths', () => {
    const error = refused(400, {
      message: 'Current password is incorrect',
      errors: [
        { path: 'currentPassword', message: 'Current password is incorrect' },
        { path: 'currentPassword', message: 'a second message' },
        { path: 'somethingElse', message: 'not in this form' },
      ],
    });
    expect(serverFieldErrors(error, ['currentPassword', 'newPassword'])).toEqual([
      { field: 'currentPassword', message: 'Current password is incorrect' },
    ]);
  });

  it('places the uniqueness conflicts under username and email', () => {
    expect(
      serverFieldErrors(refused(409, { message: 'Username already taken' }), ['username', 'email']),
    ).toEqual([{ field: 'username', message: 'Username already taken' }]);
    expect(
      serverFieldErrors(refused(409, { message: 'Email already registered' }), ['email']),
    ).toEqual([{ field: 'email', message: 'Email already registered' }]);
  });

  it('finds no field for other failures', () => {
    expect(serverFieldErrors(refused(500, { message: 'Something broke' }), ['email'])).toEqual([]);
    expect(serverFieldErrors(new ApiError(502, '<html>', 'Bad Gateway'), ['email'])).toEqual([]);
    expect(serverFieldErrors(new Error('offline'), ['email'])).toEqual([]);
    // A conflict on a field this form does not have stays off the form.
    expect(
      serverFieldErrors(refused(409, { message: 'Username already taken' }), ['password']),
    ).toEqual([]);
  });
});
