import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressedStretch, gzipOfStretches, storedStretch } from './spliced-gzip.js';

describe('a gzip answer spliced from stretches compressed apart', () => {
  it('decompresses to the texts one after another, in order', () => {
    const kept = compressedStretch(`<main>${'the stanza of the day '.repeat(200)}`);
    const own = storedStretch('RD – Roxana’s own');
    const end = compressedStretch(`${'</div>'.repeat(50)}</main>`);
    const answer = gzipOfStretches([kept, own, end, own]);
    expect(zlib.gunzipSync(answer).toString()).toBe(
      `<main>${'the stanza of the day '.repeat(200)}RD – Roxana’s own${'</div>'.repeat(50)}</main>RD – Roxana’s own`,
    );
    // The kept text is sent compressed, not as it is.
    expect(answer.length).toBeLessThan(kept.text.length / 4);
  });

  it('holds empty stretches and stored text longer than one stored block', () => {
    const long = 'x'.repeat(70_000) + 'end';
    const answer = gzipOfStretches([storedStretch(''), storedStretch(long), compressedStretch('')]);
    expect(zlib.gunzipSync(answer).toString()).toBe(long);
  });

  it('joins the checksum of stored text kept for many answers as it would read the text', () => {
    const kept = storedStretch('{"fullName":"Roxana Daryush"}', true);
    const once = storedStretch('{"fullName":"Roxana Daryush"}');
    expect(kept.checksum).toBeDefined();
    const page = compressedStretch(`<main>${'the stanza of the day '.repeat(200)}`);
    const answer = gzipOfStretches([page, kept, page, kept]);
    expect(answer).toEqual(gzipOfStretches([page, once, page, once]));
    expect(zlib.gunzipSync(answer).toString()).toBe(
      `<main>${'the stanza of the day '.repeat(200)}{"fullName":"Roxana Daryush"}`.repeat(2),
    );
  });
});
