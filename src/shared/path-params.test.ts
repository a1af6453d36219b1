import { describe, expect, it } from 'vitest';
import { DAY_NOT_FOUND, pathDay, pathId } from './path-params.js';

const entryId = pathId('Journal entry not found');
const failure = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message);

describe('an id in the address', () => {
  it('reads a positive whole number up to the largest database id', () => {
    expect(entryId.parse('1')).toBe(1);
    expect(entryId.parse('2147483647')).toBe(2_147_483_647);
  });

  it.each(['0', '-1', '01', '1e3', '0x10', '1.5', ' 1', '', 'abc', '2147483648', '9'.repeat(20)])(
    'names nothing for %j, with the route’s own message',
    (value) => {
      expect(failure(entryId.safeParse(value))).toEqual(['Journal entry not found']);
    },
  );
});

describe('a day in the address', () => {
  it('reads 1 to 241', () => {
    expect(pathDay.parse('1')).toBe(1);
    expect(pathDay.parse('241')).toBe(241);
  });

  it.each(['0', '242', '1.5', 'today', '07'])('is not found for %j', (value) => {
    expect(failure(pathDay.safeParse(value))).toEqual([DAY_NOT_FOUND]);
  });
});
