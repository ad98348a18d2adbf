import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The build itself is build.mjs (one bundle per extension context); this config serves the
// parser's unit tests and the shared alias.
export default defineConfig({
  resolve: {
    alias: { '@gen': fileURLToPath(new URL('../gen/ts', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    restoreMocks: true,
  },
});
