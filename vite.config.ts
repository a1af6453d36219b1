import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { conditions: ['source', 'module', 'browser', 'development|production'] },
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: true, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
