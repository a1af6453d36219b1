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

/**
 * 401. `sessionEnded` tells a browser whose session is over why it ended, when the server knows
 * (docs/product.md#sessions-and-the-user-object).
 */
export const notSignedIn = (
  message = 'You must be signed in',
  sessionEnded: string | null = null,
) => new HttpError(401, message, sessionEnded ? { sessionEnded } : {});
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
