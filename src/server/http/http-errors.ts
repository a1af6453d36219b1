/** An error whose status and message are safe to show to the client as they are. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const notSignedIn = (message = 'You must be signed in') => new HttpError(401, message);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
