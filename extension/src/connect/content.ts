/**
 * Injected by the service worker into the one Kesi tab it opened for /connect-extension. It passes
 * the token that the page created to the service worker and tells the page the result. Window
 * messages are taken only from this window and this origin, and posted only to this origin, so a
 * third-party page never sees the token.
 */
import { PAGE_CONNECTED, PAGE_HELLO, PAGE_READY, PAGE_TOKEN, type Answer } from '../messages';

declare global {
  interface Window {
    kesiConnectBridge?: true;
  }
}

if (!window.kesiConnectBridge) {
  window.kesiConnectBridge = true;
  const post = (data: object) => {
    window.postMessage(data, location.origin);
  };
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    if (event.source !== window || event.origin !== location.origin) return;
    const data = event.data;
    if (typeof data !== 'object' || data === null || !('type' in data)) return;
    if (data.type === PAGE_HELLO) {
      post({ type: PAGE_READY });
      return;
    }
    if (data.type !== PAGE_TOKEN || !('nonce' in data) || !('token' in data)) return;
    const { nonce, token } = data;
    if (typeof nonce !== 'string' || typeof token !== 'string') return;
    void chrome.runtime.sendMessage({ type: 'connect:token', nonce, token }).then(
      (answer: Answer<unknown>) => {
        post({ type: PAGE_CONNECTED, nonce, ok: answer.ok, error: answer.ok ? '' : answer.error });
      },
      () => {
        post({ type: PAGE_CONNECTED, nonce, ok: false, error: 'The extension did not answer.' });
      },
    );
  });
  post({ type: PAGE_READY });
}
