/**
 * Settings -> Privacy on a 360x740 phone and a 1366x768 desk: the download of everything with its
 * progress, consents withdrawn, the account deleted (a wrong password first), then the grace
 * period's banner after signing in again, and Cancel. Screenshots go to $KESI_SHOTS (default a
 * temporary directory) to be looked at.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, launch, newAccount, register, signIn, watchConsole } from './harness';

const SHOTS = process.env.KESI_SHOTS ?? mkdtempSync(join(tmpdir(), 'kesi-privacy-'));
mkdirSync(SHOTS, { recursive: true });

const VIEWPORTS = {
  phone: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desk: { viewport: { width: 1366, height: 768 } },
} as const;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

/** A new lawyer, registered, signed in and subscribed through the dev checkout. */
async function subscribedLawyer(page: Page, prefix: string) {
  const account = newAccount(prefix);
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
  return account;
}

for (const [name, options] of Object.entries(VIEWPORTS)) {
  describe(`Settings -> Privacy at ${options.viewport.width}x${options.viewport.height}`, () => {
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    beforeAll(async () => {
      context = await browser.newContext({ ...options, baseURL: baseURL(), reducedMotion: 'reduce', acceptDownloads: true });
      page = await context.newPage();
      errors = watchConsole(page);
    });
    afterAll(async () => {
      await context.close();
    });

    it('downloads everything, withdraws a consent, deletes the account, shows the banner and cancels', async () => {
      const account = await subscribedLawyer(page, `privacy-${name}`);
      await page.goto('/settings?tab=privacy');
      await page.getByRole('heading', { name: 'Download my data' }).waitFor();
      await page.getByTestId('consent-email').waitFor();
      await page.screenshot({ path: join(SHOTS, `${name}-privacy.png`), fullPage: true });
      await expectAccessible(page, 'privacy tab');

      // The download: progress while it streams, then a zip saved under the server's name.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^kesi-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const saved = join(SHOTS, `${name}-${download.suggestedFilename()}`);
      await download.saveAs(saved);
      const zip = readFileSync(saved);
      expect(zip.subarray(0, 2).toString()).toBe('PK');
      expect(zip.includes(Buffer.from('profile.json'))).toBe(true);
      expect(zip.includes(Buffer.from('README.txt'))).toBe(true);
      await expect.poll(() => page.getByText(/Your data was downloaded/).isVisible()).toBe(true);

      // A consent withdrawn: reminders by e-mail are on by default.
      const email = page.getByTestId('consent-email');
      await email.getByRole('button', { name: /Withdraw/ }).click();
      await expect.poll(() => email.getByText(/Withdrawn/).isVisible()).toBe(true);
      expect(await email.getByRole('button', { name: /Withdraw/ }).count()).toBe(0);

      // A client's data: exported as JSON, then the client deleted after a confirmation.
      const created = await page.evaluate(async () => {
        const res = await fetch('/kesi.v1.ClientService/CreateClient', {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ client: { fullname: 'Jane Wanjiru Mwangi', email: 'jane@example.co.ke' } }),
        });
        return (await res.json()) as { client: { id: string } };
      });
      await page.goto(`/clients/${created.client.id}`);
      const [clientFile] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export client data' }).click()]);
      expect(clientFile.suggestedFilename()).toBe('client-jane-wanjiru-mwangi.json');
      const clientJSON = join(SHOTS, `${name}-client.json`);
      await clientFile.saveAs(clientJSON);
      expect((JSON.parse(readFileSync(clientJSON, 'utf8')) as { client: { email: string } }).client.email).toBe('jane@example.co.ke');
      await page.getByRole('button', { name: 'Delete client' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this client?' });
      await confirm.getByText(/No case is linked to them/).waitFor();
      await page.screenshot({ path: join(SHOTS, `${name}-delete-client.png`) });
      await confirm.getByRole('button', { name: 'Delete client' }).click();
      await page.waitForURL('**/clients');
      await expect.poll(() => page.getByText('Jane Wanjiru Mwangi was deleted.').isVisible()).toBe(true);
      await page.goto('/settings?tab=privacy');

      // Delete: a wrong password is refused in the dialog.
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel(/^Password/).fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await expect.poll(() => dialog.getByText('The password is not right.').isVisible()).toBe(true);
      await page.screenshot({ path: join(SHOTS, `${name}-delete-dialog.png`) });
      await expectAccessible(page, 'delete dialog');
      await dialog.getByLabel(/^Password/).fill(account.password);
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      // Every session ended: this browser is signed out.
      await page.waitForURL('**/login');

      // Signing in during the grace period (back where the person was): the banner, with the day,
      // and Cancel.
      await signIn(page, account.email, account.password, '**/settings?tab=privacy');
      const banner = page.getByTestId('deletion-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toMatch(/Your account will be deleted on (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}\./);
      await page.screenshot({ path: join(SHOTS, `${name}-banner.png`) });
      await expectAccessible(page, 'banner');
      await banner.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => page.getByText('Your account will not be deleted.').isVisible()).toBe(true);
      expect(await page.getByTestId('deletion-banner').count()).toBe(0);
      // After a reload the server's answer decides, not the diary kept on the device: that is
      // written as the cancellation succeeds, but a reload within the same moment can find the
      // write not yet done (seen under CI's load) and paint the banner until the server answers.
      const answered = page.waitForResponse((r) => r.url().endsWith('/kesi.v1.AccountService/GetAccountDeletion') && r.ok());
      await page.reload();
      await answered;
      await expect.poll(() => page.getByTestId('deletion-banner').count()).toBe(0);
      await page.waitForTimeout(500);
      expect(await page.getByTestId('deletion-banner').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
}
