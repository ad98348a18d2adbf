/**
 * Cross-site requests in Chromium against the real `kesi serve` (issue 14, "No cross-site
 * writes"). An attacker's page on another loopback origin auto-submits forms and fires no-cors
 * fetches at Kesi: a login CSRF (signing the browser in as the attacker) from a cross-site
 * origin, and a profile rename from a same-site origin (another port of 127.0.0.1, which
 * receives the SameSite=Lax cookies). Kesi must refuse both and change nothing.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { baseURL, launch, newAccount, newContext, register, signIn } from './harness';

let browser: Browser;
let attacker: Server;
let attackerPort = 0;
/** The page the attacker's server answers next, set by each test. */
let attackPage = '';

beforeAll(async () => {
  browser = await launch();
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(attackPage);
  });
  await new Promise<void>((ok) => attacker.listen(0, '127.0.0.1', ok));
  attackerPort = (attacker.address() as AddressInfo).port;
});
afterAll(async () => {
  await browser.close();
  await new Promise((ok) => attacker.close(ok));
});

/**
 * An HTML page that posts `json` to Kesi's `path` as no-cors fetches and as a text/plain form,
 * in a hidden frame or, with `topLevel`, as a top-level navigation (whose answer may set Lax
 * cookies: the login CSRF).
 */
function attack(path: string, json: Record<string, string>, topLevel = false): string {
  const target = `${baseURL()}${path}`;
  // A text/plain form sends name=value: the name carries the JSON up to a dummy field whose
  // value swallows the "=".
  const body = JSON.stringify({ ...json, pad: '' });
  const name = body.slice(0, -2);
  return `<!doctype html><html><body>
<iframe name="sink" title="sink"></iframe>
<form id="f" method="POST" enctype="text/plain" action="${target}" target="${topLevel ? '_self' : 'sink'}">
  <input type="hidden" name='${name}' value='"}'>
</form>
<script>
  window.done = Promise.all([
    fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
      headers: { 'Content-Type': 'text/plain' }, body: ${JSON.stringify(JSON.stringify(json))} }).catch(() => {}),
    fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'fullname=Pwned' }).catch(() => {}),
    new Promise((ok) => { document.querySelector('iframe').onload = ok; ${topLevel ? 'ok()' : "document.getElementById('f').submit()"}; }),
  ]).then(() => { ${topLevel ? "document.getElementById('f').submit()" : ''} });
</script></body></html>`;
}

describe('cross-site requests', () => {
  let context: BrowserContext;
  let page: Page;

  beforeEach(async () => {
    context = await newContext(browser, 'desktop');
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  async function visitAttacker(host: string, navigatesTo?: string) {
    await page.goto(`http://${host}:${attackerPort}/`);
    if (navigatesTo) {
      await page.waitForURL(`${baseURL()}${navigatesTo}`);
      return;
    }
    await page.evaluate(() => (window as unknown as { done: Promise<unknown> }).done);
  }

  async function kesiSession(): Promise<boolean> {
    const cookies = await context.cookies(baseURL());
    return cookies.some((c) => c.name.endsWith('kesi_access'));
  }

  it('refuses a login CSRF from a cross-site page', async () => {
    // The attacker's own account, which the victim's browser would be signed into.
    const mallory = newAccount('mallory');
    await register(page, mallory);
    await context.clearCookies();
    expect(await kesiSession()).toBe(false);

    // A top-level form post: its answer could set Lax cookies.
    attackPage = attack('/api/auth/login', { email: mallory.email, password: mallory.password }, true);
    await visitAttacker('localhost', '/api/auth/login');
    expect(await kesiSession()).toBe(false);

    // The same over the Connect door, whose form posts are refused by content type too.
    attackPage = attack('/kesi.v1.AuthService/Login', { email: mallory.email, password: mallory.password }, true);
    await visitAttacker('localhost', '/kesi.v1.AuthService/Login');
    expect(await kesiSession()).toBe(false);
  });

  it('refuses a write from a same-site page of another origin', async () => {
    const victim = newAccount('victim');
    await register(page, victim);
    await signIn(page, victim.email, victim.password);
    expect(await kesiSession()).toBe(true);

    // 127.0.0.1 on another port is the same site: the browser sends the Lax cookies along.
    attackPage = attack('/api/auth/update-user-info', { fullname: 'Pwned By Mallory' });
    await visitAttacker('127.0.0.1');
    attackPage = attack('/kesi.v1.AuthService/UpdateUserInfo', { fullname: 'Pwned By Mallory' });
    await visitAttacker('127.0.0.1');

    // Kesi's own page still reads and writes.
    const me = await page.request.get(`${baseURL()}/api/auth/me`);
    expect(me.status()).toBe(200);
    expect(JSON.stringify(await me.json())).not.toContain('Pwned');
    await page.goto(`${baseURL()}/dashboard`);
    const renamed = await page.evaluate(async () => {
      const res = await fetch('/api/auth/update-user-info', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ fullname: 'Wanjiru K.' }),
      });
      return res.status;
    });
    expect(renamed).toBe(200);
  });
});
