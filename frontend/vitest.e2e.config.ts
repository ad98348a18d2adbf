import { defineConfig } from 'vitest/config';

/**
 * The browser suite: Debian's Chromium driven by playwright-core against the real `kesi serve`
 * (started once by e2e/globalSetup.ts on a fresh data directory). No jsdom, one file at a time.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['./e2e/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    reporters: ['default'],
  },
});
