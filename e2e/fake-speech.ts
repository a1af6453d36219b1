import type { Page } from '@playwright/test';

export interface FakeVoice {
  name: string;
  lang: string;
  voiceURI: string;
  default: boolean;
}

export interface SpokenLine {
  text: string;
  rate: number;
  voice: string | null;
}

/**
 * Puts a speech synthesis the test drives in place of the browser's: it lists `voices` only
 * after a `voiceschanged` (as Chromium does), records every utterance it is given, starts each
 * one at once, and ends it only when the test calls `endLine`. cancel() interrupts the line
 * being spoken and drops the rest, as the real one does.
 */
export async function installFakeSpeech(page: Page, voices: FakeVoice[]) {
  await page.addInitScript((announced: FakeVoice[]) => {
    type Utterance = {
      text: string;
      rate: number;
      lang: string;
      voice: { name: string } | null;
      onstart: ((event: object) => void) | null;
      onend: ((event: object) => void) | null;
      onerror: ((event: { error: string }) => void) | null;
    };
    const events = new EventTarget();
    const spoken: { text: string; rate: number; voice: string | null }[] = [];
    let listed: FakeVoice[] = [];
    let queue: Utterance[] = [];
    let current: Utterance | null = null;
    let cancels = 0;
    const next = () => {
      current = queue.shift() ?? null;
      if (!current) return;
      spoken.push({ text: current.text, rate: current.rate, voice: current.voice?.name ?? null });
      current.onstart?.({});
    };
    const synth = {
      getVoices: () => listed.slice(),
      speak(utterance: Utterance) {
        queue.push(utterance);
        if (!current) next();
      },
      cancel() {
        cancels += 1;
        const interrupted = current;
        queue = [];
        current = null;
        interrupted?.onerror?.({ error: 'interrupted' });
      },
      pause() {},
      resume() {},
      get speaking() {
        return current !== null;
      },
      get pending() {
        return queue.length > 0;
      },
      get paused() {
        return false;
      },
      addEventListener: events.addEventListener.bind(events),
      removeEventListener: events.removeEventListener.bind(events),
      dispatchEvent: events.dispatchEvent.bind(events),
    };
    class FakeUtterance implements Utterance {
      rate = 1;
      lang = '';
      voice: { name: string } | null = null;
      onstart = null;
      onend = null;
      onerror = null;
      constructor(public text: string) {}
    }
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', {
      value: FakeUtterance,
      configurable: true,
    });
    Object.assign(window, {
      fakeSpeech: {
        spoken,
        cancels: () => cancels,
        endLine() {
          const finished = current;
          current = null;
          finished?.onend?.({});
          if (!current) next();
        },
      },
    });
    if (announced.length > 0) {
      setTimeout(() => {
        listed = announced;
        events.dispatchEvent(new Event('voiceschanged'));
      }, 100);
    }
  }, voices);
}

type FakeSpeechHandle = {
  fakeSpeech: { spoken: SpokenLine[]; cancels: () => number; endLine: () => void };
};

export const spokenLines = (page: Page) =>
  page.evaluate(() => (window as unknown as FakeSpeechHandle).fakeSpeech.spoken.slice());

export const cancels = (page: Page) =>
  page.evaluate(() => (window as unknown as FakeSpeechHandle).fakeSpeech.cancels());

/** The line being spoken comes to its end; the next one, if any, starts. */
export const endLine = (page: Page) =>
  page.evaluate(() => (window as unknown as FakeSpeechHandle).fakeSpeech.endLine());
