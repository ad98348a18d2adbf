import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The Go server embeds the build from here (backend/internal/web, `//go:embed all:dist`).
const outDir = dir('../backend/internal/web/dist');
// Generated protobuf code, shared with the extension; it finds @bufbuild/protobuf in the
// workspace root's node_modules by walking up from itself.
const genDir = dir('../gen/ts');
const api = 'http://127.0.0.1:8080';

// emptyOutDir deletes the tracked dist/.keep that lets `go build` embed an empty dist;
// put it back after each build.
function keepDistPlaceholder(): Plugin {
  return {
    name: 'kesi:keep-dist-placeholder',
    apply: 'build',
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(`${outDir}/.keep`, '');
    },
  };
}

export default defineConfig({
  plugins: [react(), keepDistPlaceholder()],
  resolve: {
    alias: {
      '@gen': genDir,
      '@': dir('./src'),
    },
  },
  server: {
    fs: {
      allow: [dir('.'), genDir, dir('../node_modules')],
    },
    proxy: {
      '/kesi.v1.': api,
      '/api': api,
      '/dev': api,
    },
  },
  build: {
    outDir,
    emptyOutDir: true,
    manifest: true, // bench/web.mjs names each route's chunks from it
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // The browser suite has its own config (vitest.e2e.config.ts) and needs a running server.
    exclude: ['**/node_modules/**', 'e2e/**'],
    restoreMocks: true,
  },
});
