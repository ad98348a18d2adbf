/**
 * Issue 17: the public pages are prerendered at build time, so their text shows before any
 * script runs, and they are hydrated (not redrawn) when it does: a visitor's form then works.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, ensureSittingsToday, launch, newAccount, payMonthly, register, signIn, VIEWPORTS, watchConsole } from './harness';

const PAGES: [string, string][] = [
  ['/', 'Your court diary, always one step ahead'],
  ['/affiliate', 'Earn with the Kesi Affiliate Program'],
  ['/privacy', 'Privacy Policy'],
  ['/login', 'Welcome Back'],
  ['/register', 'Create Your Account'],
  ['/forgot-password', 'Forgot Password'],
];

/** Screenshots to be looked at: $KESI_SHOTS, or a temporary directory. */
const SHOTS = process.env.KESI_SHOTS ?? mkdtempSync(join(tmpdir(), 'kesi-prerender-'));

/**
 * The session of context as a phone holds it on a cold visit: its cookies and stored profile, not
 * the dashboard kept in local storage (with which nothing would be fetched ahead).
 */
async function sessionOnly(context: BrowserContext) {
  const state = await context.storageState();
  for (const origin of state.origins) origin.localStorage = origin.localStorage.filter((item) => item.name !== 'kesi.snapshot');
  return state;
}

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

  it('keep the ids of their fields once hydrated: one render, and each label still names its field', async () => {
    // Mantine's own useId swapped every prerendered id for a random one in a second render just
    // after hydrating (src/lib/mantineUseId.ts takes React's id instead).
    const still = await browser.newContext({ ...VIEWPORTS.phone, baseURL: baseURL(), javaScriptEnabled: false });
    const context = await browser.newContext({ ...VIEWPORTS.phone, baseURL: baseURL() });
    try {
      const ids = (page: Page) => page.$$eval('input', (inputs) => inputs.map((input) => input.id));
      const drawn = await still.newPage();
      await drawn.goto('/login');
      const served = await ids(drawn);
      const page = await context.newPage();
      await page.goto('/login', { waitUntil: 'networkidle' });
      expect(served.length).toBeGreaterThan(1);
      expect(served.every((id) => /^mantine-[\w-]+$/.test(id))).toBe(true);
      expect(await ids(page)).toEqual(served);
      const email = page.getByLabel('Email');
      expect(served).toContain(await email.getAttribute('id'));
      await email.fill('wanjiru@example.co.ke');
      expect(await email.inputValue()).toBe('wanjiru@example.co.ke');
    } finally {
      await still.close();
      await context.close();
    }
  });

  it('keep what was typed before the script arrived, hydrated or drawn afresh', async () => {
    // A slow connection: the prerendered form is on screen and filled in before any script runs.
    // Hydrating used to write the form's empty state back over the text; a page drawn afresh
    // (an address with a query) replaced the inputs. CI saw it as a registration that never
    // reached /login on a loaded machine.
    for (const [path, submit, lands] of [
      ['/register', 'Create Account', '**/login'],
      ['/register?role=affiliate', 'Join as Affiliate', '**/login'],
    ] as const) {
      const context = await browser.newContext({ ...VIEWPORTS.phone, baseURL: baseURL(), serviceWorkers: 'block' });
      const page = await context.newPage();
      const errors = watchConsole(page);
      const gate: { open?: () => void } = {};
      const scripts = new Promise<void>((resolve) => {
        gate.open = resolve;
      });
      await page.route(/\.js$/, async (route) => {
        await scripts;
        await route.continue();
      });
      try {
        await page.goto(path, { waitUntil: 'commit' });
        const account = newAccount('typed-early');
        await page.getByLabel('Full Name').fill(account.name);
        await page.getByLabel('Email').fill(account.email);
        await page.getByLabel('Phone Number').fill(account.phone);
        await page.getByLabel(/^Password/).fill(account.password);
        await page.getByLabel('Confirm Password').fill(account.password);
        expect(await page.getByRole('button', { name: 'Create Account' }).isDisabled(), path).toBe(true);

        gate.open?.();
        const button = page.getByRole('button', { name: submit });
        await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
        expect(await page.getByLabel('Email').inputValue(), path).toBe(account.email);
        expect(await page.getByLabel('Confirm Password').inputValue(), path).toBe(account.password);
        await button.click();
        await page.waitForURL(lands);
        expect(await page.getByLabel('Email').inputValue(), path).toBe(account.email);
        expect(errors, path).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("draw a sign-in screen's notice with its form, so nothing moves under the finger", async () => {
    // The notices (a demo's, an affiliate's) used to load after their form and push it down once
    // they came: CI saw the demo's tap on Sign In land beside the button, and never sign in.
    for (const [path, submit] of [
      ['/login?demo=true', 'Sign In'],
      ['/register?role=affiliate', 'Join as Affiliate'],
    ] as const) {
      const context = await browser.newContext({ ...VIEWPORTS.phone, baseURL: baseURL(), serviceWorkers: 'block' });
      const page = await context.newPage();
      // Every script comes 300 ms late, as on a slow connection.
      await page.route(/\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.continue();
      });
      try {
        await page.goto(path);
        const button = page.getByRole('button', { name: submit });
        await expect.poll(() => button.isEnabled(), { timeout: 15_000 }).toBe(true);
        const first = await button.boundingBox();
        await page.waitForLoadState('networkidle');
        expect(await button.boundingBox(), path).toEqual(first);
      } finally {
        await context.close();
      }
    }
  });

  it('a cold visit on a day without matters finds it painted as the app draws it, and the app does not ask again', async () => {
    const context = await browser.newContext({ ...VIEWPORTS.phone, baseURL: baseURL(), serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      // A new advocate, paid: no case, so nothing today.
      const account = newAccount('paintempty');
      await register(page, account);
      await signIn(page, account.email, account.password);
      await payMonthly(page);
      await page.goto('/dashboard');
      await expect.poll(() => page.getByText('No cases scheduled for today').count(), { timeout: 15000 }).toBe(1);
      const state = await sessionOnly(context);
      const cold = await browser.newContext({ ...VIEWPORTS.phone, baseURL: baseURL(), serviceWorkers: 'block', storageState: state });
      try {
        const visit = await cold.newPage();
        const errors = watchConsole(visit);
        const today: string[] = [];
        visit.on('request', (req) => {
          if (req.url().endsWith('/kesi.v1.CaseService/ListScheduledCases')) today.push(req.postData() ?? '');
        });
        const served = (await (await visit.goto('/dashboard', { waitUntil: 'networkidle' }))?.text()) ?? '';
        expect(served).toContain('<div id="root" data-painted="/dashboard">');
        expect(served).toContain('No cases scheduled for today');
        expect(served).toContain(`Welcome back, ${account.name}`);
        expect(served).toContain('data-testid="stat-today">0<');
        expect(served).not.toContain('@@');
        expect(served).not.toContain('data-testid="sitting-card"');
        // The app takes the painted (empty) answer over: the same screen, and today not asked for.
        await expect.poll(() => visit.getByRole('heading', { name: `Welcome back, ${account.name}` }).count(), { timeout: 15000 }).toBe(1);
        expect(await visit.getByTestId('stat-today').textContent()).toBe('0');
        expect(await visit.getByText('No cases scheduled for today').count()).toBe(1);
        expect(today).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await cold.close();
      }
    } finally {
      await context.close();
    }
  });

  it('the signed-in dashboard preloads its screen from the first byte, and a cold visit finds today painted by the server', async () => {
    const context = await browser.newContext({ ...VIEWPORTS.phone, baseURL: baseURL(), serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = watchConsole(page);
    try {
      // The demo diary, with sittings today.
      await page.goto('/login?demo=true');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/dashboard');
      await ensureSittingsToday(page);
      // The HTML names every chunk the screen loads before it draws, ahead of its scripts, so that
      // they come in parallel with the entry rather than in waves as the router finds them. Its
      // scripts fetch them when nothing kept on the phone is painted, and run them, the entry
      // first (src/app/offline/snapshot.ts; a painted dashboard is the offline suite's).
      const html = await (await page.request.get('/dashboard')).text();
      const listed = /<meta name="kesi-modules" content="([^"]+)">/.exec(html)?.[1]?.split(' ') ?? [];
      expect(listed.length).toBeGreaterThan(10);
      expect(listed[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      expect(html.indexOf('name="kesi-modules"')).toBeLessThan(html.indexOf('<script>'));
      expect(html).not.toMatch(/<script type="module"|rel="modulepreload"|rel="preload"/);
      for (const href of listed) {
        const res = await page.request.get(href);
        expect(res.status(), href).toBe(200);
        expect(res.headers()['content-type'], href).toMatch(/javascript/);
      }
      // A cold visit (the session and the stored profile only: no diary on the device, and not
      // the dashboard the first visit kept in local storage once its lists had come, with which
      // nothing would be fetched ahead): the server paints today's sittings into the page
      // (backend/internal/web/paint.go), and the app draws the answer they were painted from
      // without asking again.
      const state = await sessionOnly(context);
      const cold = await browser.newContext({ ...VIEWPORTS.phone, baseURL: baseURL(), serviceWorkers: 'block', storageState: state });
      try {
        const visit = await cold.newPage();
        const coldErrors = watchConsole(visit);
        const today: string[] = [];
        const activities: string[] = [];
        visit.on('request', (req) => {
          if (req.url().endsWith('/kesi.v1.CaseService/ListScheduledCases')) today.push(req.postData() ?? '');
          if (req.url().endsWith('/kesi.v1.CaseService/ListCaseActivities')) activities.push(req.postData() ?? '');
        });
        const served = await (await visit.goto('/dashboard', { waitUntil: 'networkidle' }))?.text();
        expect(served).toContain('<div id="root" data-painted="/dashboard">');
        expect(served).not.toContain('@@');
        // Painted by the server: no module fetched ahead (the stylesheets have the line to
        // themselves until the first paint), every listed one run after it.
        const fetched = await visit.evaluate(() => ({
          preloaded: [...document.querySelectorAll<HTMLLinkElement>('head link[rel="preload"][as="script"]')].map((l) => new URL(l.href).pathname),
          run: [
            ...[...document.querySelectorAll<HTMLScriptElement>('body script[type="module"]')].map((s) => new URL(s.src).pathname),
            ...[...document.querySelectorAll<HTMLLinkElement>('body link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname),
          ],
        }));
        expect(fetched.preloaded).toEqual([]);
        expect(fetched.run).toEqual(listed);
        await expect.poll(() => visit.getByTestId('stat-today').textContent(), { timeout: 15000 }).toMatch(/^[1-9]\d*$/);
        const count = Number(await visit.getByTestId('stat-today').textContent());
        const cards = visit.locator('section[aria-labelledby="today-title"] [data-testid="sitting-card"]');
        expect(await cards.count()).toBe(count);
        expect(served?.split('data-testid="sitting-card"')).toHaveLength(count + 1);
        expect(today).toEqual([]);
        // Nor the cards' last outcomes: they came with the page too.
        expect(activities).toEqual([]);
        // The app's cards are the painted ones, drawn again: same matters, same order, and the
        // app's own (its buttons work).
        const appCards = await cards.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')));
        expect(served?.match(/data-testid="sitting-card" aria-label="[^"]*"/g)?.map((m) => /aria-label="([^"]*)"/.exec(m)?.[1])).toEqual(appCards);
        await cards.first().getByRole('button', { name: /^Record outcome for / }).click();
        await expect.poll(() => visit.getByRole('dialog').count()).toBe(1);
        expect(coldErrors).toEqual([]);
      } finally {
        await cold.close();
      }
      // Without any script (it has not come yet over a slow line), the page already shows today's
      // matters on the first screen of a 360x740 phone, each with its case number and last outcome.
      const noScript = await browser.newContext({ ...VIEWPORTS.phone, viewport: { width: 360, height: 740 }, baseURL: baseURL(), serviceWorkers: 'block', storageState: state, javaScriptEnabled: false });
      try {
        const visit = await noScript.newPage();
        await visit.goto('/dashboard');
        const first = visit.locator('[data-testid="sitting-card"]').first();
        expect(await first.isVisible()).toBe(true);
        expect(await first.getByRole('link').textContent()).toMatch(/\S/);
        expect(await first.textContent()).toMatch(/Last outcome|No outcome recorded yet/);
        expect((await first.boundingBox())?.y).toBeLessThan(740);
        await visit.screenshot({ path: join(SHOTS, 'phone-dashboard-painted.png') });
      } finally {
        await noScript.close();
      }
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
