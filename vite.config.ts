import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { type Plugin, type Rollup, build, defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import {
  PAGE_RENDER_DIR,
  PAGE_RENDER_ENTRY,
  READER_PAGE_TEMPLATE,
  OFFLINE_PAGE_URL,
} from './src/shared/web-build.js';
import { READING_COMFORT_SCRIPT } from './src/shared/reading-comfort.js';
import { SIGNED_OUT_MARK_SCRIPT } from './src/shared/signed-out-mark.js';
import { EARLY_TAPS_SCRIPT } from './src/shared/early-taps-kept.js';
import { reactOnPreact } from './react-on-preact.js';
import { startScriptsAfterPaint } from './src/shared/scripts-after-paint.js';

const paper = '#f7f3ea';

/**
 * The installable app: a web manifest, and a service worker built from src/web/pwa (workbox
 * injectManifest) and served at /service-worker.js. The page registers it itself
 * (src/web/pwa/register-service-worker.ts), since the CSP allows no inline script.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/web/pwa',
  filename: 'service-worker.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  // The glob below already precaches every icon; listing them again would only duplicate entries.
  includeManifestIcons: false,
  manifest: {
    id: '/',
    name: 'The Threefold Path',
    short_name: 'Threefold Path',
    description: 'Daily wisdom in thoughts, words, and deeds',
    lang: 'en',
    start_url: '/app/daily-ritual',
    scope: '/',
    display: 'standalone',
    theme_color: paper,
    background_color: paper,
    categories: ['books', 'lifestyle'],
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  injectManifest: {
    // The shell, every screen's chunk and the icons (the plugin adds the manifest itself);
    // source maps stay on the network.
    // The reading typeface too (src/web/styles.css), so an installed app reads offline in it.
    globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
    // The password dictionaries (over 200 KB compressed) serve only screens where a password
    // is chosen, which need the network anyway: they load from it when one opens.
    globIgnores: ['**/password-dictionaries-*.js'],
    // A classic script: registered without { type: 'module' }, so every browser can run it.
    rollupFormat: 'iife',
  },
});

/** The reading typeface's regular face, which sets the stanza (src/web/styles.css). */
const READING_FACE = 'lora-latin-400-normal.woff2';

/**
 * A preload of the reading face in the page's head, so it arrives with the stylesheet rather
 * than after the browser has laid out the stanza and found it needs it (which would show the
 * fallback serif first). Every page built from index.html carries it: the landing, the shell
 * and the reader's page the server fills.
 */
