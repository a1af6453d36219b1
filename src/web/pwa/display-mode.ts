const standaloneQuery = '(display-mode: standalone)';

/** Calls `onChange` when the app starts or stops running as an installed app. */
export function subscribeToDisplayMode(onChange: () => void): () => void {
  const media = window.matchMedia(standaloneQuery);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Opened from the home screen or the Dock: the display-mode query, or iOS Safari's own flag. */
export function runsStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return window.matchMedia(standaloneQuery).matches || iosStandalone;
}
