/**
 * Two-step sign-in in Chromium against the real `kesi serve`, on a 360x740 phone and a
 * 1366x768 desktop: turn it on in Settings -> Security (the code computed here from the key the
 * page shows, as an authenticator app would), sign out, sign in with a code, sign out, sign in
 * with a recovery code. Screenshots go to $KESI_SHOTS (default a temporary directory).
 */
import { createHmac } from 'node:crypto';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, launch, newAccount, payMonthly, register, signIn, signOutFrom, watchConsole } from './harness';

const SHOTS = process.env.KESI_SHOTS ?? mkdtempSync(join(tmpdir(), 'kesi-twostep-'));
mkdirSync(SHOTS, { recursive: true });

/** RFC 4648 base32, no padding. */
function base32(s: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of s.replace(/\s+/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) of the key at `at` milliseconds. */
function totp(key: Buffer, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const off = mac.readUInt8(mac.length - 1) & 0x0f;
  const bin = mac.readUInt32BE(off) & 0x7fffffff;
  return String(bin % 1_000_000).padStart(6, '0');
}

const SIZES = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 768 } },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

describe.each<keyof typeof SIZES>(['phone', 'desktop'])('on a %s', (size) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeEach(async () => {
    context = await browser.newContext({ ...SIZES[size], baseURL: baseURL(), reducedMotion: 'reduce' });
    page = await context.newPage();
    errors = watchConsole(page);
  });
  afterEach(async () => {
    await context.close();
    expect(errors).toEqual([]);
  });

  /**
   * How long a sign-in's answer may take to show: the server checks the password's argon2id hash
   * first (0.5 to 0.7 s in CI while the Go tests run beside the browser), longer than expect.poll's
   * default second.
   */
  const SIGN_IN_MS = 15_000;

  /** Signed in: back on the page signing out left (Settings), not on /login. */
  async function signedIn() {
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await expect.poll(() => page.getByText('Login successful!').isVisible(), { timeout: SIGN_IN_MS }).toBe(true);
  }

  async function signInToSecondStep(email: string, password: string) {
    await page.goto('/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect.poll(() => page.getByText('Enter the 6-digit code from your authenticator app.').isVisible(), { timeout: SIGN_IN_MS }).toBe(true);
  }

  it('turn on two-step sign-in, then sign in with a code and with a recovery code', { timeout: 120_000 }, async () => {
    const account = newAccount(`two-step-${size}`);
    await register(page, account);
    await signIn(page, account.email, account.password);
    // A new lawyer pays first (the plan modal), through the dev checkout.
    await payMonthly(page);
    await page.getByRole('link', { name: 'Continue to Dashboard' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Turn On Two-Step Sign-In' }).click();
    await expect.poll(() => page.getByRole('img', { name: 'QR code for your authenticator app' }).isVisible()).toBe(true);
    const key = base32((await page.getByTestId('two-step-secret').textContent()) ?? '');
    expect(key.length).toBe(20);
    await page.screenshot({ path: join(SHOTS, `${size}-two-step-setup.png`), fullPage: true });
    await expectAccessible(page, 'two-step setup');

    // A wrong code is refused with the server's words; the right one turns it on.
    await page.getByLabel('6-digit code').fill(totp(key) === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Turn On', exact: true }).click();
    await expect.poll(() => page.getByText(/That code is not right/).isVisible()).toBe(true);
    await page.getByLabel('6-digit code').fill(totp(key));
    await page.getByRole('button', { name: 'Turn On', exact: true }).click();
    await expect.poll(() => page.getByText('Save your recovery codes').isVisible()).toBe(true);
    const codes = await page.getByRole('list', { name: 'Save your recovery codes' }).locator('code').allTextContents();
    expect(codes).toHaveLength(10);
    const recovery = codes[0] ?? '';
    expect(codes.every((c) => /^[A-Z2-9]{4}(-[A-Z2-9]{4}){5}$/.test(c))).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Download' }).isVisible()).toBe(true);
    await page.screenshot({ path: join(SHOTS, `${size}-two-step-recovery-codes.png`), fullPage: true });
    await expectAccessible(page, 'recovery codes');
    await page.getByRole('button', { name: "I've saved them" }).click();
    await expect.poll(() => page.getByText('10 recovery codes left').isVisible()).toBe(true);

    // Sign out; the password alone now leads to the second step. The code of the next
    // 30-second step is accepted at once (one step of clock drift either way), and is a
    // code not used before.
    await signOutFrom(page);
    await page.waitForURL('**/login');
    await signInToSecondStep(account.email, account.password);
    await page.screenshot({ path: join(SHOTS, `${size}-sign-in-code.png`), fullPage: true });
    await expectAccessible(page, 'sign-in second step');
    await page.getByLabel('Authentication code').fill(totp(key, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn();

    // And with a recovery code, typed in lower case.
    await signOutFrom(page);
    await page.waitForURL('**/login');
    await signInToSecondStep(account.email, account.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery.toLowerCase());
    await page.screenshot({ path: join(SHOTS, `${size}-sign-in-recovery.png`), fullPage: true });
    await page.getByRole('button', { name: 'Verify' }).click();
    await signedIn();

    // The same recovery code works once.
    await signOutFrom(page);
    await page.waitForURL('**/login');
    await signInToSecondStep(account.email, account.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recovery);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(() => page.getByText('That recovery code is not right or was already used.').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
