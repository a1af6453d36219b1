import { describe, expect, it } from 'vitest';
import {
  PRELOADS_PER_TASK,
  SCRIPTS_AFTER_PAINT_ID,
  SCRIPTS_AFTER_PAINT_SCRIPT,
  type ScriptsAfterPaint,
  startScriptsAfterPaint,
} from './scripts-after-paint.js';

const page =
  '<html><head><title>t</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime-2.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/index-3.css">' +
  '<link rel="modulepreload" crossorigin href="/assets/daily-4.js">' +
  '</head><body><div id="root"><p>The stanza</p></div></body></html>';

function listIn(html: string): ScriptsAfterPaint {
  const data = new RegExp(
    `<script type="application/json" id="${SCRIPTS_AFTER_PAINT_ID}">([^<]*)`,
  ).exec(html)?.[1];
  return JSON.parse(data ?? 'null') as ScriptsAfterPaint;
}

interface Added {
  tag: string;
  rel?: string;
  type?: string;
  href?: string;
  src?: string;
  crossOrigin?: string;
}

/** Runs the head script against a page whose list is `list`; returns what it adds and the clock. */
function runHeadScript(list: ScriptsAfterPaint, readyState: 'loading' | 'interactive') {
  const added: Added[] = [];
  const timers: Array<() => void> = [];
  const frames: Array<() => void> = [];
  const readyListeners: Array<() => void> = [];
  const document = {
    readyState,
    head: { appendChild: (element: Added) => added.push({ ...element }) },
    createElement: (tag: string) => ({ tag }),
    getElementById: (id: string) =>
      id === SCRIPTS_AFTER_PAINT_ID ? { textContent: JSON.stringify(list) } : null,
    addEventListener: (event: string, listener: () => void) => {
      if (event === 'DOMContentLoaded') readyListeners.push(listener);
    },
  };
  const window = { requestAnimationFrame: (frame: () => void) => frames.push(frame) };
  const setTimeout = (run: () => void) => timers.push(run);
  new Function('document', 'window', 'setTimeout', SCRIPTS_AFTER_PAINT_SCRIPT)(
    document,
    window,
    setTimeout,
  );
  return {
    added,
    paint: () => frames.splice(0).forEach((frame) => frame()),
    runTimers: () => timers.splice(0).forEach((run) => run()),
    finishParsing: () => {
      document.readyState = 'interactive';
      readyListeners.splice(0).forEach((listener) => listener());
    },
  };
}

describe('scripts started after the first paint', () => {
  it('takes the module script and its preloads out of the head and lists them, in order', () => {
    const html = startScriptsAfterPaint(page);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(html).toContain('<div id="root"><p>The stanza</p></div>');
    expect(html).toContain(`<script>${SCRIPTS_AFTER_PAINT_SCRIPT}</script>`);
    expect(listIn(html)).toEqual({
      entry: '/assets/index-1.js',
      preload: ['/assets/runtime-2.js', '/assets/daily-4.js'],
    });
  });

  it('leaves a page without exactly one module script as it is', () => {
    const plain = '<html><head></head><body>no scripts</body></html>';
    expect(startScriptsAfterPaint(plain)).toBe(plain);
    const two = page.replace(
      '</head>',
      '<script type="module" crossorigin src="/b.js"></script></head>',
    );
    expect(startScriptsAfterPaint(two)).toBe(two);
  });

  it('adds the preloads and then the entry once the page has painted, and only once', () => {
    const list = { entry: '/assets/index-1.js', preload: ['/assets/runtime-2.js'] };
    const head = runHeadScript(list, 'interactive');
    expect(head.added).toEqual([]);
    head.paint();
    expect(head.added).toEqual([]);
    head.runTimers();
    expect(head.added).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/runtime-2.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-1.js' },
    ]);
    head.runTimers();
    expect(head.added).toHaveLength(2);
  });

  it('adds many preloads a few at a time, each few in a task of its own, the entry last', () => {
    const preload = Array.from({ length: PRELOADS_PER_TASK * 2 + 1 }, (_, i) => `/assets/${i}.js`);
    const head = runHeadScript({ entry: '/assets/index-1.js', preload }, 'interactive');
    head.paint();
    const addedAfterEachTask = [0, 1, 2, 3].map(() => {
      head.runTimers();
      return head.added.length;
    });
    expect(addedAfterEachTask).toEqual([
      PRELOADS_PER_TASK,
      PRELOADS_PER_TASK * 2,
      PRELOADS_PER_TASK * 2 + 2,
      PRELOADS_PER_TASK * 2 + 2,
    ]);
    expect(head.added.map((element) => element.href ?? element.src)).toEqual([
      ...preload,
      '/assets/index-1.js',
    ]);
  });

  it('starts without a frame (a page in a background tab), but never before the page is read', () => {
    const list = { entry: '/assets/index-1.js', preload: [] };
    const head = runHeadScript(list, 'loading');
    head.runTimers();
    expect(head.added).toEqual([]);
    head.finishParsing();
    expect(head.added.map((element) => element.src)).toEqual(['/assets/index-1.js']);
  });
});
