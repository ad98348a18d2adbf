/**
 * Journeys that broke (issue 13, items 7, 8, 9 and 11): no redirect loop for any role on any
 * guarded route, the demo's Upgrade to Real Account ending the demo, signing out in every tab at
 * once, installing the browser extension from Kesi, a case's clients, and the printed report.
 * Screenshots go to $KESI_SHOTS (default a temporary directory) to be looked at.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arrive, baseURL, expectAccessible, launch, newAccount, payMonthly, register, signIn, signOutFrom, watchConsole } from './harness';

const SHOTS = process.env.KESI_SHOTS ?? mkdtempSync(join(tmpdir(), 'kesi-journeys-'));
mkdirSync(SHOTS, { recursive: true });

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const DESK = { viewport: { width: 1366, height: 768 } };

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

async function open(options: Parameters<Browser['newContext']>[0]): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ ...options, baseURL: baseURL(), reducedMotion: 'reduce' });
  const page = await context.newPage();
  return { context, page, errors: watchConsole(page) };
}

async function signInDemo(page: Page): Promise<void> {
  await page.goto('/login?demo=true');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await arrive(page, '**/dashboard');
}


const GUARDED = [
  '/dashboard',
  '/cases',
  '/cases/MCCC%2FE3574%2F2022',
  '/cases-report',
  '/notifications',
  '/calendar',
  '/cause-lists',
  '/clients',
  '/settings',
  '/connect-extension',
  '/affiliate-dashboard',
];

type Role = 'visitor' | 'demo' | 'lawyer' | 'unpaid lawyer' | 'affiliate';

/** Signs a fresh context in as the role. */
async function signInAs(page: Page, role: Role): Promise<void> {
  if (role === 'visitor') return;
  if (role === 'demo') {
    await signInDemo(page);
    return;
  }
  const account = newAccount(role.replace(' ', '-'));
  await register(page, account, role === 'affiliate' ? '?role=affiliate' : '');
  await signIn(page, account.email, account.password, role === 'affiliate' ? '**/affiliate-dashboard' : '**/dashboard');
  if (role === 'lawyer') await payMonthly(page);
}

describe('no redirect loop for any role on any guarded route', () => {
  for (const role of ['visitor', 'demo', 'lawyer', 'unpaid lawyer', 'affiliate'] as const) {
    it(`${role}: at most one redirect on each route`, async () => {
      const { context, page } = await open(DESK);
      await signInAs(page, role);
      // The main frame's navigations, each one's path; a page load also reports its own
      // path once more as the app starts, so repeats in a row are one stop.
      let paths: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
      });
      const seen: string[] = [];
      for (const route of GUARDED) {
        paths = [];
        await page.goto(route);
        // A loop makes hundreds of navigations a second: a moment is enough to see one.
        await page.waitForTimeout(1_200);
        const stops = paths.filter((p, i) => i === 0 || p !== paths[i - 1]);
        seen.push(`${route} -> ${new URL(page.url()).pathname}: ${stops.join(' > ')} (${String(paths.length)})`);
        // The route itself and at most one redirect.
        expect(stops.length, `${role} opening ${route} (${seen.join('; ')})`).toBeLessThanOrEqual(2);
        expect(paths.length, `${role} opening ${route} (${seen.join('; ')})`).toBeLessThanOrEqual(4);
      }
      // The guard's answers, by role: SPEC.md section 2.
      const landed = (route: string) => seen.find((s) => s.startsWith(`${route} ->`))?.split(' -> ')[1]?.split(':')[0];
      if (role === 'visitor') expect(landed('/dashboard')).toBe('/login');
      if (role === 'demo' || role === 'lawyer' || role === 'unpaid lawyer') expect(landed('/affiliate-dashboard')).toBe('/dashboard');
      if (role === 'affiliate') expect(landed('/dashboard')).toBe('/affiliate-dashboard');
      await context.close();
    });
  }
});

