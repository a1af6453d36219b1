import { ApiError } from '../api/client.js';

/**
 * True when a call failed because no answer came (fetch threw: offline, DNS, a dropped
 * connection, or our own time limit), as opposed to the server answering with an error.
 * The journal mutations wrap what fetch threw as the `cause` of their own error.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  const failure = error instanceof Error && error.cause !== undefined ? error.cause : error;
  if (failure instanceof ApiError) return false;
  if (failure instanceof TypeError) return true;
  return (
    failure instanceof DOMException &&
    (failure.name === 'TimeoutError' || failure.name === 'NetworkError')
  );
}
