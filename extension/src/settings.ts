/**
 * What the extension keeps: the Kesi origin and the extension token, nothing else (the privacy
 * policy at /privacy promises it). Both live in chrome.storage.local; a connection in progress
 * keeps its one-time nonce in chrome.storage.session, which is never written to disk.
 */

/** The production Kesi. */
export const DEFAULT_ORIGIN = 'https://kesi.app';

/** The e-filing portal whose pages the extension reads. */
export const PORTAL_ORIGIN = 'https://efiling.court.go.ke';

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The origin of a Kesi address a person typed, or the reason it cannot be used: matters travel
 * only over HTTPS, or to this computer during development.
 */
export function kesiOrigin(text: string): { origin: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { error: 'Enter the address of Kesi, e.g. https://kesi.app.' };
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))) {
    return { origin: url.origin };
  }
  return { error: 'Kesi must be reached over HTTPS (plain HTTP only to this computer, for development).' };
}

/** The host-permission pattern that covers an origin (match patterns ignore the port). */
export function originPattern(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol}//${url.hostname}/*`;
}

export interface Stored {
  origin: string;
  token: string;
}

export async function loadSettings(): Promise<Stored> {
  const got = await chrome.storage.local.get(['origin', 'token']);
  const origin = typeof got.origin === 'string' ? got.origin : DEFAULT_ORIGIN;
  const token = typeof got.token === 'string' ? got.token : '';
  return { origin, token };
}
