import { Code, ConnectError, createClient } from '@connectrpc/connect';
import type { Client, Interceptor, Transport } from '@connectrpc/connect';
import { createConnectTransport } from '@connectrpc/connect-web';
import { fromJson, toJsonString, type JsonValue } from '@bufbuild/protobuf';
import { addStaticKeyToTransport, TransportProvider, useTransport as useProvidedTransport } from '@connectrpc/connect-query';
import { AuthService } from '@gen/kesi/v1/auth_pb';
import { takeEarlyAnswer } from './early';
import { SESSION_EXPIRED_EVENT, TOKEN_REFRESHED_EVENT } from './events';

/** SPEC.md section 9: HTTP timeout. */
const TIMEOUT_MS = 10_000;

/** AuthService calls that work without a session, so a 401 from them is an answer, not an expiry. */
const SESSIONLESS = new Set(['Login', 'Register', 'Refresh', 'Logout', 'RequestPasswordReset', 'ChangePassword']);

/**
 * Renews the session when a unary call answers Unauthenticated, then retries that call once.
 * Concurrent callers share one refresh. A call that started before a refresh completed is
 * retried without refreshing again.
 */
export function createSessionRefreshInterceptor(refresh: () => Promise<void>): Interceptor {
  let inflight: Promise<boolean> | undefined;
  let generation = 0;

  const refreshOnce = (): Promise<boolean> => {
    inflight ??= refresh()
      .then(
        () => {
          generation++;
          window.dispatchEvent(new Event(TOKEN_REFRESHED_EVENT));
          return true;
        },
        () => {
          window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
          return false;
        },
      )
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };

  return (next) => async (req) => {
    if (req.stream || (req.service.typeName === AuthService.typeName && SESSIONLESS.has(req.method.name))) {
      return next(req);
    }
    const seen = generation;
    try {
      return await next(req);
    } catch (err) {
      if (ConnectError.from(err).code !== Code.Unauthenticated) throw err;
      const renewed = seen !== generation || (await refreshOnce());
      if (!renewed) throw new ConnectError('Session expired', Code.Unauthenticated, undefined, undefined, err);
      return next(req);
    }
  };
}

/**
 * Answers the first call identical to the one main.tsx started as the app booted (api/early.ts)
 * with that call's answer, so the dashboard's first screen does not ask again. Without an early
 * answer (none started, already taken, or it failed) the call goes on to the network.
 */
export function createEarlyAnswerInterceptor(take = takeEarlyAnswer): Interceptor {
  return (next) => async (req) => {
    if (req.stream) return next(req);
    const early = take(`/${req.service.typeName}/${req.method.name}`, () => toJsonString(req.method.input, req.message));
    const json = early && (await early);
    if (json === undefined) return next(req);
    let message;
    try {
      message = fromJson(req.method.output, json as JsonValue, { ignoreUnknownFields: true });
    } catch {
      return next(req); // an answer this build cannot read: ask again
    }
    return { stream: false, service: req.service, method: req.method, header: new Headers(), trailer: new Headers(), message };
  };
}

/** Builds a transport; tests pass a factory that returns createRouterTransport. */
export type TransportFactory = (interceptors: Interceptor[]) => Transport;

const webTransport: TransportFactory = (interceptors) =>
  createConnectTransport({
    // No window at build time (src/prerender renders the public pages, which call nothing).
    baseUrl: typeof window === 'undefined' ? 'http://prerender.invalid' : window.location.origin,
    // The session lives in HTTP-only cookies; nothing secret is ever stored by the app.
    fetch: fetchInOwnTask,
    defaultTimeoutMs: TIMEOUT_MS,
    interceptors,
  });

/**
 * The browser's fetch with the session's cookies, started in a task of its own. A screen asks for
 * what it draws as it mounts, six or seven calls at once, and the browser takes a few milliseconds
 * of the main thread to start each request: started together, in the task that mounts the screen,
 * they made the longest task of the dashboard's start on a phone (issue 17). The task is a
 * message's, not a timer's: a tab in the background runs timers once a second at most, and its
 * calls (an outcome sent when the signal returns, a session renewed) would wait for it.
 */
export function fetchInOwnTask(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return nextTask().then(() => fetch(input, { ...init, credentials: 'include' }));
}

function nextTask(): Promise<void> {
  return new Promise((started) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      started();
    };
    channel.port2.postMessage(null);
  });
}

/** Where tabs note when they last renewed the session (a time, nothing secret). */
export const REFRESHED_AT_KEY = 'kesi.refreshedAt';
/** A refresh another tab finished this recently counts as ours. */
export const RECENT_REFRESH_MS = 5_000;

interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/**
 * Serialises session refreshes across the browser's tabs. The server revokes a refresh-token
 * family when a token is presented twice, so two tabs refreshing at once would sign the person
 * out: each tab takes the Web Lock in turn and, once it holds it, skips the refresh when another
 * tab renewed the session moments ago (the cookies are already new; the caller just retries).
 * Without Web Locks the in-tab sharing of the interceptor is all there is.
 */
export function refreshAcrossTabs(
  refresh: () => Promise<void>,
  {
    locks = (globalThis.navigator as { locks?: LockManagerLike } | undefined)?.locks,
    storage = typeof localStorage === 'undefined' ? undefined : localStorage,
    now = Date.now,
  }: { locks?: LockManagerLike; storage?: Storage; now?: () => number } = {},
): () => Promise<void> {
  const run = async () => {
    const last = Number(storage?.getItem(REFRESHED_AT_KEY) ?? 0);
    if (last > 0 && now() - last < RECENT_REFRESH_MS) return;
    await refresh();
    try {
      storage?.setItem(REFRESHED_AT_KEY, String(now()));
    } catch {
      // Storage unavailable: other tabs will simply refresh for themselves.
    }
  };
  return () => (locks ? locks.request('kesi-refresh', run) : run());
}

export function createApiTransport(make: TransportFactory = webTransport): Transport {
  // Refresh goes through a transport without the interceptor so that it cannot recurse.
  const auth = createClient(AuthService, make([]));
  return make([
    createEarlyAnswerInterceptor(),
    createSessionRefreshInterceptor(
      refreshAcrossTabs(async () => {
        await auth.refresh({});
      }),
    ),
  ]);
}

/** The transport without the refresh interceptor: the session layer handles its own 401s. */
export const plainTransport: Transport = webTransport([]);

/** The cross-tab refresh the session layer uses when it verifies the session. */
export const refreshSession = refreshAcrossTabs(async () => {
  await createClient(AuthService, plainTransport).refresh({});
});

/**
 * The app's transport: same origin as the page, cookies included. Its query-key name is fixed
 * ('kesi') rather than connect-query's per-page counter, so the keys of the diary kept on the
 * device (app/offline) still match the screens' keys after a reload.
 */
export const transport: Transport = addStaticKeyToTransport(createApiTransport(), 'kesi');

/** Provides the transport to connect-query's hooks; tests pass a router transport. */
export { TransportProvider };

/** The transport of the nearest TransportProvider (the app's one in App.tsx). */
export function useTransport(): Transport {
  return useProvidedTransport();
}

/**
 * The session's own calls, outside connect-query (the session store and the documents' download).
 * Every other call goes through connect-query's hooks with its method descriptor.
 */
export function authClient(t: Transport = transport): Client<typeof AuthService> {
  return createClient(AuthService, t);
}
