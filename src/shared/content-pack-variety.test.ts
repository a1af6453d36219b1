import { describe, expect, it } from 'vitest';
import { type Reading, checkEditorialRules } from './content-pack.js';
import { VARIETY_LIMITS, checkVariety } from './content-pack-variety.js';

const words = (n: number, seed: string) =>
  Array.from({ length: n }, (_, i) => `${seed}${i}`).join(' ');

/** Days whose every text is made of words no other day uses, so no pattern is shared. */
function varied(count: number): Reading[] {
  return Array.from({ length: count }, (_, i) => {
    const day = i + 1;
    return {
      day,
      reference: `Yasna 28.${day}`,
      songNumber: 28,
      stanzas: [day],
      songTitle: 'Ahunavaiti',
      thought: words(40, `t${day}w`),
      explanation: `${words(60, `a${day}w`)}\n\n${words(60, `b${day}w`)}`,
      reflectionPrompt: `${words(8, `p${day}w`)}?`,
    };
  });
}

const twoPart = (day: number) => `Who needs help near you${day}, and could you give it today?`;
const closingTheStanza = (day: number) =>
  `${words(60, `a${day}w`)}\n\nThe stanza ${words(60, `b${day}w`)}`;

describe('the variety check', () => {
  it('passes days that share no pattern, with nothing to warn about', () => {
    expect(checkVariety(varied(241))).toEqual({ errors: [], warnings: [] });
  });

  it('fails more two-part "…, and could (can, will) you …" prompts than the limit, naming their days', () => {
    const readings = varied(241);
    const spread = readings.filter((r) => r.day % 4 === 1).slice(0, 61);
    for (const r of spread) r.reflectionPrompt = twoPart(r.day);
    const errors = checkVariety(readings).errors.join('\n');
    expect(errors).toMatch(/61 prompts have the two-part shape .* \(at most 60\): days 1, 5, 9,/);

    spread[60]!.reflectionPrompt = 'A plain question?';
    expect(checkVariety(readings).errors).toEqual([]);
  });

  it('fails more than three two-part prompts in seven days, and counts can and will alike', () => {
    const readings = varied(30);
    readings[9]!.reflectionPrompt = 'What is broken near you, and can you mend it?';
    readings[10]!.reflectionPrompt = 'Who is tired, and will you sit with them?';
    readings[12]!.reflectionPrompt = twoPart(13);
    expect(checkVariety(readings).errors).toEqual([]);

    readings[15]!.reflectionPrompt = twoPart(16);
    expect(checkVariety(readings).errors).toEqual([
      'more than 3 two-part prompts "…, and could (can, will) you …" within seven days: days 10, 11, 13, 16',
    ]);

    readings[15]!.reflectionPrompt = 'A plain question?';
    readings[16]!.reflectionPrompt = twoPart(17);
    expect(checkVariety(readings).errors).toEqual([]);
  });

  it('fails when more than half the prompts ask "could you"', () => {
    const readings = varied(10);
    for (const r of readings.slice(0, 5)) r.reflectionPrompt = `Could you rest on day ${r.day}?`;
    expect(checkVariety(readings).errors).toEqual([]);

    readings[5]!.reflectionPrompt = 'What could you mend today?';
    expect(checkVariety(readings).errors).toEqual([
      '6 of 10 prompts ask "could you" (at most 5): days 1, 2, 3, 4, 5, 6',
    ]);
  });

  it('fails more closing paragraphs opening "The stanza" than the limit, and only closings count', () => {
    const readings = varied(100);
    for (const r of readings.slice(0, 24)) r.explanation = closingTheStanza(r.day);
    readings[30]!.explanation = `The stanza ${words(60, 'x')}\n\n${words(60, 'y')}`;
    const report = checkVariety(readings);
    expect(report.errors).toEqual([]);
    expect(report.warnings.join('\n')).toMatch(
      /closing paragraphs opening "The stanza": days 1, 2,/,
    );

    readings[40]!.explanation = closingTheStanza(41);
    expect(checkVariety(readings).errors.join('\n')).toMatch(
      /25 closing paragraphs open "The stanza" \(at most 24\): days 1, .*, 24, 41$/,
    );
  });

  it('fails a stock sentence repeated on three days, and warns when two days share one', () => {
    const stock = 'and this is what could be said or done today';
    const readings = varied(20);
    readings[2]!.explanation += ` ${stock}`;
    readings[11]!.reflectionPrompt = `${stock}?`;
    let report = checkVariety(readings);
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual([
      '"and this is what could be said or…" is shared by days 3, 12',
    ]);

    readings[17]!.explanation += ` ${stock}.`;
    report = checkVariety(readings);
    expect(report.errors).toEqual([
      `"and this is what could be said or" is repeated on 3 days (at most ${VARIETY_LIMITS.stockRunDays - 1}): days 3, 12, 18`,
    ]);
  });

  it('lets the Gathas repeat their own refrains in explanations on any number of days', () => {
    const refrain = 'this I ask you tell me truly Lord';
    const readings = varied(10);
    readings[0]!.thought += `\n${refrain}.`;
    for (const r of readings.slice(1, 6)) r.explanation += ` ${words(3, `q${r.day}w`)} ${refrain}.`;
    expect(checkVariety(readings).errors).toEqual([]);
  });

  it('warns when three prompts in a week open with the same words', () => {
    const readings = varied(20);
    for (const day of [4, 6, 10])
      readings[day - 1]!.reflectionPrompt = `Is there one thing ${day}?`;
    expect(checkVariety(readings).warnings).toEqual([
      'prompts opening "is there …" three times within a week: days 4, 6, 10',
    ]);
  });

  it('makes the editorial rules fail a pack that slides back into one template', () => {
    const readings = varied(10);
    for (const r of readings.slice(0, 6)) r.reflectionPrompt = `Could you rest on day ${r.day}?`;
    expect(checkEditorialRules(readings)).toContain(
      '6 of 10 prompts ask "could you" (at most 5): days 1, 2, 3, 4, 5, 6',
    );
  });
});
