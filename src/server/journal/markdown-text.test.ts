import { describe, expect, it } from 'vitest';
import { markdownBody, markdownInline } from './markdown-text.js';

describe('markdownInline', () => {
  it('escapes what would make a link, an image, emphasis, code or HTML', () => {
    expect(markdownInline('Eve [click](https://evil.test) ![x](y) *b* _i_ `c`')).toBe(
      'Eve \\[click\\](https://evil.test) !\\[x\\](y) \\*b\\* \\_i\\_ \\`c\\`',
    );
    expect(markdownInline('<img src=x onerror=alert(1)> &lt; a|b ~~s~~ #1 \\')).toBe(
      '\\<img src=x onerror=alert(1)\\> \\&lt; a\\|b \\~\\~s\\~\\~ \\#1 \\\\',
    );
  });

  it('keeps a name on one line', () => {
    expect(markdownInline('Zoë\n# Forged\r\nheading\u2028x\tz')).toBe(
      'Zoë \\# Forged  heading x z',
    );
  });

  it('leaves ordinary text as it is', () => {
    expect(markdownInline('Ašəm vohū — 真実は最善の善 🌅, “quoted” (1.5) 50% - ok!')).toBe(
      'Ašəm vohū — 真実は最善の善 🌅, “quoted” (1.5) 50% - ok!',
    );
  });
});

describe('markdownBody', () => {
  it('keeps the lines and escapes a heading at the start of any of them', () => {
    expect(markdownBody('First\n# not a heading\n  ## nor this')).toBe(
      'First\n\\# not a heading\n\u00a0\u00a0\\#\\# nor this',
    );
  });

  it('never starts a list, a quote, a heading underline or a rule', () => {
    expect(
      markdownBody('Title\n===\n- item\n+ item\n* item\n12. item\n3) item\n> quote\n---'),
    ).toBe('Title\n\\===\n\\- item\n\\+ item\n\\* item\n12\\. item\n3\\) item\n\\> quote\n\\---');
  });

  it('never opens a code block, fenced or indented', () => {
    expect(markdownBody('```\n~~~\n    code\n\tcode')).toBe(
      '\\`\\`\\`\n\\~\\~\\~\n\u00a0\u00a0\u00a0\u00a0code\n\u00a0\u00a0\u00a0\u00a0code',
    );
  });

  it('reads \\r\\n and \\r as line breaks, and keeps blank lines blank', () => {
    expect(markdownBody('a\r\n#b\r#c\n   \n\nd')).toBe('a\n\\#b\n\\#c\n\n\nd');
  });

  it('takes time in proportion to the text, however many blank lines it holds', () => {
    const hostile = `x${'\n'.repeat(200_000)}x`;
    const started = performance.now();
    const out = markdownBody(hostile);
    // Milliseconds in linear time, even on a busy machine; a pass that went back over the text
    // would take billions of steps, far beyond this bound.
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(out).toBe(hostile);
  });
});