describe('the demo, then Upgrade to Real Account, then Register', () => {
  it('ends the demo and signs the new account in with its e-mail filled in', async () => {
    const { context, page, errors } = await open(PHONE);
    await signInDemo(page);
    await page.getByRole('link', { name: 'Upgrade to Real Account' }).first().click();
    await page.waitForURL('**/register');
    const account = newAccount('upgrade');
    await register(page, account);
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    await page.screenshot({ path: join(SHOTS, 'phone-login-after-register.png') });
    // The demo is over: a signed-in page sends to /login, and the server says no one is signed in.
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    const me = await page.request.get('/api/auth/me');
    expect(me.status()).toBe(401);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel(/^Password/).fill(account.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/dashboard');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('signing out in one tab', () => {
  it('signs out the other tabs at once', async () => {
    const { context, page } = await open(DESK);
    await signInDemo(page);
    const other = await context.newPage();
    await other.goto('/cases');
    await other.getByRole('heading', { name: 'Case Management' }).waitFor();
    await signOutFrom(page);
    await page.waitForURL('**/login');
    // No reload, no click: the other tab follows by itself.
    await other.waitForURL('**/login', { timeout: 5_000 });
    // The toast says why, and only that: not that the session expired (the other tab must not
    // meet a call refused for the revoked cookies first).
    await expect.poll(() => other.locator('.mantine-Notification-description').allTextContents(), { timeout: 5_000 }).toEqual(['You signed out in another tab.']);
    await context.close();
  });
});

describe('installing the browser extension from Kesi', () => {
  it('serves the packaged extension', async () => {
    const res = await fetch(`${baseURL()}/downloads/kesi-extension.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const body = new Uint8Array(await res.arrayBuffer());
    // A zip file: "PK\x03\x04", and it holds the manifest the browser loads.
    expect([...body.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    expect(Buffer.from(body).includes('manifest.json')).toBe(true);
  });

  for (const [name, options] of [
    ['desk', DESK],
    ['phone', PHONE],
  ] as const) {
    it(`the empty diary and /connect-extension on a ${name}`, async () => {
      const { context, page, errors } = await open(options);
      const account = newAccount(`first-${name}`);
      await register(page, account);
      await signIn(page, account.email, account.password);
      await payMonthly(page);
      await page.goto('/dashboard');
      const first = page.getByTestId('first-case');
      await first.waitFor();
      expect(await first.getByRole('button', { name: 'Add your first case' }).isVisible()).toBe(true);
      const install = first.getByRole('link', { name: 'Install the browser extension' });
      // Browser extensions install on a computer: the phone is offered the typed-in form only.
      expect(await install.isVisible()).toBe(name === 'desk');
      await page.screenshot({ path: join(SHOTS, `${name}-first-case.png`), fullPage: true });
      await expectAccessible(page, `${name} first case`);
      if (name === 'desk') await install.click();
      else await page.goto('/connect-extension');
      await page.waitForURL('**/connect-extension');
      const steps = page.getByTestId('install-extension');
      await steps.waitFor();
      expect(await steps.getByText(/Turn on Developer mode/).isVisible()).toBe(true);
      expect(await steps.getByText(/Click Load unpacked/).isVisible()).toBe(true);
      const download = steps.getByRole('link', { name: /Download the extension/ });
      expect(await download.getAttribute('href')).toBe('/downloads/kesi-extension.zip');
      if (name === 'desk') {
        const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
        expect(file.suggestedFilename()).toBe('kesi-extension.zip');
      }
      await page.screenshot({ path: join(SHOTS, `${name}-connect-extension.png`), fullPage: true });
      await expectAccessible(page, `${name} connect extension`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe("a case's clients", () => {
  for (const [name, options] of [
    ['phone', PHONE],
    ['desk', DESK],
  ] as const) {
    it(`links a client, reaches them by phone, WhatsApp and e-mail, and unlinks them (${name})`, async () => {
      const { context, page, errors } = await open(options);
      await signInDemo(page);
      // A client of one's own, so that the shared demo's other tests are left alone.
      const clientName = `Achieng Otieno ${name}`;
      const created = await page.evaluate(
        async ({ clientName }) => {
          const res = await fetch('/kesi.v1.ClientService/CreateClient', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', 'Connect-Protocol-Version': '1' },
            body: JSON.stringify({ client: { fullname: clientName, phoneNumber: '0712 345 678', email: 'achieng@example.co.ke', clientType: 'Individual' } }),
          });
          return res.status;
        },
        { clientName },
      );
      expect(created).toBeLessThan(300);
      await page.goto('/cases/MCCC/E3574/2022');
      const box = page.getByTestId('case-clients');
      await box.waitFor();
      const pick = box.getByLabel('Link a client');
      await pick.click();
      await pick.fill(clientName.slice(0, 12));
      await page.getByRole('option', { name: clientName }).click();
      await box.getByRole('button', { name: 'Link', exact: true }).click();
      const link = box.getByRole('link', { name: clientName, exact: true });
      await link.waitFor();
      const item = box.locator('li').filter({ has: page.getByRole('link', { name: clientName, exact: true }) });
      expect(await item.getByRole('link', { name: /^Call/ }).getAttribute('href')).toBe('tel:+254712345678');
      expect(await item.getByRole('link', { name: /^WhatsApp/ }).getAttribute('href')).toBe('https://wa.me/254712345678');
      expect(await item.getByRole('link', { name: /^E-mail/ }).getAttribute('href')).toBe('mailto:achieng@example.co.ke');
      await item.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `${name}-case-clients.png`) });
      await expectAccessible(page, `${name} case clients`);
      await box.getByRole('button', { name: `Unlink ${clientName} from this case` }).click();
      await expect.poll(() => box.getByRole('link', { name: clientName, exact: true }).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('the Cases Report', () => {
  it('prints compactly: a table, page numbers, the advocate and the dates on every page', async () => {
    const { context, page } = await open(DESK);
    await signInDemo(page);
    await page.goto('/cases-report');
    const table = page.getByTestId('print-table');
    await table.waitFor({ state: 'attached' });
    const matters = await table.locator('tbody tr').count();
    expect(matters).toBeGreaterThan(0);
    await page.screenshot({ path: join(SHOTS, 'desk-report.png') });
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(SHOTS, 'desk-report-print.png'), fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: false });
    const file = join(SHOTS, 'report.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file]).toString();
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    // About 25 matters a page (37 took 6 half-empty pages before).
    expect(pages).toBeLessThanOrEqual(Math.max(1, Math.ceil(matters / 22)));
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    const perPage = text.split('\f').filter((p) => p.trim());
    for (const [i, p] of perPage.entries()) {
      expect(p, `page ${String(i + 1)}`).toContain('Cases from');
      expect(p, `page ${String(i + 1)}`).toContain(`Page ${String(i + 1)} of ${String(pages)}`);
    }
    await context.close();
  });
});

describe("the calendar's Week toggle and the demo's subscription", () => {
  for (const [name, options] of [
    ['phone', PHONE],
    ['desk', DESK],
  ] as const) {
    it(`shows the week, day by day with its sittings (${name})`, async () => {
      const { context, page, errors } = await open(options);
      await signInDemo(page);
      await page.goto('/calendar');
      await page.getByText('Week', { exact: true }).click();
      const week = page.getByTestId('week-view');
      await week.waitFor();
      expect(await week.getByTestId('week-day').count()).toBe(7);
      // The demo's diary has sittings this week (on court days).
      await expect.poll(() => week.getByTestId('hearing-card').count()).toBeGreaterThan(0);
      await page.screenshot({ path: join(SHOTS, `${name}-calendar-week.png`), fullPage: true });
      await expectAccessible(page, `${name} calendar week`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("shows the demo's subscription as its report does", async () => {
    const { context, page } = await open(DESK);
    await signInDemo(page);
    await page.goto('/cases-report');
    const subtitle = await page.getByText(/^Upcoming cases from/).textContent();
    const end = /to (.+)$/.exec(subtitle ?? '')?.[1] ?? '';
    expect(end).not.toBe('');
    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Subscription' }).click();
    await expect.poll(() => page.getByText('Active', { exact: true }).isVisible()).toBe(true);
    // The same last day, written the Kenyan way on both.
    const [, day, month, year] = /\w+ (\d+) (\w+) (\d{4})/.exec(end) ?? [];
    await expect.poll(async () => (await page.locator('main').textContent()) ?? '').toMatch(new RegExp(`${String(day)} ${String(month)}\\w* ${String(year)}`));
    await page.screenshot({ path: join(SHOTS, 'desk-demo-subscription.png') });
    await context.close();
  });
});
