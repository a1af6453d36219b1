import { describe, expect, it } from 'vitest';
import { searchTerms, snippetOf, SNIPPET_LENGTH, wordStem } from './search-text.js';

const marked = ({ snippet, highlights }: ReturnType<typeof snippetOf>) =>
  highlights.map(([start, end]) => snippet.slice(start, end));

describe('searchTerms', () => {
  it('keeps letters and digits, folded, each once, and drops search syntax', () => {
    expect(searchTerms('  Truth AND "truth" NEAR( Aša* 44.3 ')).toEqual([
      'truth',
      'and',
      'near',
      'asa',
      '44',
      '3',
    ]);
    expect(searchTerms('" * ( ) -')).toEqual([]);
  });
});

describe('wordStem', () => {
  it('gives one stem to the forms of a word', () => {
    expect(['truth', 'truths', 'truthful', 'Truthfulness'].map(wordStem)).toEqual([
      'truth',
      'truth',
      'truth',
      'truth',
    ]);
    expect(wordStem('is')).toBe('is');
  });
});

describe('snippetOf', () => {
  it('marks every form of the words, with ranges into the plain snippet', () => {
    const result = snippetOf('Truth, and the truthful\n\nwho love   truths.', ['truth']);
    expect(result.snippet).toBe('Truth, and the truthful who love truths.');
    expect(marked(result)).toEqual(['Truth', 'truthful', 'truths']);
  });

  it('keeps a bounded window around the first match, cut at words, with ellipses', () => {
    const text = `${'word '.repeat(100)}the lantern shone ${'after '.repeat(100)}`;
    const result = snippetOf(text, ['lantern']);
    expect(result.snippet.startsWith('…word')).toBe(true);
    expect(result.snippet.endsWith('…')).toBe(true);
    expect(result.snippet.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(marked(result)).toEqual(['lantern']);
    // The window never begins inside a word.
    const inside = snippetOf(`${'x'.repeat(150)} longword ${'y '.repeat(20)}follower of Truth`, [
      'truth',
    ]);
    expect(inside.snippet).toMatch(/^…(y|follower|longword) /);
  });

  it('shows the beginning with no highlights when nothing matches, and never HTML', () => {
    expect(snippetOf('<b>bold</b> words', ['absent'])).toEqual({
      snippet: '<b>bold</b> words',
      highlights: [],
    });
    expect(snippetOf('', ['x'])).toEqual({ snippet: '', highlights: [] });
  });

  it('counts an emoji as one character of a word boundary and keeps ranges right after it', () => {
    const result = snippetOf('🌞 Aša is the order', ['asa']);
    expect(marked(result)).toEqual(['Aša']);
  });

  it('takes time linear in the text', () => {
    const long = 'a'.repeat(200_000);
    const started = performance.now();
    snippetOf(`${long} truth ${long}`, ['truth', 'a'.repeat(200)]);
    // Milliseconds in linear time, even on a busy machine; a pass that went back over the text
    // would take billions of steps, far beyond this bound.
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
