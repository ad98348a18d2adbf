/**
 * The handshake with the Kesi browser extension on /connect-extension.
 *
 * The extension opens this page with a one-time nonce in the fragment (#nonce=...) and injects a
 * small script into this tab only. The page posts the token to its own window with its own origin
 * as the target, so only this page and that script can read it (never a third-party page or
 * frame), and the extension accepts it only with the nonce it gave and only from the tab it opened.
 */

export const PAGE_HELLO = 'kesi:extension-hello';
export const PAGE_READY = 'kesi:extension-ready';
export const PAGE_TOKEN = 'kesi:extension-token';
export const PAGE_CONNECTED = 'kesi:extension-connected';

/** How long the page waits for the extension to answer. */
export const ANSWER_TIMEOUT_MS = 10_000;

/** The nonce from a fragment like "#nonce=...", or empty when there is none. */
export function readNonce(hash: string): string {
  const nonce = new URLSearchParams(hash.replace(/^#/, '')).get('nonce') ?? '';
  return /^[A-Za-z0-9-]{16,64}$/.test(nonce) ? nonce : '';
}

function fromSelf(win: Window, event: MessageEvent<unknown>): Record<string, unknown> | undefined {
  if (event.source !== win || event.origin !== win.location.origin) return undefined;
  const data = event.data;
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : undefined;
}

/** Calls onReady once the extension's script in this tab says it is listening; answers a stop. */
export function listenForExtension(win: Window, onReady: () => void, everyMs = 500): () => void {
  const onMessage = (event: MessageEvent<unknown>) => {
    if (fromSelf(win, event)?.type === PAGE_READY) {
      stop();
      onReady();
    }
  };
  // The script may arrive before or after this page: say hello until it answers.
  const hello = () => {
    win.postMessage({ type: PAGE_HELLO }, win.location.origin);
  };
  const timer = win.setInterval(hello, everyMs);
  const stop = () => {
    win.clearInterval(timer);
    win.removeEventListener('message', onMessage);
  };
  win.addEventListener('message', onMessage);
  hello();
  return stop;
}

/** Hands the token to the extension and resolves when it says it kept it; rejects otherwise. */
export function handToExtension(win: Window, nonce: string, token: string, timeoutMs = ANSWER_TIMEOUT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = win.setTimeout(() => {
      done();
      reject(new Error('The extension did not answer.'));
    }, timeoutMs);
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = fromSelf(win, event);
      if (data?.type !== PAGE_CONNECTED || data.nonce !== nonce) return;
      done();
      if (data.ok === true) resolve();
      else reject(new Error(typeof data.error === 'string' && data.error ? data.error : 'The extension refused the connection.'));
    };
    const done = () => {
      win.clearTimeout(timer);
      win.removeEventListener('message', onMessage);
    };
    win.addEventListener('message', onMessage);
    win.postMessage({ type: PAGE_TOKEN, nonce, token }, win.location.origin);
  });
}

/** A label the person will recognise in the list of connections. */
export function connectionName(nav: Pick<Navigator, 'userAgent'> = navigator): string {
  const ua = nav.userAgent;
  const browser = ua.includes('Edg/') ? 'Edge' : ua.includes('OPR/') ? 'Opera' : ua.includes('Firefox/') ? 'Firefox' : 'Chrome';
  const os = ua.includes('Windows') ? 'Windows' : ua.includes('Mac OS X') ? 'macOS' : ua.includes('Android') ? 'Android' : ua.includes('CrOS') ? 'ChromeOS' : ua.includes('Linux') ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}
