/**
 * Issue 17: the public pages are prerendered at build time, so their text shows before any
 * script runs, and they are hydrated (not redrawn) when it does: a visitor's form then works.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, newAccount, register, signIn, VIEWPORTS, watchConsole } from './harness';

const PAGES: [string, string][] = [
  ['/', 'Your court diary, always one step ahead'],
  ['/affiliate', 'Earn with the Kesi Affiliate Program'],
  ['/privacy', 'Privacy Policy'],
  ['/login', 'Welcome Back'],
  ['/register', 'Create Your Account'],
  ['/forgot-password', 'Forgot Password'],
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe('public pages prerendered', () => {
  it('show their heading and navigation with JavaScript turned off (360x740)', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      for (const [path, heading] of PAGES) {
        await page.goto(path);
        await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible(), { timeout: 1 }).toBe(true);
        expect(await page.getByRole('link', { name: 'Kesi home' }).isVisible()).toBe(true);
      }
      // The sign-in form is drawn too: its fields and button are there before the script.
      await page.goto('/login');
      expect(await page.getByLabel('Email').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
      // ...but busy until the script runs: a tap then would submit the form the browser's way,
      // reloading the page and losing what was typed (seen under load as a sign-in that never
      // reached /dashboard).
      const forms: [string, string][] = [
        ['/login', 'Sign In'],
        ['/register', 'Create Account'],
        ['/forgot-password', 'Send Reset Code'],
      ];
      for (const [path, button] of forms) {
        await page.goto(path);
        expect(await page.getByRole('button', { name: button }).isDisabled(), path).toBe(true);
      }
    } finally {
      await context.close();
    }
  });

  it('are hydrated without a mismatch, and the prerendered sign-in form signs in', async () => {
    const context = await browser.newContext({ ...VIEWPORTS.phone, baseURL: baseURL() });
    const page = await context.newPage();
    const errors = watchConsole(page);
    try {
      for (const [path, heading] of PAGES) {
        await page.goto(path, { waitUntil: 'networkidle' });
        expect(await page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      }
      // React reports a hydration mismatch as a console error; none of the pages has one.
      expect(errors.filter((e) => /hydrat|did not match|Minified React error #418|#423|#425/i.test(e))).toEqual([]);

      const account = newAccount('prerender');
      await register(page, account);
      await signIn(page, account.email, account.password);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
