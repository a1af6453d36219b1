import { useEffect, useState } from 'react';

/** The browser's speech synthesis, when it has one that can speak. */
export function speechSynthesisOf(): SpeechSynthesis | null {
  if (typeof window === 'undefined') return null;
  const synth = window.speechSynthesis as SpeechSynthesis | undefined;
  if (!synth || typeof window.SpeechSynthesisUtterance !== 'function') return null;
  return synth;
}

/**
 * The voices this browser can read aloud with, kept up to date: many browsers list none at
 * first and announce them later with `voiceschanged`. Empty where there is no speech at all.
 */
export function useSpeechVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>([]);
  useEffect(() => {
    const synth = speechSynthesisOf();
    if (!synth) return;
    const read = () => setVoices(synth.getVoices());
    read();
    synth.addEventListener('voiceschanged', read);
    return () => synth.removeEventListener('voiceschanged', read);
  }, []);
  return voices;
}
