/**
 * Real matters have long names: a consolidated petition's number, fifteen parties, a sitting
 * called "Hearing of the Notice of Motion dated 14th October 2025 (conservatory orders)".
 * On a 360x740 phone and at a 1366x768 desk every word of the case number, its status and its
 * sitting stays readable: nothing runs out of its card, nothing is cut to "H.." or stacked a
 * letter a line.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launch, newAccount, register, signIn } from './harness';

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, reducedMotion: 'reduce' as const };
const DESK = { viewport: { width: 1366, height: 768 }, reducedMotion: 'reduce' as const };

const CASE_ID = 'Constitutional Petition No. E1234 of 2025 (Consolidated with Petitions Nos. E1240, E1251 and E1302 of 2025)';
const PARTIES =
  'Wanjirū Nyambura & 14 others (suing on behalf of the Registered Trustees of Jumuiya ya Wakulima wa Chai Kericho) v The Attorney General & 6 others';
const SITTING = 'Hearing of the Notice of Motion dated 14th October 2025 (conservatory orders)';

let browser: Browser;
let account: ReturnType<typeof newAccount>;
beforeAll(async () => {
  browser = await launch();
  const context = await browser.newContext({ ...DESK, baseURL: baseURL() });
  const page = await context.newPage();
  account = { ...newAccount('longnames'), name: 'Wanjirū Nyambura' };
  await register(page, account);
  await signIn(page, account.email, account.password);
  const modal = page.getByRole('dialog', { name: 'Choose Your Subscription Plan' });
  await modal.getByRole('radio', { name: /Monthly/ }).check();
  await modal.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.waitForURL('**/dev/checkout/**');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/success?**');
  // The payment is verified once the success page offers the dashboard.
  await page.getByRole('link', { name: 'Continue to Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date()).split('-').map(Number);
  const status = await page.evaluate(async (body) => {
    const res = await fetch('/kesi.v1.CaseService/CreateCase', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Connect-Protocol-Version': '1' },
      body,
    });
    return `${String(res.status)} ${await res.text()}`;
  }, JSON.stringify({ caseId: CASE_ID, parties: PARTIES, lawCourt: 'High Court at Nairobi (Milimani Law Courts)', status: 'Hearing', activity: SITTING, activityDate: { year: y, month: m, day: d }, time: '08:30' }));
  expect(status).toMatch(/^200 /);
  await context.close();
});
afterAll(async () => {
  await browser.close();
});

async function open(viewport: typeof PHONE | typeof DESK): Promise<Page> {
  const context = await browser.newContext({ ...viewport, baseURL: baseURL() });
  const page = await context.newPage();
  await signIn(page, account.email, account.password);
  return page;
}

/** The element's box, which it must have. */
async function box(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const b = await locator.boundingBox();
  if (!b) throw new Error('no box');
  return b;
}

/** Whether the element shows all of its text (no ellipsis, nothing clipped). */
function whole(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);
}

/** Whether each word of the element's text stands on one line (a word split over two reads as two). */
function wordsWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => {
    const node = el.firstChild;
    if (!(node instanceof Text)) return false;
    const text = node.data;
    const range = document.createRange();
    for (const m of text.matchAll(/\S+/g)) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      if (range.getClientRects().length !== 1) return false;
    }
    return true;
  });
}

describe('long names on a 360x740 phone', () => {
  let page: Page;
  beforeAll(async () => {
    page = await open(PHONE);
  });
  afterAll(async () => {
    await page.context().close();
  });

  it("keeps today's long sitting inside its card, its words whole", async () => {
    const card = page.getByRole('article', { name: CASE_ID });
    const badge = card.getByText(SITTING);
    const [c, b] = [await box(card), await box(badge)];
    expect(b.x + b.width, 'the sitting runs out of the card').toBeLessThanOrEqual(c.x + c.width);
    expect(await whole(badge), 'the sitting is cut').toBe(true);
  });

  it("gives the week list's case number its room beside a long sitting", async () => {
    const item = page.getByRole('button', { name: `Open case ${CASE_ID}` });
    const caseNumber = item.getByText(CASE_ID);
    // Squeezed, the number stood a letter a line, a few pixels wide.
    expect((await box(caseNumber)).width).toBeGreaterThan((await box(item)).width / 3);
    expect(await whole(item.getByText(SITTING))).toBe(true);
    expect(await wordsWhole(item.getByText(SITTING)), 'a word of the sitting is split over two lines').toBe(true);
  });

  it("shows the case's status whole on the cases list", async () => {
    await page.goto('/cases');
    const status = page.getByTestId('case-card').filter({ hasText: CASE_ID }).getByText('Hearing', { exact: true });
    expect(await whole(status), 'the status is cut').toBe(true);
  });
});

describe('long names at a 1366x768 desk', () => {
  it("shows the status whole in the cases table", async () => {
    const page = await open(DESK);
    await page.goto('/cases');
    const status = page.getByRole('row').filter({ hasText: CASE_ID }).getByText('Hearing', { exact: true });
    expect(await whole(status), 'the status is cut').toBe(true);
    await page.context().close();
  });
});
