import { serverMessage } from '../../api/client.js';
import { isNetworkFailure } from '../../offline/network-failure.js';

/** What a failed sign-in or sign-up says in its form: the server's words when it sent any. */
export function formFailureMessage(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) {
    return 'Could not reach the server. Check your connection and try again.';
  }
  return serverMessage(error) ?? fallback;
}
