import { describe, expect, it } from 'vitest';
import {
  EMPTY_REFLECTION,
  type ReflectionValues,
  mergeReflections,
  sameReflection,
  sameValues,
  valuesOf,
} from './reflection-versions.js';

const form = (overrides: Partial<ReflectionValues>): ReflectionValues => ({
  ...EMPTY_REFLECTION,
  ...overrides,
});

describe('valuesOf', () => {
  it('reads the three parts and the sharing, or an empty private form', () => {
    expect(
      valuesOf({ entryText: '{"thoughts":"t","words":"w","deeds":"d"}', isPublic: true }),
    ).toEqual({
      thoughts: 't',
      words: 'w',
      deeds: 'd',
      isPublic: true,
      sharedParts: ['thoughts', 'words', 'deeds'],
      circleIds: [],
    });
    expect(
      valuesOf({ entryText: '{"words":"w"}', isPublic: true, sharedParts: ['deeds', 'words'] })
        .sharedParts,
    ).toEqual(['words', 'deeds']);
    expect(valuesOf(null)).toEqual(EMPTY_REFLECTION);
    expect(valuesOf({ entryText: 'plain older text', isPublic: false }).thoughts).toBe(
      'plain older text',
    );
  });
});

describe('sameValues and sameReflection', () => {
  it('tells forms apart by any part or the sharing', () => {
    expect(sameValues(form({ words: 'a' }), form({ words: 'a' }))).toBe(true);
    expect(sameValues(form({ words: 'a' }), form({ words: 'a ' }))).toBe(false);
    expect(sameValues(form({}), form({ isPublic: true }))).toBe(false);
    expect(sameValues(form({}), form({ sharedParts: ['words'] }))).toBe(false);
  });

  it('compares stored versions as a save would store them, trimmed', () => {
    const a = { entryText: '{"thoughts":" t ","words":"","deeds":""}', isPublic: true };
    const b = { entryText: '{"thoughts":"t","words":"","deeds":""}', isPublic: true };
    expect(sameReflection(a, b)).toBe(true);
    expect(sameReflection(a, { ...b, isPublic: false })).toBe(false);
    expect(sameReflection(a, { ...b, entryText: '{"thoughts":"u","words":"","deeds":""}' })).toBe(
      false,
    );
  });
});

describe('mergeReflections', () => {
  const base = form({ thoughts: 'base t', words: 'base w', deeds: 'base d', isPublic: true });

  it('takes each part from the side that changed it', () => {
    const saved = { ...base, thoughts: 'laptop t' };
    const mine = { ...base, words: 'phone w' };
    expect(mergeReflections(saved, mine, base)).toEqual({
      ...base,
      thoughts: 'laptop t',
      words: 'phone w',
    });
  });

  it('keeps a part the device cleared when the saved side left it alone', () => {
    expect(mergeReflections(base, { ...base, deeds: '' }, base).deeds).toBe('');
  });

  it('keeps both texts, the saved one first, where both sides changed a part', () => {
    const merged = mergeReflections(
      { ...base, thoughts: 'laptop t' },
      { ...base, thoughts: 'phone t' },
      base,
    );
    expect(merged.thoughts).toBe('laptop t\n\nphone t');
  });

  it('keeps one text where it already holds the other, and never drops a non-empty one', () => {
    expect(
      mergeReflections(
        { ...base, thoughts: 'laptop t, longer' },
        { ...base, thoughts: 'laptop t' },
        base,
      ).thoughts,
    ).toBe('laptop t, longer');
    expect(
      mergeReflections({ ...base, words: '' }, { ...base, words: 'phone w' }, base).words,
    ).toBe('phone w');
    expect(
      mergeReflections({ ...base, words: 'laptop w' }, { ...base, words: '' }, base).words,
    ).toBe('laptop w');
  });

  it('with no known starting point, keeps every non-empty part of both sides', () => {
    const saved = form({ thoughts: 'saved t', words: 'saved w', isPublic: true });
    const mine = form({ thoughts: 'typed offline', isPublic: false });
    expect(mergeReflections(saved, mine, null)).toEqual({
      thoughts: 'saved t\n\ntyped offline',
      words: 'saved w',
      deeds: '',
      isPublic: true,
      sharedParts: ['thoughts', 'words', 'deeds'],
      circleIds: [],
    });
  });

  it("keeps the saved side's circles unless only the device changed them", () => {
    const began = form({ circleIds: [2] });
    expect(mergeReflections(began, form({ circleIds: [3, 2] }), began).circleIds).toEqual([2, 3]);
    expect(
      mergeReflections(form({ circleIds: [4] }), form({ circleIds: [3] }), began).circleIds,
    ).toEqual([4]);
    expect(valuesOf({ entryText: '', isPublic: false, circleIds: [5, 1, 5] }).circleIds).toEqual([
      1, 5,
    ]);
  });

  it("keeps the saved side's sharing unless only the device changed it", () => {
    expect(mergeReflections(base, { ...base, isPublic: false }, base).isPublic).toBe(false);
    expect(
      mergeReflections({ ...base, isPublic: false }, { ...base, isPublic: true }, base).isPublic,
    ).toBe(false);
    const wasPrivate = { ...base, isPublic: false };
    expect(
      mergeReflections({ ...base, isPublic: true }, { ...base, isPublic: false }, wasPrivate)
        .isPublic,
    ).toBe(true);
    expect(mergeReflections(base, { ...base, isPublic: false }, null).isPublic).toBe(true);
  });

  it("keeps the saved side's shared parts unless only the device chose others", () => {
    const onlyWords = { ...base, sharedParts: ['words' as const] };
    expect(mergeReflections(base, onlyWords, base).sharedParts).toEqual(['words']);
    const onlyDeeds = { ...base, sharedParts: ['deeds' as const] };
    expect(mergeReflections(onlyDeeds, onlyWords, base).sharedParts).toEqual(['deeds']);
    expect(mergeReflections(onlyDeeds, base, base).sharedParts).toEqual(['deeds']);
    expect(mergeReflections(base, onlyWords, null).sharedParts).toEqual([
      'thoughts',
      'words',
      'deeds',
    ]);
  });
});
