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
    // What a screen must show after a click is waited for as long as the app itself waits for an
    // answer before it says "Network error" (SPEC.md's 10-second request timeout), not expect.poll's
    // default second: beside make test's Go lane (the race detector on both cores) a call that
    // hashes a password or writes several rows takes over a second now and then.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
    maxWorkers: 1,
    reporters: ['default'],
  },
});
