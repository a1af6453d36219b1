import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // A classic script: registered without { type: 'module' }, so every browser can run it.
    rollupFormat: 'iife',
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), pwa],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: true, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
