import fs from 'node:fs';
import path from 'node:path';

/**
 * The faces of the reading typeface, Lora, the web build ships (src/web/styles.css): hashed
 * files under assets/, which the server sends with a year's cache. Pages the server writes
 * itself name the same files, so a reader who has opened the app already has them.
 */
export interface ReadingTypeface {
  /** @font-face rules for each face found, for the page's inline stylesheet. */
  fontFaces: string;
  /** A preload of the regular face (it sets the stanza), for the page's head. */
  preload: string;
}

/** A page with no web build beside it keeps the fallback serifs its stylesheet names. */
export const NO_READING_TYPEFACE: ReadingTypeface = { fontFaces: '', preload: '' };

/** A built face: "lora-latin-400-italic-<hash>.woff2". */
const builtFace = /^lora-latin-(400|600)-(normal|italic)-[A-Za-z0-9_-]+\.woff2$/;

/** The reading typeface's faces in the web build at `webDistDir`, read once at start. */
export function builtReadingTypeface(webDistDir: string): ReadingTypeface {
  const assets = path.join(webDistDir, 'assets');
  const files = fs.existsSync(assets) ? fs.readdirSync(assets).sort() : [];
  const faces = files.flatMap((file) => {
    const match = builtFace.exec(file);
    return match ? [{ href: `/assets/${file}`, weight: match[1], style: match[2] }] : [];
  });
  if (faces.length === 0) return NO_READING_TYPEFACE;
  const regular = faces.find((face) => face.weight === '400' && face.style === 'normal');
  return {
    fontFaces: faces
      .map(
        (face) =>
          `@font-face{font-family:Lora;font-style:${face.style};font-weight:${face.weight};font-display:swap;src:url(${face.href}) format('woff2')}`,
      )
      .join(''),
    preload: regular
      ? `<link rel="preload" href="${regular.href}" as="font" type="font/woff2" crossorigin>`
      : '',
  };
}
