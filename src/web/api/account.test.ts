import { describe, expect, it } from 'vitest';
import { attachmentFileName } from './account.js';

describe('the name of a downloaded journal', () => {
  it('is the one the server gives', () => {
    expect(
      attachmentFileName(
        'attachment; filename="threefold-path-journal-2026-11-22.md"',
        'fallback.md',
      ),
    ).toBe('threefold-path-journal-2026-11-22.md');
    expect(
      attachmentFileName("attachment; filename*=UTF-8''journal%20copy.json", 'fallback.json'),
    ).toBe('journal copy.json');
  });

  it('falls back when the server gives none', () => {
    expect(attachmentFileName(null, 'fallback.json')).toBe('fallback.json');
    expect(attachmentFileName('attachment', 'fallback.json')).toBe('fallback.json');
  });
});
