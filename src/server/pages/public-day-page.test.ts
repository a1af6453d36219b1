import { describe, expect, it } from 'vitest';
import { escapeHtml, firstParagraph, previewDescription } from './public-day-page.js';

describe("the text of a day's public page", () => {
  it('escapes every character that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('takes the explanation up to its first blank line, a line of spaces counting as blank', () => {
    expect(firstParagraph('One.\nStill one.\n\nTwo.')).toBe('One.\nStill one.');
    expect(firstParagraph('One.\n  \t\nTwo.')).toBe('One.');
    expect(firstParagraph('Only one.')).toBe('Only one.');
  });

  it('finds the paragraph in time proportional to the text, however its spaces fall', () => {
    const awkward = `${'\n '.repeat(100_000)}x`;
    const started = performance.now();
    firstParagraph(awkward);
    firstParagraph(`a${'\n'.padEnd(200_000, ' ')}b`);
    // Milliseconds in linear time, even on a busy machine; a pass that went back over the text
    // would take billions of steps, far beyond this bound.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("describes a day by its stanza's first lines, cut between words", () => {
    expect(previewDescription('Good is the thought,\ngood the word.')).toBe(
      'Good is the thought, good the word.',
    );
    const long = previewDescription(Array.from({ length: 60 }, (_, i) => `word${i}`).join(' '));
    expect(long.length).toBeLessThanOrEqual(201);
    expect(long).toMatch(/ word\d+\u2026$/);
  });
});
