import { describe, expect, it } from 'vitest';
import {
  DEFAULT_READING_COMFORT,
  parseReadingComfort,
  READING_COMFORT_KEY,
  READING_COMFORT_SCRIPT,
} from './reading-comfort.js';

/** Runs the head script against a stored value and a page with the two theme-color metas. */
function runHeadScript(stored: string | null) {
  const attributes = new Map<string, string>();
  const metas = ['light', 'dark'].map((scheme) => {
    const meta = new Map([
      ['data-scheme', scheme],
      ['media', `(prefers-color-scheme: ${scheme})`],
    ]);
    return {
      getAttribute: (name: string) => meta.get(name) ?? null,
      setAttribute: (name: string, value: string) => meta.set(name, value),
      media: () => meta.get('media'),
    };
  });
  const root = {
    style: { fontSize: '' },
    setAttribute: (name: string, value: string) => attributes.set(name, value),
  };
  const document = {
    documentElement: root,
    querySelectorAll: () => metas,
  };
  const localStorage = {
    getItem: (key: string) => (key === READING_COMFORT_KEY ? stored : null),
  };
  new Function('document', 'localStorage', READING_COMFORT_SCRIPT)(document, localStorage);
  return {
    fontSize: root.style.fontSize,
    theme: attributes.get('data-theme'),
    media: metas.map((meta) => meta.media()),
  };
}

describe('reading comfort', () => {
  it('reads a stored choice and defaults what is missing or unknown', () => {
    expect(parseReadingComfort(JSON.stringify({ textSize: 'larger', theme: 'dark' }))).toEqual({
      textSize: 'larger',
      theme: 'dark',
    });
    expect(parseReadingComfort(JSON.stringify({ textSize: 'huge', theme: 'dark' }))).toEqual({
      textSize: 'standard',
      theme: 'dark',
    });
    expect(parseReadingComfort('not json')).toEqual(DEFAULT_READING_COMFORT);
    expect(parseReadingComfort('null')).toEqual(DEFAULT_READING_COMFORT);
    expect(parseReadingComfort(null)).toEqual(DEFAULT_READING_COMFORT);
  });

  it('the head script sets the text size and theme before the page is painted', () => {
    const applied = runHeadScript(JSON.stringify({ textSize: 'largest', theme: 'dark' }));
    expect(applied.fontSize).toBe('150%');
    expect(applied.theme).toBe('dark');
    // The browser's bar takes the dark colour whatever the system says.
    expect(applied.media).toEqual(['not all', 'all']);
  });

  it('the head script leaves the page to the system when nothing or nonsense is stored', () => {
    for (const stored of [null, 'null', '{', '5', JSON.stringify({ textSize: 'constructor' })]) {
      const applied = runHeadScript(stored);
      expect(applied.theme).toBeUndefined();
      expect(applied.media).toEqual([
        '(prefers-color-scheme: light)',
        '(prefers-color-scheme: dark)',
      ]);
      expect(applied.fontSize).toBe('');
    }
  });
});
