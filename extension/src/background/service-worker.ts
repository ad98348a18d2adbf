/**
 * The service worker: the only part of the extension that talks to Kesi. It holds the token,
 * runs the connection handshake with Kesi's approval page and sends imports to ImportService with
 * the extension's bearer token (host permissions let it reach the Kesi origin without CORS).
 */
import { Code, ConnectError, createClient } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { AuthService } from '@gen/kesi/v1/auth_pb';
import { ImportOutcome, ImportService } from '@gen/kesi/v1/import_pb';
import type { Answer, ImportSummary, Outcome, Status, WorkerRequest } from '../messages';
import type { PortalCase } from '../portal/matter';
import { kesiOrigin, loadSettings } from '../settings';

/** ImportService takes at most this many cases per call. */
const BATCH = 1000;
const TIMEOUT_MS = 30_000;
const TOKEN_PREFIX = 'kxt_';

interface Pending {
  nonce: string;
  tabId: number;
  origin: string;
}

chrome.runtime.onMessage.addListener((message: WorkerRequest, sender, reply: (answer: Answer<unknown>) => void) => {
  // Only the extension's own pages and content scripts reach here; still, each kind of message
  // says who may send it.
  if (sender.id !== chrome.runtime.id) return false;
  handle(message, sender).then(
    (value) => {
      reply({ ok: true, value });
    },
    (err: unknown) => {
      reply({ ok: false, error: err instanceof Error ? err.message : String(err) });
    },
  );
  return true;
});

// The approval page is a single-page app: inject the handshake once the tab has loaded.
chrome.tabs.onUpdated.addListener((tabId, info) => {
  if (info.status !== 'complete') return;
  void pending().then(async (p) => {
    if (p?.tabId !== tabId) return;
    await chrome.scripting.executeScript({ target: { tabId }, files: ['connect.js'] });
  });
});

async function handle(message: WorkerRequest, sender: chrome.runtime.MessageSender): Promise<unknown> {
  const fromExtensionPage = sender.url?.startsWith(`chrome-extension://${chrome.runtime.id}/`) ?? false;
  switch (message.type) {
    case 'status':
      return status();
    case 'connect':
      if (!fromExtensionPage) throw new Error('Not allowed.');
      return connect();
    case 'disconnect':
      if (!fromExtensionPage) throw new Error('Not allowed.');
      await disconnect();
      return status();
    case 'import':
      if (!fromExtensionPage) throw new Error('Not allowed.');
      return importCases(message.cases, message.source);
    case 'connect:token':
      return acceptToken(message, sender);
  }
}

async function status(): Promise<Status> {
  const { origin, token } = await loadSettings();
  return { origin, connected: token !== '' };
}

async function pending(): Promise<Pending | undefined> {
  const got = await chrome.storage.session.get('pending');
  return got.pending as Pending | undefined;
}

/** Opens Kesi's approval page with a one-time nonce that the page must hand back with the token. */
async function connect(): Promise<void> {
  const { origin } = await loadSettings();
  const nonce = crypto.randomUUID();
  // The nonce travels in the fragment, which never reaches a server or its logs.
  const tab = await chrome.tabs.create({ url: `${origin}/connect-extension#nonce=${nonce}` });
  if (tab.id === undefined) throw new Error('Could not open Kesi.');
  await chrome.storage.session.set({ pending: { nonce, tabId: tab.id, origin } satisfies Pending });
}

/**
 * Keeps the token the approval page created, but only from the tab this extension opened, on the
 * configured Kesi origin, with the nonce it was given.
 */
async function acceptToken(message: { nonce: string; token: string }, sender: chrome.runtime.MessageSender): Promise<Status> {
  const p = await pending();
  const senderOrigin = sender.origin ?? (sender.url ? new URL(sender.url).origin : '');
  if (
    !p ||
    sender.tab?.id !== p.tabId ||
    sender.frameId !== 0 ||
    senderOrigin !== p.origin ||
    message.nonce !== p.nonce ||
    !message.token.startsWith(TOKEN_PREFIX)
  ) {
    throw new Error('This connection was not started from the extension. Start again from the extension.');
  }
  await chrome.storage.session.remove('pending');
  await chrome.storage.local.set({ token: message.token });
  return status();
}

