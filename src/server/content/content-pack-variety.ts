import type { Reading } from './content-pack.js';

/**
 * How far the readings may lean on one pattern before a daily reader feels a template
 * (content/README.md, "Variety"). A pack over any limit fails the content check.
 */
export const VARIETY_LIMITS = {
  /** Prompts of the two-part shape "…, and could you … today?" (or can, will) in the pack. */
  twoPartPrompts: 60,
  /** The same shape in any seven consecutive days. */
  twoPartPromptsPerWeek: 3,
  /** Share of prompts that ask "could you". */
  couldYouShare: 0.5,
  /** Explanations whose closing paragraph opens "The stanza". */
  closingsOpeningTheStanza: 24,
  /** A run of this many words, glossed names left out, repeated in explanations or prompts... */
  stockRunWords: 6,
  /** ...on this many days or more is a stock phrase, unless the Gathas themselves repeat it. */
  stockRunDays: 3,
  /** Share of explanations that may have the same number of paragraphs. */
  paragraphCountShare: 0.6,
  /** Share of prompts that may contain the word "today". */
  todayShare: 0.4,
  /** Words of a prompt's opening compared across days... */
  promptOpeningWords: 4,
  /** ...and the most days that may open with the same ones. */
  promptOpeningDays: 3,
} as const;

/**
 * The English names of the glossary's ideas (content/README.md, "English used here"), matched
 * with their capitals. With the glossary's own spellings they are the glossed names that a
 * stock phrase leaves out: "Good Mind (Vohu Manah)" may stand on any number of days.
 */
export const ENGLISH_NAMES = [
  'Wise Lord',
  'Truth',
  'Lie',
  'Good Mind',
  'Best Mind',
  'Worst Mind',
  'Evil Mind',
  'Devotion',
  'Power',
  'Wholeness',
  'Immortality',
  'bountiful spirit',
  'hostile spirit',
  'two spirits',
  'bounteous immortals',
  'soul of the Cow',
  'Fashioner of the Cow',
  'Bridge of the Separator',
  'House of Song',
  'House of the Lie',
  'House of Worst Mind',
  'Hearkening',
  'Reward',
  'Fire',
  'great fellowship',
] as const;

