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
  /** A run of this many words, repeated in explanations or prompts... */
  stockRunWords: 8,
  /** ...on this many days or more is a stock phrase, unless the Gathas themselves repeat it. */
  stockRunDays: 3,
} as const;

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

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .match(/[a-z0-9']+/g) ?? [];

function runsOf(text: string, length: number): Set<string> {
  const list = words(text);
  const runs = new Set<string>();
  for (let i = 0; i + length <= list.length; i++) runs.add(list.slice(i, i + length).join(' '));
  return runs;
}

const closingParagraph = (explanation: string) =>
  explanation
    .trim()
    .split(/\n\s*\n/)
    .at(-1)
    ?.trim() ?? '';

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

function checkStockRuns(readings: Reading[], report: VarietyReport) {
  const length = VARIETY_LIMITS.stockRunWords;
  // Words the renderings repeat are the Gathas' own refrains, and may be quoted on any day.
  const refrains = new Set(readings.flatMap((r) => [...runsOf(r.thought, length)]));
  const daysByRun = new Map<string, number[]>();
  for (const reading of readings) {
    const runs = new Set([
      ...runsOf(reading.explanation, length),
      ...runsOf(reading.reflectionPrompt ?? '', length),
    ]);
    for (const run of runs)
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
 * prompt shape, "could you", closing paragraphs that open alike, and stock phrases repeated
 * across days. Errors name the limit exceeded; warnings list the days of each pattern.
 */
export function checkVariety(readings: Reading[]): VarietyReport {
  const report: VarietyReport = { errors: [], warnings: [] };
  const inOrder = [...readings].sort((a, b) => a.day - b.day);
  checkPromptShapes(inOrder, report);
  checkClosings(inOrder, report);
  checkStockRuns(inOrder, report);
  return report;
}