function preloadedReadingFace(): Plugin {
  return {
    name: 'threefold:preloaded-reading-face',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const face = Object.values(ctx.bundle ?? {}).find(
          (item) =>
            item.type === 'asset' &&
            item.originalFileNames.some((name) => name.endsWith(READING_FACE)),
        );
        if (!face) throw new Error(`the reading face ${READING_FACE} is not in the build`);
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${face.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

/**
 * The reader's text size and theme (src/shared/reading-comfort.ts), the mark of a device signed
 * out without asking (src/shared/signed-out-mark.ts) and the keeper of taps made before the app
 * is live (src/shared/early-taps-kept.ts), run in the head before the body is painted. Inline,
 * since a script fetched first would hold up every page; the CSP allows exactly these scripts
 * by their hashes. Every page built from index.html has them.
 */
function readingComfortBeforePaint(): Plugin {
  return {
    name: 'threefold:reading-comfort-before-paint',
    transformIndexHtml: () => [
      { tag: 'script', children: READING_COMFORT_SCRIPT, injectTo: 'head' },
      { tag: 'script', children: SIGNED_OUT_MARK_SCRIPT, injectTo: 'head' },
      { tag: 'script', children: EARLY_TAPS_SCRIPT, injectTo: 'head' },
    ],
  };
}

/** The chunk of a source module and every chunk it imports statically. */
function chunkWithImports(bundle: Rollup.OutputBundle, source: string): string[] {
  const byName = new Map(
    Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
  );
  const start = [...byName.values()].find((chunk) => chunk.facadeModuleId?.endsWith(source));
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return;
    seen.add(fileName);
    for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
  };
  if (start) visit(start.fileName);
  return [...seen];
}

/**
 * The page's stylesheet written into it, so a rendered page paints from its own bytes without
 * waiting for a second request. The CSP already allows inline styles (style-src
 * 'unsafe-inline'), never inline scripts. The link stays, disabled (so never fetched), because
 * Vite's loader of lazy chunks looks for it to know the styles are already in the page, and
 * would otherwise fetch and apply them a second time.
 */
function inlineStylesheet(html: string, outDir: string): string {
  const link = /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/.exec(html);
  if (!link?.[1]) return html;
  const css = fs.readFileSync(path.join(outDir, link[1]), 'utf8');
  if (css.includes('</style')) return html;
  const inPage = `<style>${css}</style><link rel="stylesheet" href="/${link[1]}" disabled>`;
  return html.replace(link[0], () => inPage);
}

/** Module preloads for the chunks the page does not already name. */
function preloadTags(html: string, chunks: string[]): string {
  return chunks
    .filter((file) => !html.includes(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
}

interface PrerenderModule {
  PRERENDERED_PAGES: ReadonlyArray<{ file: string; path: string }>;
  renderPage(
    template: string,
    page: { file: string; path: string },
    extraHead?: string,
  ): Promise<string>;
}

/** What the public pages show offline when the device has no copy of them. */
const OFFLINE_PAGE_SOURCE = 'src/server/pages/offline-page.ts';
const OFFLINE_PAGE_ENTRY = 'offline-page.js';

interface OfflinePageModule {
  offlinePageFile(webDistDir: string): string;
}

/**
 * The offline page of the public pages, in the server's own look and in the reading typeface,
 * written as a file of the web build so the service worker precaches it (OFFLINE_PAGE_URL).
 */
async function writeOfflinePage(serverBuild: string, outDir: string): Promise<void> {
  const entry = pathToFileURL(path.join(serverBuild, OFFLINE_PAGE_ENTRY)).href;
  const { offlinePageFile } = (await import(entry)) as OfflinePageModule;
  fs.writeFileSync(path.join(outDir, OFFLINE_PAGE_URL.slice(1)), offlinePageFile(outDir));
}

/**
 * The landing screen and the signed-in shell as HTML (src/web/prerender), so they show before
 * any script has run; the app then adopts them (main.tsx). Written before the service worker
 * is built, so it precaches them for offline navigations. The rendering code stays for the
 * server, which renders the daily screen for each signed-in reader (src/server/pages/reader-page.ts).
 */
function prerenderedPages(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'threefold:prerendered-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      async handler(_options, bundle) {
        if (!fs.existsSync(path.join(outDir, 'index.html'))) return;
        // Inside the project, so the rendering code finds its packages in node_modules.
        const serverBuild = path.join(path.dirname(outDir), PAGE_RENDER_DIR);
        const conditions = ['source', 'module', 'node', 'development|production'];
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          resolve: { alias: reactOnPreact },
          ssr: {
            resolve: { conditions, externalConditions: ['source'] },
            // Every package is bundled: those built on React so they read Preact in its place
            // (react-on-preact.ts), and those of many parts (every icon, every primitive) so the
            // server loads only the parts the pages use.
            noExternal: true,
          },
          build: {
            ssr: true,
            rollupOptions: {
              input: {
                [path.parse(PAGE_RENDER_ENTRY).name]: path.join(
                  root,
                  'src/web/prerender/render-pages.tsx',
                ),
                [path.parse(OFFLINE_PAGE_ENTRY).name]: path.join(root, OFFLINE_PAGE_SOURCE),
              },
            },
            outDir: serverBuild,
            emptyOutDir: true,
            copyPublicDir: false,
          },
        });
        await writeOfflinePage(serverBuild, outDir);
        const entry = pathToFileURL(path.join(serverBuild, PAGE_RENDER_ENTRY)).href;
        const { PRERENDERED_PAGES, renderPage } = (await import(entry)) as PrerenderModule;
        const template = inlineStylesheet(
          fs.readFileSync(path.join(outDir, 'index.html'), 'utf8'),
          outDir,
        );
        // Each page's own screen loads beside the entry rather than after it has run; the
        // shell names the daily screen, the one an installed app opens on.
        const screens: Record<string, string> = {
          'landing.html': 'src/web/screens/landing/landing-screen.tsx',
          'app-shell.html': 'src/web/screens/daily-ritual/daily-ritual-screen.tsx',
        };
        for (const page of PRERENDERED_PAGES) {
          const screen = screens[page.file];
          const preloads = screen ? preloadTags(template, chunkWithImports(bundle, screen)) : '';
          fs.writeFileSync(
            path.join(outDir, page.file),
            startScriptsAfterPaint(await renderPage(template, page, preloads)),
          );
        }
        // The page the server fills for each reader links the stylesheet rather than carrying
        // it: the page stays small to compress on every request, and the stylesheet (hashed,
        // kept for a year) comes from the browser's cache on every visit after the first.
        const linkedStyles = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const dailyPreloads = preloadTags(
          linkedStyles,
          chunkWithImports(bundle, 'src/web/screens/daily-ritual/daily-ritual-screen.tsx'),
        );
        fs.writeFileSync(
          path.join(serverBuild, READER_PAGE_TEMPLATE),
          startScriptsAfterPaint(linkedStyles.replace('</head>', () => `${dailyPreloads}</head>`)),
        );
      },
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const compressible = /\.(js|css|html|svg|webmanifest|json|txt)$/;
/** Below this size a compressed copy saves less than the extra file costs. */
const MIN_COMPRESSED_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/**
 * Brotli and gzip copies beside every text file of the build, made once here so the server
 * only picks the copy the browser accepts (@fastify/static preCompressed) and never compresses
 * while answering. Runs last, after the service worker has been written.
 */
function precompressedFiles(): Plugin {
  let outDir = '';
  return {
    name: 'threefold:precompressed-files',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = filesUnder(outDir).filter(
          (file) =>
            compressible.test(file) &&
            !file.includes(`${path.sep}.vite${path.sep}`) &&
            fs.statSync(file).size >= MIN_COMPRESSED_BYTES,
        );
        await Promise.all(
          files.map(async (file) => {
            const content = fs.readFileSync(file);
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ]);
            fs.writeFileSync(`${file}.br`, br);
            fs.writeFileSync(`${file}.gz`, gz);
          }),
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadedReadingFace(),
    readingComfortBeforePaint(),
    prerenderedPages(),
    pwa,
    precompressedFiles(),
  ],
  resolve: {
    conditions: ['source', 'module', 'browser', 'development|production'],
    alias: reactOnPreact,
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
