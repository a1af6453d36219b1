import { z } from 'zod';
import { TOTAL_DAYS } from './constants.js';

export const DAY_NOT_FOUND = 'Day not found';

/** The largest id a row can have: ids are 32-bit integer columns on both databases. */
const MAX_ID = 2_147_483_647;
/** Digits only, with no sign or leading zero: '01', '1e3', '0x10', '1.5' and ' 1' name nothing. */
const positiveDigits = /^[1-9]\d{0,9}$/;

/**
 * A positive whole number from the address, at most `max`. A value that cannot name anything
 * fails with `notFound`: the server answers that as 404 (nothing lives at that address), the
 * same answer as for a well-formed id that names no record.
 */
function pathNumber(max: number, notFound: string) {
  return z
    .string({ error: notFound })
    .regex(positiveDigits, { error: notFound })
    .transform(Number)
    .pipe(z.number().max(max, { error: notFound }));
}

/** A record's id in the address; `notFound` is the 404's message, such as 'Friend not found'. */
export const pathId = (notFound: string) => pathNumber(MAX_ID, notFound);

/** A day of the cycle in the address, 1 to 241; any other value answers 404 'Day not found'. */
export const pathDay = pathNumber(TOTAL_DAYS, DAY_NOT_FOUND);
