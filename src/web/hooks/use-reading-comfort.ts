import { useCallback, useEffect, useState } from 'react';
import {
  parseReadingComfort,
  READING_COMFORT_KEY,
  type ReadingComfort,
  TEXT_SIZE_SCALE,
} from '#shared/reading-comfort';

function readReadingComfort(): ReadingComfort {
  try {
    return parseReadingComfort(localStorage.getItem(READING_COMFORT_KEY));
  } catch {
    return parseReadingComfort(null);
  }
}

/**
 * Sets the page as the head script does on load (src/shared/reading-comfort.ts): the root font
 * size, `data-theme`, and which theme-color meta the browser's bar follows.
 */
export function applyReadingComfort({ textSize, theme }: ReadingComfort): void {
  const root = document.documentElement;
  root.style.fontSize = TEXT_SIZE_SCALE[textSize];
  if (theme === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', theme);
  for (const meta of document.querySelectorAll<HTMLMetaElement>(
    'meta[name=theme-color][data-scheme]',
  )) {
    const scheme = meta.dataset.scheme;
    meta.media =
      theme === 'system'
        ? `(prefers-color-scheme: ${scheme})`
        : scheme === theme
          ? 'all'
          : 'not all';
  }
}

/** A choice made in another tab of the app reaches this one at once. */
export function followReadingComfortOfOtherTabs(): void {
  window.addEventListener('storage', (event) => {
    if (event.key === READING_COMFORT_KEY) applyReadingComfort(readReadingComfort());
  });
}

/** The text size and theme chosen on this device; a change applies at once and is kept. */
export function useReadingComfort() {
  const [comfort, setComfort] = useState(readReadingComfort);

  useEffect(() => {
    const followOtherTabs = (event: StorageEvent) => {
      if (event.key === READING_COMFORT_KEY) setComfort(readReadingComfort());
    };
    window.addEventListener('storage', followOtherTabs);
    return () => window.removeEventListener('storage', followOtherTabs);
  }, []);

  const update = useCallback((patch: Partial<ReadingComfort>) => {
    const next = { ...readReadingComfort(), ...patch };
    try {
      localStorage.setItem(READING_COMFORT_KEY, JSON.stringify(next));
    } catch (error) {
      console.warn('Could not keep the reading comfort choice', error);
    }
    applyReadingComfort(next);
    setComfort(next);
  }, []);

  return { comfort, update };
}
