/**
 * Reading comfort: the text size and theme a reader chose on this device
 * (docs/decisions/018-rest-days-look-back-and-comfort.md). Kept in localStorage, never sent to the server, and
 * applied by a small script in the page's head before anything is painted, so a dark-theme
 * reader is never flashed with paper white.
 */

export const TEXT_SIZES = ['standard', 'large', 'larger', 'largest'] as const;
export type TextSize = (typeof TEXT_SIZES)[number];

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export interface ReadingComfort {
  textSize: TextSize;
  theme: Theme;
}

export const READING_COMFORT_KEY = 'threefold-reading-comfort';

export const DEFAULT_READING_COMFORT: ReadingComfort = { textSize: 'standard', theme: 'system' };

/**
 * The root font size of each step, relative to the browser's own, so a reader who already set a
 * larger default in the system keeps it and this multiplies it.
 */
export const TEXT_SIZE_SCALE: Record<TextSize, string> = {
  standard: '',
  large: '112.5%',
  larger: '125%',
  largest: '150%',
};

const isTextSize = (value: unknown): value is TextSize =>
  (TEXT_SIZES as readonly unknown[]).includes(value);
const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);

/** A stored choice, each part that is not one of the choices read as its default. */
export function parseReadingComfort(text: string | null | undefined): ReadingComfort {
  let value: unknown = null;
  try {
    value = text ? JSON.parse(text) : null;
  } catch {
    value = null;
  }
  const stored = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  return {
    textSize: isTextSize(stored.textSize) ? stored.textSize : DEFAULT_READING_COMFORT.textSize,
    theme: isTheme(stored.theme) ? stored.theme : DEFAULT_READING_COMFORT.theme,
  };
}

/**
 * The script the page runs in its head, before the body is parsed: it reads the stored choice
 * and sets the root font size and `data-theme`, and points the theme-color metas at the chosen
 * theme. It is plain ES5 in one string because the server's Content-Security-Policy allows it
 * by its SHA-256 hash (src/server/http/security.ts), which must match the page byte for byte.
 * `applyReadingComfort` in src/web does the same when the choice changes.
 */
export const READING_COMFORT_SCRIPT =
  '(function(){try{' +
  `var c=JSON.parse(localStorage.getItem(${JSON.stringify(READING_COMFORT_KEY)})||"{}")||{},` +
  'r=document.documentElement,' +
  `z=${JSON.stringify(
    Object.fromEntries(Object.entries(TEXT_SIZE_SCALE).filter(([, scale]) => scale)),
  )},s=z.hasOwnProperty(c.textSize)&&z[c.textSize];` +
  'if(s)r.style.fontSize=s;' +
  'if(c.theme==="light"||c.theme==="dark"){r.setAttribute("data-theme",c.theme);' +
  'var m=document.querySelectorAll("meta[name=theme-color][data-scheme]");' +
  'for(var i=0;i<m.length;i++)m[i].setAttribute("media",' +
  'm[i].getAttribute("data-scheme")===c.theme?"all":"not all")}' +
  '}catch(e){}})()';
