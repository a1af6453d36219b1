import { describe, expect, it } from 'vitest';
import { terminalSafe } from './terminal-text.js';

describe('terminalSafe', () => {
  it('leaves ordinary text, accents and other scripts as they are', () => {
    const text = 'Good thoughts, good words — Ahura Mazdā, اهورامزدا, 善思 🙏';
    expect(terminalSafe(text)).toBe(text);
  });

  it('writes every C0 control, DEL and C1 control as a visible escape', () => {
    expect(terminalSafe('a\u001b[2Jb')).toBe('a\\x1B[2Jb');
    expect(terminalSafe('line\nfake\rover\tx\u0008\u0000')).toBe(
      'line\\nfake\\rover\\tx\\x08\\x00',
    );
    expect(terminalSafe('\u007f\u0080\u009b31m\u009d0;title\u0007')).toBe(
      '\\x7F\\x80\\x9B31m\\x9D0;title\\x07',
    );
    for (let code = 0; code < 0x20; code += 1) {
      expect(terminalSafe(String.fromCharCode(code))).toMatch(/^\\/);
    }
    for (let code = 0x7f; code < 0xa0; code += 1) {
      expect(terminalSafe(String.fromCharCode(code))).toMatch(/^\\x[0-9A-F]{2}$/);
    }
  });

  it('shows bidirectional overrides and isolates instead of letting them reorder the line', () => {
    expect(terminalSafe('abc\u202Efed\u202C \u2066x\u2069 \u200F\u061C')).toBe(
      'abc\\u{202E}fed\\u{202C} \\u{2066}x\\u{2069} \\u{200F}\\u{61C}',
    );
    expect(terminalSafe('a\u2028b')).toBe('a\\u{2028}b');
  });

  it('doubles a backslash, so an escape typed by the writer reads apart from a real one', () => {
    expect(terminalSafe('typed \\x1B, real \u001b')).toBe('typed \\\\x1B, real \\x1B');
  });

  it('takes time in proportion to the text', () => {
    const long = '\u001b'.repeat(200_000) + 'x'.repeat(200_000);
    const started = performance.now();
    expect(terminalSafe(long)).toHaveLength(200_000 * 4 + 200_000);
    // Milliseconds in linear time, even on a busy machine; a pass that went back over the text
    // would take billions of steps, far beyond this bound.
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
