import fc from 'fast-check';

/** Strings that have broken other apps: SQL and HTML injection, template and path tricks. */
export const injectionStrings = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; SELECT * FROM sessions',
  "admin'--",
  "%' OR 1=1 --",
  "x' UNION SELECT password_hash, token_hash FROM users, sessions --",
  '1) OR (1=1',
  '\\',
  "\\'",
  '%_%',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  '{{7*7}}',
  '${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '{"$gt":""}',
  '__proto__',
  'constructor',
] as const;

/** Unicode that text handling gets wrong: joiners, direction marks, combining runs, NUL. */
export const awkwardUnicode = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\u200b',
  '\u202eevil',
  '\ufeff',
  '\ud800',
  'x\udfffy',
  '👨‍👩‍👧‍👦',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'ﷺ',
  'אבג عربى 中文 हिन्दी',
  '\u00e9 vs e\u0301',
] as const;

/** Big values, built once: at, just over and far over the limits. */
export const hugeStrings = [
  'x'.repeat(128),
  'x'.repeat(129),
  'x'.repeat(20_000),
  'x'.repeat(20_001),
  'é'.repeat(20_000),
  '😀'.repeat(10_001),
] as const;

/** Any text a person or an attacker might type, from everyday to hostile. */
export function anyText(extra: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 4 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 2 },
    { arbitrary: fc.constantFrom(...injectionStrings), weight: 3 },
    { arbitrary: fc.constantFrom(...awkwardUnicode), weight: 2 },
    { arbitrary: fc.constantFrom(...hugeStrings), weight: 1 },
    ...(extra.length ? [{ arbitrary: fc.constantFrom(...extra), weight: 2 }] : []),
  );
}

/** A JSON value of any shape, with the hostile strings mixed in. */
export function anyJson(extra: readonly string[] = []): fc.Arbitrary<unknown> {
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      anyText(extra),
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }),
    ),
  }));
  return value;
}

/** Text that is safe inside a URL: generated text percent-encoded, plus raw escapes. */
export function urlPart(extra: readonly string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: anyText(extra).map(encodeForUrl), weight: 5 },
    {
      arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', '%2F', '..', '%2e%2e'),
      weight: 1,
    },
  );
}

export function encodeForUrl(text: string): string {
  try {
    return encodeURIComponent(text.slice(0, 300));
  } catch {
    // A lone surrogate cannot be encoded; send the bytes a broken client would.
    return '%ED%A0%80';
  }
}

/** A header value Node accepts on the wire: printable Latin-1, no line breaks. */
export function headerText(maxLength = 60): fc.Arbitrary<string> {
  return fc.string({
    unit: fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0xa0, max: 0xff }).map((c) => String.fromCharCode(c)),
    ),
    maxLength,
  });
}

/** Request bodies that are not JSON at all, or JSON that parsers choke on. */
export const brokenBodies = [
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '{"a":1}}',
  "{'a':1}",
  '{"a":1,}',
  '\ufeff{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"just a string"',
  '12345678901234567890123456789',
  '[]',
  'null',
  'true',
  '['.repeat(20_000) + ']'.repeat(20_000),
  `{"entryText":"${'y'.repeat(70_000)}"}`,
] as const;
