/**
 * The popup: whether the extension is connected, what the open portal page holds, the Import
 * button and its result. Portal text is only ever set as textContent.
 */
import type { Answer, ImportSummary, PageReading, Status, WorkerRequest } from '../messages';
import type { PortalCase } from '../portal/matter';
import { PORTAL_ORIGIN } from '../settings';

function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(`#${id} is missing`);
  return el;
}

const connection = $('connection');
const connectButton = $('connect') as HTMLButtonElement;
const summary = $('page-summary');
const preview = $('preview') as HTMLUListElement;
const problems = $('problems') as HTMLDetailsElement;
const importButton = $('import') as HTMLButtonElement;
const result = $('result');
const diary = $('diary') as HTMLAnchorElement;

let reading: PageReading | undefined;
let status: Status | undefined;

async function ask<T>(request: WorkerRequest): Promise<T> {
  const answer: Answer<T> = await chrome.runtime.sendMessage(request);
  if (!answer.ok) throw new Error(answer.error);
  return answer.value;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Jan 5, 2025", as the web app writes dates. */
function formatDate(iso: string): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, text: string): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.textContent = text;
  return el;
}

async function targetTab(): Promise<chrome.tabs.Tab | undefined> {
  // ?tab= lets the popup be opened as a page for a given tab (tests, keyboard users' shortcuts).
  const id = Number(new URLSearchParams(location.search).get('tab'));
  if (id) return chrome.tabs.get(id);
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab;
}

async function readPage(): Promise<PageReading | undefined> {
  const tab = await targetTab();
  // Without the "tabs" permission a tab's URL is visible only on hosts the extension may read.
  if (tab?.id === undefined || !tab.url?.startsWith(`${PORTAL_ORIGIN}/`)) return undefined;
  const tabId = tab.id;
  const read = () => chrome.tabs.sendMessage<{ type: 'kesi:read' }, PageReading>(tabId, { type: 'kesi:read' });
  try {
    return await read();
  } catch {
    // The tab was open before the extension was installed: add the reader, then ask again.
    await chrome.scripting.executeScript({ target: { tabId }, files: ['portal.js'] });
    return read();
  }
}

function showStatus() {
  if (!status) return;
  const host = new URL(status.origin).host;
  connection.textContent = status.connected ? `Connected to ${host}` : `Not connected to Kesi (${host})`;
  connectButton.hidden = status.connected;
  diary.href = `${status.origin}/cases`;
  showImportButton();
}

function showImportButton() {
  const n = reading?.cases.length ?? 0;
  importButton.textContent = n ? `Import ${plural(n, 'matter')}` : 'Import';
  importButton.disabled = !status?.connected || n === 0;
}

function showReading() {
  preview.replaceChildren();
  if (!reading) {
    summary.replaceChildren(
      'Open your matters on the ',
      Object.assign(element('a', 'e-filing portal'), { href: `${PORTAL_ORIGIN}/`, target: '_blank', rel: 'noopener' }),
      ', then click the Kesi icon again.',
    );
    return;
  }
  const n = reading.cases.length;
  summary.textContent = n
    ? `This page lists ${plural(n, 'matter')}.`
    : 'No matters found on this page. Open the list of your cases on the portal.';
  for (const c of reading.cases) preview.append(matterItem(c));

  problems.hidden = reading.problems.length === 0;
  $('problems-summary').textContent = `${plural(reading.problems.length, 'row')} could not be read and will not be imported`;
  $('problems-list').replaceChildren(
    ...reading.problems.map((p) => element('li', `Row ${p.row}${p.caseId ? ` (${p.caseId})` : ''}: ${p.reason}`)),
  );
}

function matterItem(c: PortalCase): HTMLLIElement {
  const li = document.createElement('li');
  li.append(element('strong', c.caseId));
  if (c.parties) li.append(element('span', c.parties));
  if (c.lawCourt) li.append(element('span', c.lawCourt));
  const last = c.activities.at(-1);
  if (last) li.append(element('span', `${last.activity}: ${formatDate(last.date)}${last.time ? ` at ${last.time}` : ''}`));
  return li;
}

function showResult(s: ImportSummary) {
  const counts = document.createElement('dl');
  for (const [label, value] of [
    ['Created', s.created],
    ['Updated', s.updated],
    ['Unchanged', s.unchanged],
    ['Skipped', s.skipped],
  ] as const) {
    const cell = document.createElement('div');
    cell.append(element('dt', label), element('dd', String(value)));
    counts.append(cell);
  }
  const heading = element('h2', 'Imported');
  const skipped = s.results.filter((r) => r.outcome === 'skipped');
  const reasons = document.createElement('ul');
  reasons.append(...skipped.map((r) => element('li', `${r.caseId}: ${r.reason}`)));
  result.replaceChildren(heading, counts, ...(skipped.length ? [reasons] : []));
}

function showError(message: string) {
  const p = element('p', message);
  p.className = 'error';
  p.setAttribute('role', 'alert');
  result.replaceChildren(p);
}

connectButton.addEventListener('click', () => {
  ask({ type: 'connect' }).then(() => {
    window.close();
  }, (err: unknown) => {
    showError(String(err instanceof Error ? err.message : err));
  });
});

$('options').addEventListener('click', (event) => {
  event.preventDefault();
  void chrome.runtime.openOptionsPage();
});

importButton.addEventListener('click', () => {
  if (!reading) return;
  importButton.disabled = true;
  importButton.textContent = 'Importing…';
  result.replaceChildren();
  ask<ImportSummary>({ type: 'import', cases: reading.cases, source: reading.url })
    .then(showResult, (err: unknown) => {
      showError(err instanceof Error ? err.message : String(err));
    })
    .finally(() => {
      void ask<Status>({ type: 'status' }).then((s) => {
        status = s;
        showStatus();
      });
    });
});

void ask<Status>({ type: 'status' }).then((s) => {
  status = s;
  showStatus();
});
readPage().then(
  (r) => {
    reading = r;
    showReading();
    showImportButton();
  },
  () => {
    summary.textContent = 'Could not read this page. Reload it and try again.';
  },
);
