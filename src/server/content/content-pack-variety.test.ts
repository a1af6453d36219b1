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
      // Two, three or four paragraphs in turn, as the stanzas need.
      explanation: ['a', 'b', 'c', 'd']
        .slice(0, 2 + (day % 3))
        .map((p) => words(40, `${p}${day}w`))
        .join('\n\n'),
      reflectionPrompt: `${words(8, `p${day}w`)}?`,
    };
  });
}

const twoPart = (day: number) => `Who needs n${day}, and could you give g${day} today?`;
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
    for (const r of readings.slice(0, 5)) r.reflectionPrompt = `Could you r${r.day} rest?`;
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

  it('fails a six-word phrase repeated on three days, and warns when two days share one', () => {
    const stock = 'and this is what could be said';
    const readings = varied(20);
    readings[2]!.explanation += ` ${stock}`;
    readings[11]!.reflectionPrompt = `${stock}?`;
    let report = checkVariety(readings);
    expect(report.errors).toEqual([]);
    expect(report.warnings).toEqual(['"and this is what could be…" is shared by days 3, 12']);

    readings[17]!.explanation += ` ${stock.toUpperCase()}.`;
    report = checkVariety(readings);
    expect(report.errors).toEqual([
      `"and this is what could be" is repeated on 3 days (at most ${VARIETY_LIMITS.stockRunDays - 1}): days 3, 12, 18`,
    ]);
  });

  it('counts a phrase only inside one sentence, and never across or within a glossed name', () => {
    const readings = varied(20);
    for (const day of [2, 5, 9]) {
      readings[day - 1]!.explanation += ` one two three. Four five six ${day}.`;
      readings[day - 1]!.explanation +=
        ` Through Good Mind (Vohu Manah) and the soul of the Cow (Geush Urvan) he asks.`;
      readings[day - 1]!.reflectionPrompt =
        `What does the Wise Lord ask of those who keep Asha near ${day}?`;
    }
    expect(checkVariety(readings, ['Vohu Manah', 'Geush Urvan', 'Asha']).errors).toEqual([]);

    // Without the glossary, the Avestan names are ordinary words and the gloss recurs.
    expect(checkVariety(readings).errors.join('\n')).toMatch(
      /"ask of those who keep asha" is repeated on 3 days/,
    );
  });

  it('fails when more explanations than the share allows have one number of paragraphs', () => {
    const readings = varied(10);
    expect(checkVariety(readings).errors).toEqual([]);
    const threeParagraphs = (day: number) =>
      ['e', 'f', 'g'].map((p) => words(40, `${p}${day}w`)).join('\n\n');
    // Days 1, 4, 7 and 10 have three paragraphs already; two more make six of ten.
    for (const day of [2, 3]) readings[day - 1]!.explanation = threeParagraphs(day);
    expect(checkVariety(readings).errors).toEqual([]);

    readings[4]!.explanation = threeParagraphs(5);
    expect(checkVariety(readings).errors).toEqual([
      '7 of 10 explanations have 3 paragraphs (at most 6 may share a count): days 1, 2, 3, 4, 5, 7, 10',
    ]);
  });

  it('fails when more than the share of prompts say "today"', () => {
    const readings = varied(10);
    for (const r of readings.slice(0, 4))
      r.reflectionPrompt = `Today m${r.day} what will you mend?`;
    expect(checkVariety(readings).errors).toEqual([]);

    readings[4]!.reflectionPrompt = 'Today, who needs you?';
    expect(checkVariety(readings).errors).toEqual([
      '5 of 10 prompts say "today" (at most 4): days 1, 2, 3, 4, 5',
    ]);
  });

  it('fails a four-word prompt opening used on more than three days, wherever they fall', () => {
    const readings = varied(100);
    for (const day of [3, 40, 77])
      readings[day - 1]!.reflectionPrompt = `What is one thing ${day}?`;
    expect(checkVariety(readings).errors).toEqual([]);

    readings[98]!.reflectionPrompt = 'What is one thing, at the end?';
    expect(checkVariety(readings).errors).toEqual([
      '4 prompts open "what is one thing …" (at most 3): days 3, 40, 77, 99',
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
    for (const r of readings.slice(0, 6)) r.reflectionPrompt = `Could you r${r.day} rest?`;
    expect(checkEditorialRules(readings)).toContain(
      '6 of 10 prompts ask "could you" (at most 5): days 1, 2, 3, 4, 5, 6',
    );
  });
});
