/**
 * The firm's shared diary in the browser, on a 360x740 phone and at a desk: the administrator
 * creates the firm and invites a colleague, who joins through the link in the invitation e-mail
 * (read from the dev mail directory), shares a case, assigns its sitting to the administrator
 * (a clash with the administrator's own sitting is shown), and both see the firm's day.
 * Screenshots go to $KESI_SHOTS (default a temporary directory) to be looked at.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, dataDir, expectAccessible, launch, newAccount, register, signIn, watchConsole, type Account } from './harness';

const SHOTS = process.env.KESI_SHOTS ?? mkdtempSync(join(tmpdir(), 'kesi-firm-'));
mkdirSync(SHOTS, { recursive: true });

const VIEWS = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1366, height: 768 } },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** Today in Nairobi, the courts' day, as the API's date. */
function nairobiToday(): { year: number; month: number; day: number } {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date()).split('-').map(Number);
  return { year: y ?? 0, month: m ?? 0, day: d ?? 0 };
}

/** The join link of the newest invitation mailed to `email` (the .eml is quoted-printable). */
async function joinLink(email: string): Promise<string> {
  const dir = join(dataDir(), 'mail');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse();
    } catch {
      // no mail yet
    }
    for (const f of files) {
      const text = readFileSync(join(dir, f), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
      if (!text.toLowerCase().includes(`to: ${email.toLowerCase()}`)) continue;
      const m = /(https?:\/\/\S+?\/firm\/join\?code=[A-Za-z0-9_-]+)/.exec(text);
      if (m?.[1]) return m[1];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no invitation mailed to ${email}`);
}

/** Registers, signs in and pays for a month through the dev checkout. */
async function subscribed(page: Page, account: Account): Promise<void> {
  await register(page, account);
  await signIn(page, account.email, account.password);
  const modal = page.getByRole('dialog', { name: 'Choose Your Subscription Plan' });
  await modal.getByRole('radio', { name: /Monthly/ }).check();
  await modal.getByRole('button', { name: 'Subscribe Now' }).click();
  await page.waitForURL('**/dev/checkout/**');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await page.waitForURL('**/success?**');
  await page.getByRole('link', { name: 'Continue to Dashboard' }).click();
  await page.waitForURL('**/dashboard');
}

/** Adds a case with one sitting today through the Connect API, as the signed-in page. */
async function addCase(page: Page, caseId: string, court: string, time: string): Promise<void> {
  const status = await page.evaluate(
    async ([body]) => {
      const res = await fetch('/kesi.v1.CaseService/CreateCase', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Connect-Protocol-Version': '1' },
        body,
      });
      return res.status;
    },
    [
      JSON.stringify({
        caseId,
        parties: 'Wanjiru Holdings Ltd v Otieno',
        lawCourt: court,
        activity: 'Hearing',
        activityDate: nairobiToday(),
        time,
      }),
    ],
  );
  expect(status).toBe(200);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

for (const view of ['desktop', 'phone'] as const) {
  describe(`the firm's shared diary (${view})`, () => {
    let adminCtx: BrowserContext;
    let memberCtx: BrowserContext;
    let admin: Page;
    let member: Page;
    let errors: string[];
    const achieng = { ...newAccount(`firm-admin-${view}`), name: 'Achieng Odhiambo' };
    const kamau = { ...newAccount(`firm-member-${view}`), name: 'Kamau Njoroge' };
    const suffix = view === 'phone' ? 'P' : 'D';

    beforeAll(async () => {
      adminCtx = await browser.newContext({ ...VIEWS[view], baseURL: baseURL(), reducedMotion: 'reduce' });
      memberCtx = await browser.newContext({ ...VIEWS[view], baseURL: baseURL(), reducedMotion: 'reduce' });
      admin = await adminCtx.newPage();
      member = await memberCtx.newPage();
      errors = [...watchConsole(admin), ...watchConsole(member)];
      await subscribed(admin, achieng);
      await subscribed(member, kamau);
    });
    afterAll(async () => {
      await adminCtx.close();
      await memberCtx.close();
    });

    it('the administrator creates the firm and invites a colleague', async () => {
      if (view === 'phone') {
        await admin.getByRole('button', { name: 'More' }).click();
        await admin.getByRole('menuitem', { name: 'Firm' }).click();
      } else {
        await admin.getByRole('link', { name: 'Firm' }).first().click();
      }
      await admin.waitForURL('**/firm');
      await admin.mouse.move(5, 700); // off the link: axe measures it at rest, not hovered
      await admin.getByLabel('Firm name').fill(`Odhiambo & Co. Advocates ${suffix}`);
      await expectAccessible(admin, 'firm (no firm yet)');
      await admin.getByRole('button', { name: 'Create firm' }).click();
      await expect.poll(() => admin.getByTestId('firm-name').textContent()).toBe(`Odhiambo & Co. Advocates ${suffix}`);
      await admin.getByLabel('E-mail address').fill(kamau.email);
      await admin.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => admin.getByText(`Invitation sent to ${kamau.email}.`).isVisible()).toBe(true);
      await expect.poll(() => admin.getByTestId('pending-invitation').count()).toBe(1);
      await expectAccessible(admin, 'firm (administrator)');
      await shot(admin, `${view}-firm-admin`);
    });

    it('the colleague joins through the link in the e-mail', async () => {
      const link = await joinLink(kamau.email);
      expect(link.startsWith(`${baseURL()}/firm/join?code=`)).toBe(true);
      await member.goto(link);
      await member.getByRole('button', { name: 'Join firm' }).click();
      await expect
        .poll(() => member.getByText(`You are now a member of Odhiambo & Co. Advocates ${suffix}.`).isVisible())
        .toBe(true);
      await expectAccessible(member, 'join');
      await shot(member, `${view}-join`);
      // Used once: the same link answers that it was used.
      await member.goto(link);
      await member.getByRole('button', { name: 'Join firm' }).click();
      await expect.poll(() => member.getByText('This invitation has already been used.').isVisible()).toBe(true);
    });

    it('the colleague shares a case and assigns its sitting; the clash shows', async () => {
      await addCase(admin, `CMCC/E${suffix}1/2025`, 'Kibera Law Courts', '09:30');
      const caseId = `MCCC/E${suffix}4471/2024`;
      await addCase(member, caseId, 'Milimani Commercial Court', '10:00');
      await member.goto(`/cases/${caseId}`);
      const panel = member.getByTestId('case-firm-panel');
      const share = panel.getByRole('switch', { name: 'Share with firm' });
      await share.waitFor({ state: 'attached' });
      await shot(member, `${view}-case-before-share`);
      await share.evaluate((el) => {
        el.scrollIntoView({ block: 'center' });
      });
      await share.click({ force: true }); // Mantine's switch input is visually hidden under its track
      // The switch follows the server: on once the case is shared.
      await expect.poll(() => share.isChecked()).toBe(true);
      const picker = panel.getByLabel(/^Attending/).first();
      await picker.waitFor();
      await picker.evaluate((el) => {
        el.scrollIntoView({ block: 'center' });
      });
      await picker.click();
      const option = member.getByRole('option', { name: 'Achieng Odhiambo' });
      await option.scrollIntoViewIfNeeded();
      await option.click();
      await expect.poll(() => panel.getByText('This assignment clashes').isVisible()).toBe(true);
      await expect.poll(() => panel.getByText(/Achieng Odhiambo has 2 sittings within an hour/).isVisible()).toBe(true);
      await expect.poll(() => panel.getByText('Assigned by Kamau Njoroge').isVisible()).toBe(true);
      await expectAccessible(member, 'case with firm panel');
      await shot(member, `${view}-case-assigned`);
    });

    it('both see the firm day, and the administrator the clash on the dashboard', async () => {
      await admin.goto('/firm');
      const day = admin.getByTestId('firm-day');
      await expect.poll(() => day.getByText(`MCCC/E${suffix}4471/2024`).isVisible()).toBe(true);
      await expect.poll(() => day.getByText(/assigned by Kamau Njoroge/).isVisible()).toBe(true);
      await expect.poll(() => admin.getByTestId('firm-members').getByText('Kamau Njoroge').isVisible()).toBe(true);
      await expectAccessible(admin, 'firm day');
      await shot(admin, `${view}-firm-day`);
      await member.goto('/firm');
      await expect.poll(() => member.getByTestId('firm-day').getByText(`MCCC/E${suffix}4471/2024`).isVisible()).toBe(true);
      // A member sees no invitation form.
      expect(await member.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
      await admin.goto('/dashboard');
      await expect.poll(() => admin.getByTestId('clash-warning').isVisible()).toBe(true);
      // The sitting assigned to the administrator is in their day, saying by whom.
      await expect
        .poll(() => admin.getByTestId('sitting-attending').getByText('Attending: Achieng Odhiambo (assigned by Kamau Njoroge)').isVisible())
        .toBe(true);
      await expectAccessible(admin, 'dashboard with clash');
      await shot(admin, `${view}-dashboard-clash`);
      expect(errors).toEqual([]);
    });

    it('the administrator hands the firm over to the colleague', async () => {
      await admin.goto('/firm');
      const members = admin.getByTestId('firm-members');
      const handOver = members.getByRole('button', { name: 'Hand over to Kamau Njoroge' });
      await expect.poll(() => handOver.isVisible()).toBe(true);
      await shot(admin, `${view}-firm-members`);
      let asked = '';
      admin.once('dialog', (d) => {
        asked = d.message();
        void d.accept();
      });
      await handOver.click();
      expect(asked).toContain("Make Kamau Njoroge the firm's administrator?");
      // Achieng is a member now: no invitation form, no member actions.
      await expect.poll(() => admin.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
      expect(await members.getByRole('button', { name: /^Hand over/ }).count()).toBe(0);
      await member.goto('/firm');
      await expect.poll(() => member.getByRole('button', { name: 'Send invitation' }).isVisible()).toBe(true);
      await expect.poll(() => member.getByRole('button', { name: 'Hand over to Achieng Odhiambo' }).isVisible()).toBe(true);
      await expectAccessible(member, 'firm after handover');
      await shot(member, `${view}-firm-handed-over`);
      expect(errors).toEqual([]);
    });
  });
}
