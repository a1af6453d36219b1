import { Pause, Play, Settings2, Square } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  orderVoices,
  parseReadAloudChoice,
  READ_ALOUD_STORAGE_KEY,
  type ReadAloudChoice,
  SPEECH_RATES,
  type SpeechRate,
} from '../../lib/read-aloud.js';
import { Button } from '../../components/ui/button.js';
import { speechSynthesisOf } from './use-speech-voices.js';

type Playing = 'stopped' | 'playing' | 'paused';

function storedChoice(): ReadAloudChoice {
  try {
    return parseReadAloudChoice(localStorage.getItem(READ_ALOUD_STORAGE_KEY));
  } catch {
    return parseReadAloudChoice(null);
  }
}

function keepChoice(choice: ReadAloudChoice) {
  try {
    localStorage.setItem(READ_ALOUD_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // A browser that keeps nothing still reads aloud; the choice lasts for this page.
  }
}

const voiceKey = (voice: SpeechSynthesisVoice) => voice.voiceURI || voice.name;

/** The reader's voice if this browser has it, else its default English voice, else its first. */
function chosenVoice(voices: SpeechSynthesisVoice[], key: string | null) {
  return (
    voices.find((voice) => voiceKey(voice) === key) ??
    voices.find((voice) => voice.default && /^en\b/i.test(voice.lang)) ??
    voices[0] ??
    null
  );
}

const selectClass =
  'min-h-10 w-full min-w-0 rounded-lg border border-input bg-background px-3 py-2 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring md:text-sm';

/**
 * Reads `lines` aloud one utterance per line, so the line being spoken is known exactly even in
 * browsers that send no word boundaries. Pausing stops the speech and keeps the place: resuming
 * starts that line again, which every browser does alike (pause() does not). Leaving the panel
 * or the day stops it.
 */
export function ReadAloud(props: {
  lines: readonly string[];
  what: string;
  voices: SpeechSynthesisVoice[];
  onLine: (line: number | null) => void;
}) {
  const { lines, onLine } = props;
  const voices = orderVoices(props.voices);
  const [choice, setChoice] = useState(storedChoice);
  const [playing, setPlaying] = useState<Playing>('stopped');
  const [showSettings, setShowSettings] = useState(false);
  const line = useRef(0);
  /** Counts starts, so an utterance of an earlier start, ended by cancel(), is ignored. */
  const run = useRef(0);
  const settingsId = useId();
  const voice = chosenVoice(voices, choice.voice);

  const stopSpeech = useCallback(() => {
    run.current += 1;
    speechSynthesisOf()?.cancel();
  }, []);

  const speakFrom = useCallback(
    (from: number, rate: SpeechRate, withVoice: SpeechSynthesisVoice | null) => {
      const synth = speechSynthesisOf();
      if (!synth) return;
      stopSpeech();
      const thisRun = run.current;
      const speak = (index: number) => {
        if (run.current !== thisRun) return;
        if (index >= lines.length) {
          line.current = 0;
          setPlaying('stopped');
          onLine(null);
          return;
        }
        line.current = index;
        const utterance = new SpeechSynthesisUtterance(lines[index]);
        utterance.rate = rate;
        utterance.lang = withVoice?.lang ?? 'en';
        if (withVoice) utterance.voice = withVoice;
        utterance.onstart = () => {
          if (run.current === thisRun) onLine(index);
        };
        utterance.onend = () => speak(index + 1);
        utterance.onerror = (event) => {
          if (run.current !== thisRun) return;
          if (event.error === 'interrupted' || event.error === 'canceled') return;
          setPlaying('stopped');
          onLine(null);
        };
        onLine(index);
        synth.speak(utterance);
      };
      setPlaying('playing');
      speak(from);
    },
    [lines, onLine, stopSpeech],
  );

  // Leaving the panel or the day (this component goes) ends the speech.
  useEffect(
    () => () => {
      stopSpeech();
      onLine(null);
    },
    [stopSpeech, onLine],
  );

  const choose = (next: ReadAloudChoice) => {
    setChoice(next);
    keepChoice(next);
    // A change heard at once: the line being read starts again with the new voice or speed.
    if (playing === 'playing') speakFrom(line.current, next.rate, chosenVoice(voices, next.voice));
  };

  const toggle = () => {
    if (playing === 'playing') {
      stopSpeech();
      setPlaying('paused');
      return;
    }
    speakFrom(playing === 'paused' ? line.current : 0, choice.rate, voice);
  };

  const stop = () => {
    stopSpeech();
    line.current = 0;
    setPlaying('stopped');
    onLine(null);
  };

  return (
    <div className="flex flex-col gap-3" data-testid="read-aloud">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="outline"
          onClick={toggle}
          aria-label={`${playing === 'playing' ? 'Pause' : playing === 'paused' ? 'Resume' : 'Listen to'} ${props.what}`}
        >
          {playing === 'playing' ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
          {playing === 'playing' ? 'Pause' : playing === 'paused' ? 'Resume' : 'Listen'}
        </Button>
        {playing !== 'stopped' && (
          <Button variant="ghost" onClick={stop} aria-label={`Stop reading ${props.what}`}>
            <Square aria-hidden="true" /> Stop
          </Button>
        )}
        <Button
          variant="ghost"
          aria-expanded={showSettings}
          aria-controls={settingsId}
          onClick={() => setShowSettings((shown) => !shown)}
        >
          <Settings2 aria-hidden="true" /> Voice and speed
        </Button>
      </div>
      <div id={settingsId} hidden={!showSettings} className="grid gap-3 sm:grid-cols-[auto_1fr]">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Speed
          <select
            className={selectClass}
            value={String(choice.rate)}
            onChange={(event) => {
              const rate = SPEECH_RATES.find((known) => String(known) === event.target.value) ?? 1;
              choose({ ...choice, rate });
            }}
          >
            {SPEECH_RATES.map((rate) => (
              <option key={rate} value={String(rate)}>
                {rate}×
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col gap-1 text-sm font-medium">
          Voice
          <select
            className={selectClass}
            value={voice ? voiceKey(voice) : ''}
            onChange={(event) => choose({ ...choice, voice: event.target.value })}
          >
            {voices.map((option) => (
              <option key={voiceKey(option)} value={voiceKey(option)}>
                {option.name} ({option.lang})
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
