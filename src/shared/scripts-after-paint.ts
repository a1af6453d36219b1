/**
 * Pages that are readable before any script runs (the reader's daily screen, the landing, the
 * installed app's shell) start the app's scripts only once the page has been painted. Named in
 * the head as usual, the module scripts arrive with the stylesheet and the reading face, and
 * the browser runs them (the whole app adopting the page) before it paints: on a slow phone
 * the stanza then waits for the scripts' bytes and their work. Here the head holds the list
 * instead, and a small script asks for them in the first moment after the paint. A tap made
 * before the app is live is kept by the head's own script (early-taps-kept.ts).
 */
export const SCRIPTS_AFTER_PAINT_ID = 'scripts-after-paint';

/** What the page asks for after its first paint: the entry, and the chunks to fetch beside it. */
export interface ScriptsAfterPaint {
  entry: string;
  preload: string[];
}

const moduleScript = /<script type="module" crossorigin src="([^"<>]+)"><\/script>/g;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"<>]+)">/g;

/**
 * The page with its module script and module preloads replaced by their list and the script
 * that starts them. A page with no module script is returned as it is.
 */
export function startScriptsAfterPaint(html: string): string {
  const entries = [...html.matchAll(moduleScript)].map((match) => match[1] ?? '');
  const entry = entries[0];
  if (entries.length !== 1 || !entry) return html;
  const preload = [...html.matchAll(modulePreload)].map((match) => match[1] ?? '');
  const list: ScriptsAfterPaint = { entry, preload };
  // Inside a JSON script block, "<" is escaped so no file name can end the block.
  const data = JSON.stringify(list).replace(/</g, '\\u003c');
  const start =
    `<script type="application/json" id="${SCRIPTS_AFTER_PAINT_ID}">${data}</script>` +
    `<script>${SCRIPTS_AFTER_PAINT_SCRIPT}</script>`;
  return html.replace(modulePreload, '').replace(moduleScript, () => start);
}

/** Preloads added in one task: each costs the page about a millisecond on a fast machine. */
export const PRELOADS_PER_TASK = 6;

/**
 * Reads the list and adds the preloads, a few in each task so that no task holds the page long,
 * and then the entry, once: starting in the first task after the first frame, and at the latest
 * after half a second (a page opened in a background tab draws no frame), never before the page
 * has been read to its end, since the app adopts the whole page. Plain ES5 in one string, allowed
 * by the server's Content-Security-Policy by its SHA-256 hash (src/server/http/security.ts),
 * which must match the page byte for byte.
 */
export const SCRIPTS_AFTER_PAINT_SCRIPT =
  '(function(){var d=document,w=window,done=0;' +
  'function go(){if(done)return;' +
  'if(d.readyState==="loading"){d.addEventListener("DOMContentLoaded",go);return}' +
  `done=1;var s;try{s=JSON.parse(d.getElementById(${JSON.stringify(SCRIPTS_AFTER_PAINT_ID)}).textContent)}catch(e){return}` +
  'var i=0;(function more(){' +
  `for(var n=0;n<${PRELOADS_PER_TASK}&&i<s.preload.length;n++,i++){var l=d.createElement("link");` +
  'l.rel="modulepreload";l.crossOrigin="";l.href=s.preload[i];d.head.appendChild(l)}' +
  'if(i<s.preload.length){setTimeout(more,0);return}' +
  'var m=d.createElement("script");m.type="module";m.crossOrigin="";m.src=s.entry;' +
  'd.head.appendChild(m)})()}' +
  'if(w.requestAnimationFrame)w.requestAnimationFrame(function(){setTimeout(go,0)});' +
  'setTimeout(go,500)})()';
