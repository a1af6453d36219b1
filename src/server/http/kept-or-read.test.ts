import { describe, expect, it } from 'vitest';
import { sendKeptOrRead } from './kept-or-read.js';

describe('sendKeptOrRead', () => {
  it('sends a kept value before returning, reading nothing', () => {
    const sent: unknown[] = [];
    let reads = 0;
    const waiting = sendKeptOrRead(
      null,
      async () => {
        reads += 1;
        return 'read';
      },
      (value) => sent.push(value),
    );
    expect(waiting).toBeUndefined();
    expect(sent).toEqual([null]);
    expect(reads).toBe(0);
  });

  it('reads what is not kept and sends it once read', async () => {
    const sent: string[] = [];
    const waiting = sendKeptOrRead<string>(
      undefined,
      async () => 'read',
      (value) => sent.push(value),
    );
    expect(sent).toEqual([]);
    await waiting;
    expect(sent).toEqual(['read']);
  });
});
