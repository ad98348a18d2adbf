/**
 * Kesi at court with no signal, on a 360x740 phone: the diary kept on the device opens from a
 * reload offline, an outcome recorded offline reaches the server when the signal returns, the
 * dashboard kept on the phone is painted before the app's scripts run, and signing out wipes the
 * diary from the phone.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, ensureSittingsToday, launch, signOutFrom } from './harness';

type Browser = Awaited<ReturnType<typeof launch>>;
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' as const };

interface CaseRow {
  id: string;
  caseId: string;
}

async function rpc<T>(page: Page, method: string, body: unknown = {}): Promise<T> {
  const res = await page.request.post(`${baseURL()}/kesi.v1.CaseService/${method}`, {
    data: body,
    // Kesi's own page sends its Origin; the write guard refuses a cookie-carrying call without it.
    headers: { Origin: baseURL() },
  });
  expect(res.ok(), `${method}: ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/** The diary as IndexedDB holds it (idb-keyval's default store), or null. */
function storedDiary(page: Page): Promise<{ userId: string; queries: string[]; mutations: number } | null> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => { reject(open.error ?? new Error('indexedDB')); };
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onsuccess = () => {
          const get = open.result.transaction('keyval').objectStore('keyval').get('kesi.diary');
          get.onsuccess = () => {
            const v = get.result as
              | { userId: string; client: { clientState: { queries: { queryHash: string }[]; mutations: unknown[] } } }
              | undefined;
            resolve(v ? { userId: v.userId, queries: v.client.clientState.queries.map((q) => q.queryHash), mutations: v.client.clientState.mutations.length } : null);
          };
        };
      }),
  );
}

/** The dashboard kept on the phone for the next opening (src/app/offline/snapshot.ts), or null. */
function keptSnapshot(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('kesi.snapshot'));
}

async function signInDemo(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseURL()}/login?demo=true`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

function nairobiToday(): { year: number; month: number; day: number } {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date()).split('-').map(Number);
  return { year: y ?? 0, month: m ?? 0, day: d ?? 0 };
}

describe('at court with no signal, on a phone', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ ...PHONE, baseURL: baseURL() });
    page = await signInDemo(context);
    // A weekend or a holiday in Nairobi has no sittings in the demo diary: today gets some.
    await ensureSittingsToday(page);
  });
  afterAll(async () => {
    await context.close();
  });

  it('opens the diary from a reload offline, records an outcome, and sends it when the signal returns', async () => {
    const today = (await rpc<{ cases?: CaseRow[] }>(page, 'ListScheduledCases', { date: nairobiToday() })).cases ?? [];
    expect(today.length, 'the demo diary has matters today').toBeGreaterThan(0);
    const [first] = today;
    if (!first) throw new Error('the demo diary has no matters today');

    expect(await page.evaluate(async () => Boolean(await navigator.serviceWorker.ready))).toBe(true);
    // The diary is written to the device (throttled to once a second) with today and its activities
    // (connect-query's key of the call: its method and its input).
    await expect
      .poll(async () => (await storedDiary(page))?.queries.some((h) => h.includes('"ListCaseActivities"') && h.includes(first.caseId)), { timeout: 20_000 })
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-bar').textContent(), { timeout: 15_000 }).toMatch(/^Offline - diary as of \d\d:\d\d/);
    await page.getByText(first.caseId).first().waitFor({ timeout: 15_000 });
    await page.screenshot({ path: '/tmp/offline-dashboard-360.png', fullPage: false });

    await page.getByText(first.caseId).first().click();
    await page.waitForURL(`**/cases/${encodeURIComponent(first.caseId)}`);
    // The case page, not the dashboard's cards still on screen while the route changes.
    await page.getByRole('button', { name: 'Back to Cases' }).waitFor();
    await page.getByRole('button', { name: 'Record outcome' }).click();
    const outcome = `Adjourned offline at court ${String(Date.now())}`;
    await page.getByRole('dialog').getByLabel('Outcome', { exact: true }).fill(outcome);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('offline-bar').textContent()).toContain('1 outcome waiting to send');
    await page.screenshot({ path: '/tmp/offline-waiting-360.png', fullPage: false });
    // Kept on the device: a reload still has it queued.
    await expect.poll(async () => (await storedDiary(page))?.mutations).toBe(1);
    await page.reload();
    await expect.poll(() => page.getByTestId('offline-bar').textContent(), { timeout: 15_000 }).toContain('1 outcome waiting to send');

    await context.setOffline(false);
    await expect
      .poll(
        async () => {
          const acts = (await rpc<{ activities?: { outcome?: string }[] }>(page, 'ListCaseActivities', { caseId: first.caseId })).activities ?? [];
          return acts.some((a) => a.outcome === outcome);
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await expect.poll(() => page.getByTestId('offline-bar').count(), { timeout: 15_000 }).toBe(0);
  }, 150_000);

  it("paints today's matters kept on the phone before the app's scripts run, and the app draws the same over them", async () => {
    const today = (await rpc<{ cases?: CaseRow[] }>(page, 'ListScheduledCases', { date: nairobiToday() })).cases ?? [];
    const [first] = today;
    if (!first) throw new Error('the demo diary has no matters today');
    await page.goto(`${baseURL()}/dashboard`);
    await expect.poll(() => keptSnapshot(page), { timeout: 20_000 }).toContain(first.caseId);

    // From the first sitting card on: whether React had the page yet, how many of the app's
    // modules were asked for by then (none: they are added after the painting), and whether
    // today's cards ever left the screen (skeletons or nothing in their place) while it took over.
    await page.addInitScript(() => {
      const seen = { beforeApp: null as boolean | null, modulesBefore: -1, gone: false };
      (window as unknown as { __snapshotSeen: typeof seen }).__snapshotSeen = seen;
      const reactHas = (el: Element | null) => el !== null && Object.keys(el).some((k) => k.startsWith('__reactContainer'));
      new MutationObserver(() => {
        const cards = document.querySelectorAll('section[aria-labelledby="today-title"] [data-testid="sitting-card"]').length;
        if (seen.beforeApp === null) {
          if (cards > 0) {
            seen.beforeApp = !reactHas(document.getElementById('root'));
            seen.modulesBefore = document.querySelectorAll('script[type="module"], link[rel="preload"], link[rel="modulepreload"]').length;
          }
        } else if (cards === 0) seen.gone = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.getByText(first.caseId).first().waitFor();
    // The app's own render is in place once Record outcome opens its dialog.
    await page.getByRole('button', { name: 'Record outcome' }).first().click();
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    const seen = await page.evaluate(() => (window as unknown as { __snapshotSeen: { beforeApp: boolean | null; modulesBefore: number; gone: boolean } }).__snapshotSeen);
    expect(seen).toEqual({ beforeApp: true, modulesBefore: 0, gone: false });
    expect(await page.locator('body script[type="module"]').count()).toBe(1);
    expect(await page.locator('#root').getAttribute('data-snapshot')).toBe('/dashboard');
  });

  it('wipes the diary from the phone at sign-out', async () => {
    await page.goto(`${baseURL()}/dashboard`);
    await expect.poll(async () => (await storedDiary(page))?.queries.length ?? 0, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => keptSnapshot(page), { timeout: 20_000 }).not.toBeNull();
    await signOutFrom(page);
    await page.waitForURL('**/login');
    await expect.poll(() => storedDiary(page), { timeout: 10_000 }).toBeNull();
    expect(await keptSnapshot(page)).toBeNull();
  });
});