const WEEK = 7;
/** A question that names something and then asks, after ", and", what the reader will do. */
const twoPartPrompt = /,\s+and\s+(?:[\w'-]+\s+){0,4}(?:could|can|will)\s+you\b/i;
const couldYou = /\bcould you\b/i;
const closingTheStanza = /^The stanza\b/;

export interface VarietyReport {
  /** Limits exceeded: the pack must not ship. */
  errors: string[];
  /** Patterns within the limits, with their days, for an editor to keep an eye on. */
  warnings: string[];
}

/** Lower case, curly apostrophes straight; a word is a run of letters, digits and apostrophes. */
const words = (text: string) =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .match(/[\p{L}\p{N}']+/gu) ?? [];

const escapeLiteral = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const literalPattern = (names: readonly string[], flags: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${
      [...names]
        .sort((a, b) => b.length - a.length)
        .map(escapeLiteral)
        .join('|') || '(?!)'
    })(?![\\p{L}\\p{N}])`,
    flags,
  );

/**
 * What takes the glossed names out of a text, so that a phrase is judged by the words around
 * them: the glossary's spellings in any case, the English names with their capitals. Each name
 * becomes a sentence break, so the words on either side of it never join into one run.
 */
function nameRemover(glossarySpellings: readonly string[]) {
  const spellings = literalPattern(glossarySpellings, 'giu');
  const englishNames = literalPattern(ENGLISH_NAMES, 'gu');
  return (text: string) => text.replace(spellings, ' | ').replace(englishNames, ' | ');
}

/** The runs of `length` words inside each stretch between sentence marks or names. */
function runsOf(text: string, length: number): Set<string> {
  const runs = new Set<string>();
  for (const stretch of text.split(/[.!?;:|()[\]"“”—–]|\n/)) {
    const list = words(stretch);
    for (let i = 0; i + length <= list.length; i++) runs.add(list.slice(i, i + length).join(' '));
  }
  return runs;
}

const paragraphsOf = (explanation: string) => explanation.trim().split(/\n\s*\n/);

const closingParagraph = (explanation: string) => paragraphsOf(explanation).at(-1)?.trim() ?? '';

const dayList = (days: number[]) => days.join(', ');

/**
 * Stretches of the calendar where more than `max` of `days` fall within seven consecutive days;
 * overlapping crowded weeks are merged, so each stretch is named once with all its days.
 */
function crowdedStretches(days: number[], max: number): number[][] {
  const stretches: number[][] = [];
  for (let i = 0; i + max < days.length; i++) {
    const window = days.slice(i, i + max + 1);
    if ((window.at(-1) ?? 0) - (window[0] ?? 0) >= WEEK) continue;
    const last = stretches.at(-1);
    if (last && last.includes(window[0] ?? 0))
      stretches[stretches.length - 1] = [...new Set([...last, ...window])];
    else stretches.push(window);
  }
  return stretches;
}

function checkPromptShapes(readings: Reading[], report: VarietyReport) {
  const prompts = readings.map((r) => ({ day: r.day, text: r.reflectionPrompt ?? '' }));
  const twoPart = prompts.filter((p) => twoPartPrompt.test(p.text)).map((p) => p.day);
  if (twoPart.length > VARIETY_LIMITS.twoPartPrompts)
    report.errors.push(
      `${twoPart.length} prompts have the two-part shape "…, and could (can, will) you …" (at most ${VARIETY_LIMITS.twoPartPrompts}): days ${dayList(twoPart)}`,
    );
  else if (twoPart.length > 0)
    report.warnings.push(
      `prompts of the two-part shape "…, and could (can, will) you …": days ${dayList(twoPart)}`,
    );
  for (const stretch of crowdedStretches(twoPart, VARIETY_LIMITS.twoPartPromptsPerWeek))
    report.errors.push(
      `more than ${VARIETY_LIMITS.twoPartPromptsPerWeek} two-part prompts "…, and could (can, will) you …" within seven days: days ${dayList(stretch)}`,
    );

  const asking = prompts.filter((p) => couldYou.test(p.text)).map((p) => p.day);
  const allowed = Math.floor(prompts.length * VARIETY_LIMITS.couldYouShare);
  if (asking.length > allowed)
    report.errors.push(
      `${asking.length} of ${prompts.length} prompts ask "could you" (at most ${allowed}): days ${dayList(asking)}`,
    );

  const todays = prompts.filter((p) => /\btoday\b/i.test(p.text)).map((p) => p.day);
  const todayAllowed = Math.floor(prompts.length * VARIETY_LIMITS.todayShare);
  if (todays.length > todayAllowed)
    report.errors.push(
      `${todays.length} of ${prompts.length} prompts say "today" (at most ${todayAllowed}): days ${dayList(todays)}`,
    );

  const longOpenings = new Map<string, number[]>();
  for (const p of prompts) {
    const opening = words(p.text).slice(0, VARIETY_LIMITS.promptOpeningWords).join(' ');
    longOpenings.set(opening, [...(longOpenings.get(opening) ?? []), p.day]);
  }
  for (const [opening, days] of longOpenings)
    if (days.length > VARIETY_LIMITS.promptOpeningDays)
      report.errors.push(
        `${days.length} prompts open "${opening} …" (at most ${VARIETY_LIMITS.promptOpeningDays}): days ${dayList(days)}`,
      );

  // The same opening words three times in a week read as a formula even when each is fine.
  const openings = new Map<string, number[]>();
  for (const p of prompts) {
    const opening = words(p.text).slice(0, 2).join(' ');
    openings.set(opening, [...(openings.get(opening) ?? []), p.day]);
  }
  for (const [opening, days] of openings)
    for (const stretch of crowdedStretches(days, 2))
      report.warnings.push(
        `prompts opening "${opening} …" three times within a week: days ${dayList(stretch)}`,
      );
}

function checkParagraphCounts(readings: Reading[], report: VarietyReport) {
  const daysByCount = new Map<number, number[]>();
  for (const r of readings) {
    const count = paragraphsOf(r.explanation).length;
    daysByCount.set(count, [...(daysByCount.get(count) ?? []), r.day]);
  }
  const allowed = Math.floor(readings.length * VARIETY_LIMITS.paragraphCountShare);
  for (const [count, days] of daysByCount)
    if (days.length > allowed)
      report.errors.push(
        `${days.length} of ${readings.length} explanations have ${count} paragraphs (at most ${allowed} may share a count): days ${dayList(days)}`,
      );
}

function checkClosings(readings: Reading[], report: VarietyReport) {
  const days = readings
    .filter((r) => closingTheStanza.test(closingParagraph(r.explanation)))
    .map((r) => r.day);
  if (days.length > VARIETY_LIMITS.closingsOpeningTheStanza)
    report.errors.push(
      `${days.length} closing paragraphs open "The stanza" (at most ${VARIETY_LIMITS.closingsOpeningTheStanza}): days ${dayList(days)}`,
    );
  else if (days.length > 0)
    report.warnings.push(`closing paragraphs opening "The stanza": days ${dayList(days)}`);
}

function checkStockRuns(
  readings: Reading[],
  glossarySpellings: readonly string[],
  report: VarietyReport,
) {
  const length = VARIETY_LIMITS.stockRunWords;
  const withoutNames = nameRemover(glossarySpellings);
  const runs = (text: string) => runsOf(withoutNames(text), length);
  // Words a rendering holds are the Gathas' own, and may be quoted on any day.
  const refrains = new Set(readings.flatMap((r) => [...runs(r.thought)]));
  const daysByRun = new Map<string, number[]>();
  for (const reading of readings) {
    const dayRuns = new Set([
      ...runs(reading.explanation),
      ...runs(reading.reflectionPrompt ?? ''),
    ]);
    for (const run of dayRuns)
      if (!refrains.has(run)) daysByRun.set(run, [...(daysByRun.get(run) ?? []), reading.day]);
  }
  // One longer shared passage yields many overlapping runs: name it once, by its first run.
  const firstRunByDays = new Map<string, { run: string; days: number[] }>();
  for (const [run, days] of daysByRun) {
    const key = dayList(days);
    if (days.length > 1 && !firstRunByDays.has(key)) firstRunByDays.set(key, { run, days });
  }
  for (const { run, days } of firstRunByDays.values()) {
    if (days.length >= VARIETY_LIMITS.stockRunDays)
      report.errors.push(
        `"${run}" is repeated on ${days.length} days (at most ${VARIETY_LIMITS.stockRunDays - 1}): days ${dayList(days)}`,
      );
    else report.warnings.push(`"${run}…" is shared by days ${dayList(days)}`);
  }
}

/**
 * Checks that the explanations and prompts do not settle into one template: the two-part
 * prompt shape, "could you", "today", prompts that open alike, explanations cut to one number
 * of paragraphs, closing paragraphs that open alike, and stock phrases repeated across days.
 * `glossarySpellings` are the glossary's aliases, left out of phrases with the English names.
 * Errors name the limit exceeded; warnings list the days of each pattern.
 */
export function checkVariety(
  readings: Reading[],
  glossarySpellings: readonly string[] = [],
): VarietyReport {
  const report: VarietyReport = { errors: [], warnings: [] };
  const inOrder = [...readings].sort((a, b) => a.day - b.day);
  checkPromptShapes(inOrder, report);
  checkParagraphCounts(inOrder, report);
  checkClosings(inOrder, report);
  checkStockRuns(inOrder, glossarySpellings, report);
  return report;
}
