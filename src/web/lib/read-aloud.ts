/** The speeds a reader can choose for reading aloud. */
export const SPEECH_RATES = [0.75, 1, 1.25] as const;
export type SpeechRate = (typeof SPEECH_RATES)[number];

/** Where this device keeps the reader's voice and speed. */
export const READ_ALOUD_STORAGE_KEY = 'threefold-path:read-aloud';

/** A stanza's verses (split at blank lines) and their lines, exactly as written. */
export function stanzaVerses(text: string): string[][] {
  return text
    .split(/\n\s*\n/)
    .map((verse) => verse.split('\n'))
    .filter((lines) => lines.some((line) => line.trim()));
}

/** Explanations arrive as paragraphs separated by blank lines. */
export function explanationParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * A paragraph's sentences, each keeping its own end mark, split where a full stop, question or
 * exclamation mark (and any closing quote or bracket) meets a space: one pass, so "Yasna 28.1"
 * and "e.g.," stay whole. Joined with single spaces they give the paragraph back.
 */
export function sentencesOf(paragraph: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  const boundary = /[.?!]['’")\]]*\s+(?=['‘"(\p{Lu}\p{N}])/gu;
  for (const match of paragraph.matchAll(boundary)) {
    const end = match.index + match[0].trimEnd().length;
    sentences.push(paragraph.slice(start, end));
    start = match.index + match[0].length;
  }
  const rest = paragraph.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** The stanza's lines in the order they are spoken, one utterance each; blank lines skipped. */
export function stanzaLinesToSpeak(text: string): string[] {
  return stanzaVerses(text)
    .flat()
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The explanation's sentences in the order they are spoken, paragraph after paragraph. */
export function explanationLinesToSpeak(text: string): string[] {
  return explanationParagraphs(text).flatMap(sentencesOf);
}

/**
 * The voices to offer, English ones first (the readings are in English), each group in the
 * order the browser lists them; the browser's default English voice, or its first, is chosen
 * when the reader has not picked one.
 */
export function orderVoices<V extends { lang: string; default?: boolean }>(voices: readonly V[]) {
  const english = voices.filter((voice) => /^en\b/i.test(voice.lang));
  const others = voices.filter((voice) => !/^en\b/i.test(voice.lang));
  return [...english, ...others];
}

export interface ReadAloudChoice {
  voice: string | null;
  rate: SpeechRate;
}

/** The stored choice, or the defaults when it is missing or not one this version knows. */
export function parseReadAloudChoice(stored: string | null): ReadAloudChoice {
  const fallback: ReadAloudChoice = { voice: null, rate: 1 };
  if (!stored) return fallback;
  try {
    const value: unknown = JSON.parse(stored);
    if (!value || typeof value !== 'object') return fallback;
    const { voice, rate } = value as { voice?: unknown; rate?: unknown };
    return {
      voice: typeof voice === 'string' && voice.length <= 200 ? voice : null,
      rate: SPEECH_RATES.find((known) => known === rate) ?? 1,
    };
  } catch {
    return fallback;
  }
}
