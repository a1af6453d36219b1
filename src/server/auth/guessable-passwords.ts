import { type PasswordJudge, loadPasswordJudge, personalWords } from '#shared/password-strength';
import { HttpError } from '../http/http-errors.js';

let judge: Promise<PasswordJudge> | undefined;

/**
 * The password judge, built once per process when a password is first chosen: its dictionaries
 * take about 20 MB of memory and 0.1 s to build, which most processes never need to spend.
 */
export function passwordJudge(): Promise<PasswordJudge> {
  judge ??= loadPasswordJudge().catch((error: unknown) => {
    judge = undefined;
    throw error;
  });
  return judge;
}

/**
 * Refuses a new password that is too easy to guess: common, or leaning on the person's own
 * `personal` details. A 400 whose message says why, beside the field at `path`
 * (docs/decisions/009).
 */
export async function refuseGuessablePassword(
  password: string,
  personal: readonly (string | null | undefined)[],
  path: string,
): Promise<void> {
  const { refusal } = (await passwordJudge())(password, personalWords(personal));
  if (refusal) throw new HttpError(400, refusal, { errors: [{ path, message: refusal }] });
}
