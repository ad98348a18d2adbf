import { Code, ConnectError, createClient, createRouterTransport, type ConnectRouter } from '@connectrpc/connect';
import { create } from '@bufbuild/protobuf';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthService, UserSchema } from '@gen/kesi/v1/auth_pb';
import { CaseSchema, CaseService } from '@gen/kesi/v1/case_pb';
import { createApiTransport, fetchInOwnTask } from './connect';
import { SESSION_EXPIRED_EVENT, TOKEN_REFRESHED_EVENT } from './events';

/** A stand-in server whose access token has expired until Refresh is called. */
function fakeServer({ refreshSucceeds }: { refreshSucceeds: boolean }) {
  const state = { signedIn: false, refreshCalls: 0, loginCalls: 0, getCaseCalls: new Map<string, number>() };
  const routes = (router: ConnectRouter) => {
    router.service(AuthService, {
      async refresh() {
        state.refreshCalls++;
        // Long enough that every concurrent 401 arrives while the refresh is in flight.
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (!refreshSucceeds) throw new ConnectError('refresh token revoked', Code.Unauthenticated);
        state.signedIn = true;
        return { user: create(UserSchema, { id: 'u1' }) };
      },
      login() {
        state.loginCalls++;
        throw new ConnectError('wrong e-mail or password', Code.Unauthenticated);
      },
    });
    router.service(CaseService, {
      getCase(req) {
        state.getCaseCalls.set(req.id, (state.getCaseCalls.get(req.id) ?? 0) + 1);
        if (!state.signedIn) throw new ConnectError('access token expired', Code.Unauthenticated);
        return { case: create(CaseSchema, { id: req.id }) };
      },
    });
  };
  const transport = createApiTransport((interceptors) => createRouterTransport(routes, { transport: { interceptors } }));
  return { state, transport };
}

function countEvents(name: string) {
  const counter = { count: 0 };
  const listener = () => {
    counter.count++;
  };
  window.addEventListener(name, listener);
  cleanups.push(() => {
    window.removeEventListener(name, listener);
  });
  return counter;
}

const cleanups: (() => void)[] = [];
let refreshed: { count: number };
let expired: { count: number };

beforeEach(() => {
  localStorage.clear();
  refreshed = countEvents(TOKEN_REFRESHED_EVENT);
  expired = countEvents(SESSION_EXPIRED_EVENT);
});

afterEach(() => {
  cleanups.splice(0).forEach((fn) => {
    fn();
  });
});

describe('session refresh interceptor', () => {
  it('refreshes once for concurrent 401s and retries each call once', async () => {
    const { state, transport } = fakeServer({ refreshSucceeds: true });
    const cases = createClient(CaseService, transport);

    const [a, b] = await Promise.all([cases.getCase({ id: 'a' }), cases.getCase({ id: 'b' })]);

    expect(a.case?.id).toBe('a');
    expect(b.case?.id).toBe('b');
    expect(state.refreshCalls).toBe(1);
    expect(state.getCaseCalls).toEqual(
      new Map([
        ['a', 2],
        ['b', 2],
      ]),
    );
    expect(refreshed.count).toBe(1);
    expect(expired.count).toBe(0);
  });

  it('fires sessionExpired once and fails the calls when the refresh fails', async () => {
    const { state, transport } = fakeServer({ refreshSucceeds: false });
    const cases = createClient(CaseService, transport);

    const results = await Promise.allSettled([cases.getCase({ id: 'a' }), cases.getCase({ id: 'b' })]);

    for (const result of results) {
      expect(result.status).toBe('rejected');
      const err = ConnectError.from((result as PromiseRejectedResult).reason);
      expect(err.code).toBe(Code.Unauthenticated);
      expect(err.rawMessage).toBe('Session expired');
    }
    expect(state.refreshCalls).toBe(1);
    expect(state.getCaseCalls).toEqual(
      new Map([
        ['a', 1],
        ['b', 1],
      ]),
    );
    expect(expired.count).toBe(1);
    expect(refreshed.count).toBe(0);
  });

  it('does not retry a second time when the retried call is still unauthenticated', async () => {
    const { state, transport } = fakeServer({ refreshSucceeds: true });
    // The server forgets the session again right after the refresh.
    const cases = createClient(CaseService, transport);
    const onRefreshed = () => {
      state.signedIn = false;
    };
    window.addEventListener(TOKEN_REFRESHED_EVENT, onRefreshed);
    cleanups.push(() => {
      window.removeEventListener(TOKEN_REFRESHED_EVENT, onRefreshed);
    });

    await expect(cases.getCase({ id: 'a' })).rejects.toMatchObject({ code: Code.Unauthenticated });
    expect(state.refreshCalls).toBe(1);
    expect(state.getCaseCalls.get('a')).toBe(2);
  });

  it('leaves a 401 from a sign-in call alone', async () => {
    const { state, transport } = fakeServer({ refreshSucceeds: true });
    const auth = createClient(AuthService, transport);

    await expect(auth.login({ email: 'a@b.co', password: 'secret1' })).rejects.toMatchObject({
      code: Code.Unauthenticated,
      rawMessage: 'wrong e-mail or password',
    });
    expect(state.loginCalls).toBe(1);
    expect(state.refreshCalls).toBe(0);
    expect(expired.count).toBe(0);
  });

  it('passes other errors through without refreshing', async () => {
    const transport = createApiTransport((interceptors) =>
      createRouterTransport(
        (router) => {
          router.service(CaseService, {
            getCase() {
              throw new ConnectError('case not found', Code.NotFound);
            },
          });
        },
        { transport: { interceptors } },
      ),
    );
    await expect(createClient(CaseService, transport).getCase({ id: 'x' })).rejects.toMatchObject({
      code: Code.NotFound,
    });
    expect(refreshed.count + expired.count).toBe(0);
  });
});

describe('fetchInOwnTask', () => {
  it('starts the request in a later task, with the session cookies and the call as given', async () => {
    const fetched = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetched);
    cleanups.push(() => vi.unstubAllGlobals());
    const signal = new AbortController().signal;
    const answers = ['a', 'b', 'c'].map((id) =>
      fetchInOwnTask(`/kesi.v1.CaseService/GetCase`, { method: 'POST', body: JSON.stringify({ id }), signal }),
    );
    // Not in the task that asked, nor in its microtasks: the screen that mounts finishes first.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(fetched).not.toHaveBeenCalled();
    const responses = await Promise.all(answers);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(fetched.mock.calls.map(([, init]) => [init?.body, init?.credentials, init?.method, init?.signal])).toEqual([
      ['{"id":"a"}', 'include', 'POST', signal],
      ['{"id":"b"}', 'include', 'POST', signal],
      ['{"id":"c"}', 'include', 'POST', signal],
    ]);
  });

  it('does not wait for timers, which a tab in the background runs once a second', async () => {
    const fetched = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })));
    vi.stubGlobal('fetch', fetched);
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval'] });
    cleanups.push(() => vi.useRealTimers(), () => vi.unstubAllGlobals());
    // No timer is run here: the request starts all the same.
    await expect(fetchInOwnTask('/kesi.v1.AuthService/Me')).resolves.toMatchObject({ status: 200 });
    expect(fetched).toHaveBeenCalledTimes(1);
  });

  it('answers the browser’s failure as the failure', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    cleanups.push(() => vi.unstubAllGlobals());
    await expect(fetchInOwnTask('/kesi.v1.AuthService/Me')).rejects.toThrow('Failed to fetch');
  });
});
