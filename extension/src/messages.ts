import type { ParseResult, PortalCase } from './portal/matter';

/** Asked of the portal tab's content script. */
export interface ReadPageRequest {
  type: 'kesi:read';
}

export interface PageReading extends ParseResult {
  url: string;
}

/** Messages the service worker answers. */
export type WorkerRequest =
  | { type: 'status' }
  | { type: 'connect' }
  | { type: 'disconnect' }
  | { type: 'import'; cases: PortalCase[]; source: string }
  | { type: 'connect:token'; nonce: string; token: string };

export interface Status {
  origin: string;
  connected: boolean;
}

export type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped';

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  results: { caseId: string; outcome: Outcome; reason: string }[];
}

/** Every answer of the service worker: the value, or a sentence for the person. */
export type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/** The window messages exchanged with Kesi's approval page (/connect-extension). */
export const PAGE_HELLO = 'kesi:extension-hello';
export const PAGE_READY = 'kesi:extension-ready';
export const PAGE_TOKEN = 'kesi:extension-token';
export const PAGE_CONNECTED = 'kesi:extension-connected';
