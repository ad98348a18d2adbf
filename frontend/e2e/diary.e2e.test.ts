/**
 * The demo diary end to end, in Debian's Chromium against a running `kesi serve` whose demo
 * account was just reset. KESI_E2E_URL names the server (default http://127.0.0.1:8080).
 */
import { AxeBuilder } from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BASE = process.env.KESI_E2E_URL ?? 'http://127.0.0.1:8080';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const OUT = mkdtempSync(join(tmpdir(), 'kesi-e2e-'));

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ARGS });
});
afterAll(async () => {
  await browser.close();
});

async function signIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${BASE}/login?demo=true`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  return page;
}

async function rpc<T>(page: Page, method: string, body: unknown = {}): Promise<T> {
  const res = await page.request.post(`${BASE}/kesi.v1.CaseService/${method}`, {
    data: body,
    // Kesi's own page sends its Origin; the write guard refuses a cookie-carrying call without it.
    headers: { Origin: BASE },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as T;
}

async function axe(page: Page, name: string) {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

describe('the demo diary on a desktop', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true, reducedMotion: 'reduce' });
    page = await signIn(context);
  });
  afterAll(async () => {
    await context.close();
  });

  it('dashboard counts match the API', async () => {
    const week = await rpc<{ cases?: unknown[] }>(page, 'ListWeekCases');
    const all = await rpc<{ cases?: unknown[] }>(page, 'ListCases');
    await expect.poll(() => page.getByTestId('stat-week').textContent()).toBe(String(week.cases?.length ?? 0));
    await expect.poll(() => page.getByTestId('stat-total').textContent()).toBe(String(all.cases?.length ?? 0));
    await axe(page, 'dashboard');
  });

  it('cases: search and tabs filter, a case opens, an outcome is recorded', async () => {
    await page.goto(`${BASE}/cases`);
    await page.getByRole('heading', { name: 'Case Management' }).waitFor();
    await page.locator('tbody tr:not([data-testid=skeleton-row])').first().waitFor();
    const total = await page.locator('tbody tr').count();
    await page.getByRole('tab', { name: 'Hearing' }).click();
    const hearing = await page.locator('tbody tr').count();
    expect(hearing).toBeLessThanOrEqual(total);
    await page.getByRole('tab', { name: 'All Cases' }).click();
    const firstId = (await page.locator('tbody tr td').first().textContent()) ?? '';
    await page.getByLabel('Search cases').fill(firstId);
    expect(await page.locator('tbody tr').count()).toBe(1);
    await axe(page, 'cases');
    await page.locator('tbody tr').first().click();
    await page.waitForURL(`**/cases/${encodeURIComponent(firstId)}`);
    await page.getByRole('button', { name: 'Back to Cases' }).waitFor();
    await axe(page, 'case detail');

    // Record an outcome with the quick date a week ahead (a weekend moves to the Monday), then
    // find the case on that day of the calendar.
    await page.getByRole('button', { name: 'Record outcome' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Outcome', { exact: true }).fill('Adjourned; e2e witness absent');
    await dialog.getByText(/^\+1 week/).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Outcome recorded', { exact: true }).first().waitFor();
    interface D { year: number; month: number; day: number }
    const got = await rpc<{ case?: { activityDate?: D } }>(page, 'GetCaseByCaseId', { caseId: firstId });
    const nextDate = got.case?.activityDate;
    expect(nextDate).toBeDefined();
    const day = await rpc<{ cases?: { caseId: string }[] }>(page, 'ListScheduledCases', { date: nextDate });
    expect(day.cases?.some((c) => c.caseId === firstId)).toBe(true);
  });

  it('documents: two files upload with progress, one downloads byte-identical, a PDF views', async () => {
    await page.getByRole('tab', { name: 'Documents' }).click();
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    // The demo account takes at most 2 MiB a file (KESI_DEMO_MAX_UPLOAD_BYTES); 1.5 MiB still
    // spans several upload progress events and several sealed chunks.
    const big = Buffer.alloc(1536 * 1024, 7);
    const a = join(OUT, 'Plaint.pdf');
    const b = join(OUT, 'Exhibit bundle.bin');
    writeFileSync(a, pdf);
    writeFileSync(b, big);
    await page.getByRole('button', { name: 'Upload Document' }).first().click();
    // The picker, not the camera's input (capture) beside it.
    await page.locator('input[type=file]:not([capture])').setInputFiles([a, b]);
    expect(await page.getByLabel('Document Title').inputValue()).toBe('Plaint');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByText('Document uploaded successfully').waitFor({ timeout: 20_000 });
    await page.getByText(/document\(s\) available/).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: /^Download/ }).first().click(),
    ]);
    const saved = join(OUT, download.suggestedFilename());
    await download.saveAs(saved);
    const digest = (buf: Buffer) => createHash('sha256').update(buf).digest('hex');
    expect([digest(pdf), digest(big)]).toContain(digest(readFileSync(saved)));
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: /^View .*Plaint\.pdf/ }).click()]);
    await popup.waitForLoadState();
    await popup.close();
  });

  it('notifications: marking a case moves it to Pending', async () => {
    await page.goto(`${BASE}/notifications`);
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    const tab = page.getByRole('tab', { name: /^Notifications \(/ });
    await expect.poll(async () => (await tab.textContent()) ?? '').not.toBe('Notifications (0)');
    const before = Number(/\((\d+)\)/.exec((await tab.textContent()) ?? '')?.[1]);
    await axe(page, 'notifications');
    await page.getByRole('button', { name: /^Mark as Updated/ }).first().click();
    await page.getByText('By marking this case as updated').waitFor();
    await page.getByRole('button', { name: 'Yes, Mark as Updated' }).click();
    await page.getByText('Case marked as updated successfully').waitFor();
    await expect.poll(async () => (await tab.textContent()) ?? '').toBe(`Notifications (${before - 1})`);
  });

  it('calendar, clients search, report print layout, 404', async () => {
    await page.goto(`${BASE}/calendar`);
    await page.getByRole('heading', { name: 'Court Calendar' }).waitFor();
    await page.getByTestId('day-count').getByText(/hearing\(s\) scheduled/).waitFor();
    await axe(page, 'calendar');

    await page.goto(`${BASE}/clients`);
    await page.getByTestId('client-count').waitFor();
    await axe(page, 'clients');
    await page.getByLabel('Search clients').fill('zzzz-nobody');
    await page.getByText('No clients found.').waitFor();

    await page.goto(`${BASE}/cases-report`);
    await page.getByRole('heading', { name: /Cases Report|Subscription Required/ }).waitFor();
    await axe(page, 'report');
    await page.emulateMedia({ media: 'print' });
    await page.screenshot({ path: join(OUT, 'report-print.png'), fullPage: true });
    await page.emulateMedia({ media: 'screen' });

    await page.goto(`${BASE}/no/such/page`);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
  });

  it('deletes a case once its ID is typed', async () => {
    await page.goto(`${BASE}/cases`);
    await page.locator('tbody tr:not([data-testid=skeleton-row])').first().waitFor();
    const id = (await page.locator('tbody tr td').first().textContent()) ?? '';
    await page.getByRole('button', { name: `Delete ${id}` }).click();
    const del = page.getByRole('dialog').getByRole('button', { name: 'Delete' });
    expect(await del.isDisabled()).toBe(true);
    await page.getByRole('dialog').getByLabel('Case ID').fill(id);
    await del.click();
    await page.getByText('Case deleted successfully').waitFor();
    await page.getByLabel('Search cases').fill(id);
    await page.getByText('No cases found').waitFor();
  });
});

describe('the demo diary on a phone', () => {
  it('swipe to delete and pull to refresh with touch', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });
    const page = await signIn(context);
    await page.goto(`${BASE}/cases`);
    const card = page.getByTestId('case-card').first();
    await card.waitFor();
    await axe(page, 'cases (phone)');
    const box = await card.boundingBox();
    if (!box) throw new Error('no card');
    const touch = async (type: string, x: number, y: number) => {
      await card.dispatchEvent(type, { touches: type === 'touchend' ? [] : [{ identifier: 1, clientX: x, clientY: y }], changedTouches: [{ identifier: 1, clientX: x, clientY: y }] });
    };
    const y = box.y + box.height / 2;
    await touch('touchstart', box.x + box.width - 10, y);
    await touch('touchmove', box.x + box.width - 70, y);
    // A move is drawn when React gets to it, not within the event: wait for the drawing.
    await expect.poll(() => page.getByTestId('swipe-hint').first().getAttribute('data-visible')).toBe('true');
    await touch('touchmove', box.x + box.width - 130, y);
    await touch('touchend', box.x + box.width - 130, y);
    await page.getByRole('dialog', { name: 'Delete Case' }).waitFor();
    await page.keyboard.press('Escape');

    await touch('touchstart', box.x + 20, 20);
    await touch('touchmove', box.x + 20, 20 + 150);
    await expect.poll(() => page.getByTestId('pull-indicator').getAttribute('data-state')).toBe('release');
    const refetch = page.waitForRequest((r) => r.url().endsWith('/kesi.v1.CaseService/ListCases'));
    await touch('touchend', box.x + 20, 170);
    await refetch;
    await context.close();
  });
});
