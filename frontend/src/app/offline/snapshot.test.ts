import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { todayIsoDate } from '@/lib/dates';
import { USER_KEY } from '../session/user';
import { keepSnapshot, paintedSnapshot, SNAPSHOT_KEY, wipeSnapshot, wipeSnapshotOfOthers, type Snapshot } from './snapshot';

/** index.html's inline scripts (the head's, then the body's), as the browser runs them before the app's. */
const page = readFileSync(join(process.cwd(), 'index.html'), 'utf8');
const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

function runPagesScript() {
  expect(scripts).toHaveLength(2);
  // Run as the browser runs them: classic scripts in the page's globals (jsdom's, here).
  for (const script of scripts) runInThisContext(script ?? '');
}

/** A task after the timers and frames the scripts asked for. */
const later = () => new Promise((done) => setTimeout(done, 50));

const ADVOCATE = { id: 'u-1', email: 'wanjiru@example.com', fullname: 'Wanjiru Kamau', role: 'lawyer' };
// Parties as the diary holds them: markup in a name stays text.
const DRAWN = '<main><section aria-labelledby="today-title"><a href="/cases/c1">HCCC/E1/2026 — Achieng &lt;b&gt; v Otieno</a></section></main>';

function snapshot(over: Partial<Snapshot> = {}): Snapshot {
  return { user: ADVOCATE.id, path: '/dashboard', day: '2026-11-30', html: DRAWN, ...over };
}

function at(path: string) {
  window.history.replaceState(null, '', path);
}

describe("index.html's snapshot script", () => {
  let root: HTMLElement;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Monday 30 November 2026, 07:42 in Nairobi (UTC+3).
    vi.setSystemTime(new Date('2026-11-30T04:42:00Z'));
    localStorage.clear();
    localStorage.setItem(USER_KEY, JSON.stringify(ADVOCATE));
    root = document.createElement('div');
    root.id = 'root';
    document.head.replaceChildren();
    document.body.replaceChildren(root);
    at('/dashboard');
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('paints the kept dashboard for its user, on its address and day', () => {
    keepSnapshot(localStorage, snapshot());
    runPagesScript();
    expect(root.innerHTML).toBe(DRAWN);
    expect(root.textContent).toContain('Achieng <b> v Otieno');
    expect(root.querySelector('b')).toBeNull();
    expect(paintedSnapshot(root)).toBe(true);
  });

  it('paints what useKeepSnapshot keeps today', () => {
    keepSnapshot(localStorage, snapshot({ day: todayIsoDate() }));
    runPagesScript();
    expect(root.innerHTML).toBe(DRAWN);
  });

  it.each([
    ['another user is stored', () => { localStorage.setItem(USER_KEY, JSON.stringify({ ...ADVOCATE, id: 'u-2' })); }],
    ['nobody is stored', () => { localStorage.removeItem(USER_KEY); }],
    ['the stored user is unreadable', () => { localStorage.setItem(USER_KEY, '{"id":'); }],
    ['it is another address', () => { at('/cases'); }],
    ['the address has a query', () => { at('/dashboard?from=reminder'); }],
    ["it was yesterday's", () => { keepSnapshot(localStorage, snapshot({ day: '2026-11-29' })); }],
    ['the snapshot is unreadable', () => { localStorage.setItem(SNAPSHOT_KEY, '<html>'); }],
    ['there is none', () => { localStorage.removeItem(SNAPSHOT_KEY); }],
  ])('paints nothing when %s', (_, arrange) => {
    keepSnapshot(localStorage, snapshot());
    arrange();
    runPagesScript();
    expect(root.innerHTML).toBe('');
    expect(paintedSnapshot(root)).toBe(false);
  });

  it.each([
    ['there is no snapshot', () => { localStorage.removeItem(SNAPSHOT_KEY); }],
    ['the snapshot is another user\'s', () => { keepSnapshot(localStorage, snapshot({ user: 'u-2' })); }],
    ['it is another address', () => { at('/login'); }],
  ])("asks no date of Intl before the first paint when %s (its first use costs a phone tens of ms)", (_, arrange) => {
    keepSnapshot(localStorage, snapshot());
    arrange();
    const formats = vi.spyOn(Intl, 'DateTimeFormat');
    runPagesScript();
    expect(formats).not.toHaveBeenCalled();
    expect(root.innerHTML).toBe('');
  });

  it("goes by Nairobi's day: painted at 23:59 there, not at midnight", () => {
    keepSnapshot(localStorage, snapshot({ day: '2026-11-30' }));
    vi.setSystemTime(new Date('2026-11-30T20:59:59Z'));
    runPagesScript();
    expect(root.innerHTML).toBe(DRAWN);
    root.innerHTML = '';
    delete root.dataset.snapshot;
    vi.setSystemTime(new Date('2026-11-30T21:00:00Z'));
    runPagesScript();
    expect(root.innerHTML).toBe('');
  });
});

