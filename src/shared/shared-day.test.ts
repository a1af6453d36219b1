import { describe, expect, it } from 'vitest';
import { dayShare, landingHrefForDay, publicDayHref, sharedDayFrom } from './shared-day.js';

describe('sharedDayFrom', () => {
  it('reads a day of the cycle', () => {
    expect(sharedDayFrom('1')).toBe(1);
    expect(sharedDayFrom('87')).toBe(87);
    expect(sharedDayFrom('241')).toBe(241);
  });

  it('names no day for anything else, so nothing but a day can steer the sign-up', () => {
    for (const value of [
      null,
      undefined,
      '',
      '0',
      '242',
      '999',
      '01',
      '-1',
      '1.5',
      '1e2',
      ' 5',
      '5 ',
      '//evil.example',
      'https://evil.example/',
      '87/../../x',
      '87?next=//evil.example',
    ]) {
      expect(sharedDayFrom(value), String(value)).toBeNull();
    }
  });
});

describe('addresses of a shared day', () => {
  it('builds the landing and the public page from the day alone', () => {
    expect(landingHrefForDay(87)).toBe('/landing?day=87');
    expect(publicDayHref(87)).toBe('/read/87');
    expect(publicDayHref('today')).toBe('/read/today');
  });
});

describe('dayShare', () => {
  it("shares the day's public page at an absolute address, named by its stanza", () => {
    expect(dayShare(34, 'Yasna 29.1', 'https://gathas.example')).toEqual({
      title: 'Yasna 29.1 \u2014 The Threefold Path',
      text: 'Yasna 29.1: a stanza of the Gathas of Zarathushtra, one for each day.',
      url: 'https://gathas.example/read/34',
    });
  });

  it('names the day while its stanza is not known yet', () => {
    expect(dayShare(5, null, 'http://127.0.0.1:3000').text).toMatch(/^Day 5: /);
  });
});
