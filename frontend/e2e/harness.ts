/** Helpers for the browser suite: Chromium, viewports, axe, dev mail and account flows. */
import { AxeBuilder } from '@axe-core/playwright';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const baseURL = (): string => inject('baseURL');
export const dataDir = (): string => inject('dataDir');

/** TOOLCHAIN.md's launch flags for Debian's Chromium; never a downloaded browser. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export type Viewport = 'desktop' | 'phone';

export const VIEWPORTS: Record<Viewport, Parameters<Browser['newContext']>[0]> = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
};

export function newContext(browser: Browser, viewport: Viewport): Promise<BrowserContext> {
  // Reduced motion: Mantine then skips its transitions, so axe never measures
  // the contrast of a dialog caught halfway through fading in.
  return browser.newContext({ ...VIEWPORTS[viewport], baseURL: baseURL(), reducedMotion: 'reduce' });
}

/**
 * Collects the page's console errors and uncaught exceptions. A failed HTTP answer the app
 * expects (a 401 while checking a stale session) is logged by Chromium as "Failed to load
 * resource"; those are left out.
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** No serious or critical axe violations on the page as it stands. */
export async function expectAccessible(page: Page, name: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The newest reset code mailed to `email`, read from $KESI_DATA_DIR/mail/*.eml. */
export async function latestResetCode(email: string, after = 0): Promise<string> {
  const dir = join(dataDir(), 'mail');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let files: { path: string; mtime: number }[] = [];
    try {
      files = readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .map((f) => ({ path: join(dir, f), mtime: statSync(join(dir, f)).mtimeMs }))
        .filter((f) => f.mtime >= after)
        .sort((a, b) => b.mtime - a.mtime);
    } catch {
      // no mail yet
    }
    for (const f of files) {
      const text = readFileSync(f.path, 'utf8');
      if (!text.toLowerCase().includes(email.toLowerCase())) continue;
      const m = /Your Kesi reset code is (\d{6})/.exec(text);
      if (m?.[1]) return m[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset code mailed to ${email}`);
}

let counter = 0;
/** A unique address per call, so tests never collide on a shared server. */
export function uniqueEmail(prefix: string): string {
  counter++;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.co.ke`;
}

export interface Account {
  name: string;
  email: string;
  phone: string;
  password: string;
}

export function newAccount(prefix: string): Account {
  return { name: 'Wanjiru Kamau', email: uniqueEmail(prefix), phone: '0712345678', password: 'secret-123' };
}

/**
 * Waits for the page to reach `url`; failing, says where it is and what it shows (a notification
 * of a refused sign-in, a field's error), which a bare timeout does not.
 */
export async function arrive(page: Page, url: string): Promise<void> {
  try {
    await page.waitForURL(url);
  } catch (err) {
    const shown = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch(() => '(unreadable)');
    throw new Error(`${String(err)}\nstill at ${page.url()}, showing:\n${shown.slice(0, 800)}`, { cause: err });
  }
}

/** Fills /register (with `query`, e.g. '?role=affiliate') and lands on /login. */
export async function register(page: Page, account: Account, query = ''): Promise<void> {
  await page.goto(`/register${query}`);
  await page.getByLabel('Full Name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Phone Number').fill(account.phone);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByLabel('Confirm Password').fill(account.password);
  await page.getByRole('button', { name: /Create Account|Join as Affiliate/ }).click();
  await arrive(page, '**/login');
}

/** Signs in through /login and waits for the landing route of the role. */
export async function signIn(page: Page, email: string, password: string, lands = '**/dashboard'): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await arrive(page, lands);
}

/** Signs out as a person would: the sidebar's button on a desktop; on a phone the header's More
 * menu, then the confirmation (a stray tap at court must not end the session). */
export async function signOutFrom(page: Page): Promise<void> {
  // Mantine's sm breakpoint (48em): below it the header's More menu replaces the sidebar.
  if ((page.viewportSize()?.width ?? 1366) < 768) {
    await page.getByRole('button', { name: 'More' }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    return;
  }
  await page.getByRole('button', { name: 'Sign Out' }).filter({ visible: true }).first().click();
}

/** Today in Nairobi as YYYY-MM-DD: the courts' day, which the server's "today" is. */
export function nairobiToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
}

/**
 * Makes sure the signed-in diary on page has sittings today, and reloads the page when it had to
 * write them. The demo puts its hearings on court days, so on a weekend or a public holiday in
 * Nairobi its today is empty, as a real diary's would be, and the tests of the day would have
 * nothing to look at. Then three hearings are written for today, as an advocate may write a
 * sitting on any day, through the Connect door from the page itself (its cookies and origin).
 */
export async function ensureSittingsToday(page: Page): Promise<void> {
  const day = nairobiToday();
  const today: unknown = await page.evaluate(async (day) => {
    const res = await fetch(`/api/caseschedule/scheduled?date=${day}`);
    if (!res.ok) throw new Error(`today's sittings: ${res.status}`);
    return (await res.json()) as unknown;
  }, day);
  if (Array.isArray(today) && today.length > 0) return;
  await writeCase(page, 'HCCC/E901/2026', 'Kamau Traders Ltd v Achieng Logistics Ltd', day, '09:00');
  await writeCase(page, 'HCCC/E902/2026', 'Njeri Farm Supplies v Baraka Motors', day, '10:00');
  await writeCase(page, 'HCCC/E903/2026', 'Republic v Mutua', day, '14:30');
  await page.reload();
}

/**
 * Writes a case with a hearing on day (YYYY-MM-DD) into the signed-in diary on page, through the
 * Connect door from the page itself; a case of that number already there is left as it is.
 */
export async function writeCase(page: Page, caseId: string, parties: string, day: string, time: string): Promise<void> {
  await page.evaluate(
    async ({ caseId, parties, day, time }) => {
      const [year, month, date] = day.split('-').map(Number);
      const r = await fetch('/kesi.v1.CaseService/CreateCase', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ caseId, parties, lawCourt: 'Milimani Law Courts', activity: 'Hearing', activityDate: { year, month, day: date }, time }),
      });
      // 409: the diary has a case of that number already.
      if (!r.ok && r.status !== 409) throw new Error(`write ${caseId}: ${r.status} ${await r.text()}`);
    },
    { caseId, parties, day, time },
  );
}

/** Pays a month through the dev checkout, from the plan modal an unpaid lawyer meets. */
export async function payMonthly(page: Page): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Choose Your Subscription Plan' });
  await modal.waitFor();
  await modal.getByRole('radio', { name: /Monthly/ }).check();
  await modal.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.waitForURL('**/dev/checkout/**');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/success?**');
  await expect.poll(() => page.getByRole('heading', { name: 'Payment Successful!' }).isVisible(), { timeout: 15_000 }).toBe(true);
}