describe("index.html's scripts and a signed-in screen's modules", () => {
  const MODULES = ['/assets/index-a1.js', '/assets/react-dom-b2.js', '/assets/DashboardRoute-c3.js'];
  let root: HTMLElement;
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem(USER_KEY, JSON.stringify(ADVOCATE));
    // As scripts/prerender.mjs writes a signed-in screen's page: the list ahead of the scripts.
    const listed = document.createElement('meta');
    listed.name = 'kesi-modules';
    listed.content = MODULES.join(' ');
    document.head.replaceChildren(listed);
    root = document.createElement('div');
    root.id = 'root';
    document.body.replaceChildren(root);
    at('/dashboard');
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => setTimeout(() => { frame(performance.now()); }, 16));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    document.head.replaceChildren();
  });

  const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((l) => l.getAttribute('href'));
  const run = () => [
    ...[...document.body.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((s) => s.getAttribute('src')),
    ...[...document.body.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
  ];

  it('with nothing painted, fetches every module ahead and runs them, the entry first', async () => {
    runPagesScript();
    expect(run()).toEqual(MODULES);
    // The preloads wait for a task of their own: the stylesheets below the head's script go first.
    expect(preloads()).toEqual([]);
    await later();
    expect(preloads()).toEqual(MODULES);
    expect(document.head.querySelector<HTMLLinkElement>('link[rel="preload"]')?.crossOrigin).toBe('');
  });

  it('with the dashboard painted, asks for no module until a frame has been drawn', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    keepSnapshot(localStorage, snapshot({ day: todayIsoDate() }));
    runPagesScript();
    expect(root.innerHTML).toBe(DRAWN);
    expect(run()).toEqual([]);
    await later();
    expect(run()).toEqual(MODULES);
    expect(preloads()).toEqual([]);
  });

  it('leaves a page the server painted as it came, the phone\'s copy being older', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    keepSnapshot(localStorage, snapshot({ day: todayIsoDate() }));
    const PAINTED = '<main><article data-testid="sitting-card">HCCC/E12/2024</article></main>';
    root.dataset.painted = '/dashboard';
    root.innerHTML = PAINTED;
    runPagesScript();
    expect(root.innerHTML).toBe(PAINTED);
    expect(paintedSnapshot(root)).toBe(false);
    await later();
    expect(run()).toEqual(MODULES);
  });

  it('with the dashboard the server painted, preloads nothing and asks for no module until a frame has been drawn', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    // As scripts/prerender.mjs writes the painted page: the list marked, the root painted.
    document.head.querySelector('meta[name="kesi-modules"]')?.setAttribute('data-painted', '');
    root.dataset.painted = '/dashboard';
    root.innerHTML = '<main><article data-testid="sitting-card">HCCC/E12/2024</article></main>';
    runPagesScript();
    // Sixty modules on the slow line would share it with the page's stylesheets, and hold back
    // the first paint of today's matters already in the page.
    expect(run()).toEqual([]);
    await later();
    expect(run()).toEqual(MODULES);
    expect(preloads()).toEqual([]);
  });

  it('in a hidden tab, which draws no frame, adds them at once', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    keepSnapshot(localStorage, snapshot({ day: todayIsoDate() }));
    runPagesScript();
    expect(root.innerHTML).toBe(DRAWN);
    expect(run()).toEqual(MODULES);
  });

  it('on a page that lists none (the public pages, index.html), adds nothing', async () => {
    document.head.replaceChildren();
    runPagesScript();
    await later();
    expect(preloads()).toEqual([]);
    expect(run()).toEqual([]);
  });
});

describe('the snapshot on the device', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('is wiped, and wiped for anyone but its user', () => {
    keepSnapshot(localStorage, snapshot());
    wipeSnapshotOfOthers(localStorage, ADVOCATE.id);
    expect(localStorage.getItem(SNAPSHOT_KEY)).not.toBeNull();
    wipeSnapshotOfOthers(localStorage, 'u-2');
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
    keepSnapshot(localStorage, snapshot());
    wipeSnapshotOfOthers(localStorage, null);
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
    localStorage.setItem(SNAPSHOT_KEY, 'not json');
    wipeSnapshotOfOthers(localStorage, ADVOCATE.id);
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
    keepSnapshot(localStorage, snapshot());
    wipeSnapshot(localStorage);
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
  });

  it('keeps none when the storage is full, and leaves no older one behind', () => {
    keepSnapshot(localStorage, snapshot({ html: '<p>older</p>' }));
    const full = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    keepSnapshot(localStorage, snapshot());
    full.mockRestore();
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
  });
});