/** The way to Kesi with the extension's token as the only credential. */
function transport(origin: string, token: string) {
  return createConnectTransport({
    baseUrl: origin,
    defaultTimeoutMs: TIMEOUT_MS,
    // The token is the only credential: no cookies of the person's browser session.
    fetch: (input, init) => fetch(input, { ...init, credentials: 'omit' }),
    interceptors: [
      (next) => (req) => {
        req.header.set('Authorization', `Bearer ${token}`);
        return next(req);
      },
    ],
  });
}

/**
 * Disconnect ends the token at Kesi (it leaves Settings > Integrations), then forgets it. Kesi out
 * of reach does not keep the token here: it dies unused after 90 days, or in Settings.
 */
async function disconnect(): Promise<void> {
  const { origin, token } = await loadSettings();
  if (token && !('error' in kesiOrigin(origin))) {
    try {
      await createClient(AuthService, transport(origin, token)).logout({});
    } catch {
      // best effort: see above
    }
  }
  await chrome.storage.local.remove('token');
}

async function importCases(cases: PortalCase[], source: string): Promise<ImportSummary> {
  const { origin, token } = await loadSettings();
  if (!token) throw new Error('Connect the extension to your Kesi account first.');
  // Refuse to send matters anywhere but HTTPS or this computer, whatever was stored.
  if ('error' in kesiOrigin(origin)) throw new Error(`Kesi must be reached over HTTPS, not ${origin}.`);

  const client = createClient(ImportService, transport(origin, token));

  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, skipped: 0, results: [] };
  try {
    for (let i = 0; i < cases.length; i += BATCH) {
      const res = await client.importCases({ cases: cases.slice(i, i + BATCH).map(toImported), source });
      summary.created += res.created;
      summary.updated += res.updated;
      summary.unchanged += res.unchanged;
      summary.skipped += res.skipped;
      for (const r of res.results) summary.results.push({ caseId: r.caseId, outcome: outcomeName(r.outcome), reason: r.reason });
    }
  } catch (err) {
    const e = ConnectError.from(err);
    if (e.code === Code.Unauthenticated) {
      await chrome.storage.local.remove('token');
      throw new Error('Kesi no longer accepts this connection (it was revoked). Connect the extension again.', { cause: err });
    }
    if (e.code === Code.PermissionDenied || e.code === Code.FailedPrecondition) {
      throw new Error(e.rawMessage || 'Your Kesi account cannot import cases right now.', { cause: err });
    }
    if (e.code === Code.DeadlineExceeded) throw new Error('Kesi took too long to answer. Please try again.', { cause: err });
    if (e.code === Code.Unknown && e.cause instanceof TypeError) {
      throw new Error('Could not reach Kesi. Please check your connection and try again.', { cause: err });
    }
    throw new Error(e.rawMessage || 'The import failed. Please try again.', { cause: err });
  }
  return summary;
}

function toImported(c: PortalCase) {
  return {
    caseId: c.caseId,
    parties: c.parties,
    lawCourt: c.lawCourt,
    filingDate: c.filingDate ? civil(c.filingDate) : undefined,
    status: c.status,
    caseType: c.caseType,
    activities: c.activities.map((a) => ({ activity: a.activity, activityDate: civil(a.date), time: a.time, outcome: a.outcome })),
  };
}

function civil(iso: string) {
  const [year = 0, month = 0, day = 0] = iso.split('-').map(Number);
  return { year, month, day };
}

function outcomeName(o: ImportOutcome): Outcome {
  switch (o) {
    case ImportOutcome.CREATED:
      return 'created';
    case ImportOutcome.UPDATED:
      return 'updated';
    case ImportOutcome.UNCHANGED:
      return 'unchanged';
    default:
      return 'skipped';
  }
}
