import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '@/test/session';
import { REVALIDATE_AFTER_MS, SessionStore, UnreachableError, type SessionServer } from './store';
import { readStoredUser, writeStoredUser } from './user';

function server(overrides: Partial<SessionServer> = {}) {
  return {
    me: vi.fn<SessionServer['me']>(() => Promise.resolve(sessionUser())),
    refresh: vi.fn<SessionServer['refresh']>(() => Promise.resolve()),
    ...overrides,
  };
}

beforeEach(() => {
  localStorage.clear();
});

describe('SessionStore', () => {
  it('offline, keeps the stored user signed in on the device and keeps them stored', async () => {
    writeStoredUser(localStorage, sessionUser());
    const s = server({ me: vi.fn<SessionServer['me']>(() => Promise.reject(new UnreachableError())) });
    const store = new SessionStore(s, localStorage);
    store.start();
    await store.verify();
    expect(store.getState()).toMatchObject({ status: 'authenticated', verifying: false });
    expect(readStoredUser(localStorage)).not.toBeNull();
    expect(s.refresh).not.toHaveBeenCalled();
  });

  it('online, a session the server refuses (401, refresh refused) still signs out', async () => {
    writeStoredUser(localStorage, sessionUser());
    const s = server({
      me: vi.fn<SessionServer['me']>(() => Promise.reject(new Error('unauthenticated'))),
      refresh: vi.fn<SessionServer['refresh']>(() => Promise.reject(new Error('unauthenticated'))),
    });
    const store = new SessionStore(s, localStorage);
    store.start();
    await store.verify();
    // An expiry, not a sign-out: the outcomes waiting to send are kept (followSession.test).
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, ended: 'expired' });
    expect(readStoredUser(localStorage)).toBeNull();
  });

  it('a check that confirms the same profile keeps the user as it was; a changed one replaces it', async () => {
    writeStoredUser(localStorage, sessionUser());
    const me = vi.fn<SessionServer['me']>(() => Promise.resolve(sessionUser()));
    const store = new SessionStore(server({ me }), localStorage);
    store.start();
    const shown = store.getState().user;
    await store.verify();
    // Another object from the server, the same person: the screens have nothing to redraw.
    expect(me).toHaveBeenCalledTimes(1);
    expect(store.getState().user).toBe(shown);
    me.mockResolvedValueOnce(sessionUser({ fullname: 'Wanjiru Kamau-Otieno' }));
    await store.verify();
    expect(store.getState().user).not.toBe(shown);
    expect(store.getState().user?.fullname).toBe('Wanjiru Kamau-Otieno');
    expect(readStoredUser(localStorage)?.fullname).toBe('Wanjiru Kamau-Otieno');
  });

  it('without a stored user, loading just ends unauthenticated and asks nothing', () => {
    const s = server();
    const store = new SessionStore(s, localStorage);
    expect(store.getState().status).toBe('loading');
    store.start();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(s.me).not.toHaveBeenCalled();
  });

  it('restores the stored user at once, then verifies it in the background', async () => {
    writeStoredUser(localStorage, sessionUser({ fullname: 'Old Name' }));
    const s = server();
    const store = new SessionStore(s, localStorage, () => 1000);
    store.start();
    expect(store.getState()).toMatchObject({ status: 'authenticated', verifying: true, checkedAt: 0 });
    expect(store.getState().user?.fullname).toBe('Old Name');
    await store.verify();
    expect(store.getState()).toMatchObject({ status: 'authenticated', verifying: false, checkedAt: 1000 });
    expect(store.getState().user?.fullname).toBe('Wanjiru Kamau');
    expect(readStoredUser(localStorage)?.fullname).toBe('Wanjiru Kamau');
    expect(s.me).toHaveBeenCalledTimes(1);
  });

  it('tries a refresh when the session fetch fails, then fetches the session again', async () => {
    writeStoredUser(localStorage, sessionUser());
    const me = vi
      .fn<SessionServer['me']>()
      .mockRejectedValueOnce(new Error('401'))
      .mockResolvedValueOnce(sessionUser({ fullname: 'Renewed' }));
    const s = server({ me });
    const store = new SessionStore(s, localStorage);
    store.start();
    await store.verify();
    expect(s.refresh).toHaveBeenCalledTimes(1);
    expect(me).toHaveBeenCalledTimes(2);
    expect(store.getState().user?.fullname).toBe('Renewed');
  });

  it('clears the user and the stored profile when the refresh fails', async () => {
    writeStoredUser(localStorage, sessionUser());
    const s = server({
      me: () => Promise.reject(new Error('401')),
      refresh: () => Promise.reject(new Error('revoked')),
    });
    const store = new SessionStore(s, localStorage);
    store.start();
    await expect(store.verify()).resolves.toBeNull();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, verifying: false });
    expect(readStoredUser(localStorage)).toBeNull();
  });

  it('runs only one verification at a time', async () => {
    writeStoredUser(localStorage, sessionUser());
    let release: (u: ReturnType<typeof sessionUser>) => void = () => undefined;
    const me = vi.fn<SessionServer['me']>(() => new Promise((r) => (release = r)));
    const store = new SessionStore(server({ me }), localStorage);
    store.start();
    const a = store.verify();
    const b = store.verify();
    expect(a).toBe(b);
    release(sessionUser());
    await a;
    expect(me).toHaveBeenCalledTimes(1);
  });

  it('the tick revalidates only an authenticated session last checked over 15 minutes ago', async () => {
    let now = 0;
    const s = server();
    const store = new SessionStore(s, localStorage, () => now);
    store.start();
    store.tick();
    expect(s.me).not.toHaveBeenCalled();

    store.signedIn(sessionUser());
    now = REVALIDATE_AFTER_MS;
    store.tick();
    expect(s.me).not.toHaveBeenCalled();
    now = REVALIDATE_AFTER_MS + 1;
    store.tick();
    expect(s.me).toHaveBeenCalledTimes(1);
    await store.verify();
  });

  it('never stores anything but the non-secret profile, and how the last session ended', () => {
    localStorage.clear();
    const store = new SessionStore(server(), localStorage);
    store.start();
    store.signedIn(sessionUser());
    expect(Object.keys(localStorage)).toEqual(['kesi.user']);
    expect(Object.keys(JSON.parse(localStorage.getItem('kesi.user') ?? '{}') as object).sort()).toEqual(
      ['affiliate_code', 'email', 'fullname', 'id', 'phone_number', 'profile_image', 'role'].sort(),
    );
    store.clear();
    // For the other tabs, told of the user's removal: signed out, so they keep nothing.
    expect(Object.entries(localStorage)).toEqual([['kesi.ended', 'signedOut']]);
    store.signedIn(sessionUser());
    store.clear('expired');
    expect(Object.entries(localStorage)).toEqual([['kesi.ended', 'expired']]);
  });

  it('notifies subscribers on every change', () => {
    const store = new SessionStore(server(), localStorage);
    const listener = vi.fn();
    const stop = store.subscribe(listener);
    store.start();
    store.signedIn(sessionUser());
    stop();
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('a sign-out while a verification is under way stays signed out when it answers', async () => {
    writeStoredUser(localStorage, sessionUser());
    let answer: (u: ReturnType<typeof sessionUser>) => void = () => undefined;
    const s = server({ me: vi.fn<SessionServer['me']>(() => new Promise((resolve) => (answer = resolve))) });
    const store = new SessionStore(s, localStorage);
    store.start(); // restores, and verifies in the background
    const verified = store.verify();
    store.clear(); // signed out (here or in another tab) before the server answered
    answer(sessionUser());
    await verified;
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, verifying: false });
    expect(readStoredUser(localStorage)).toBeNull();
  });

  it('a sign-in while a verification is under way stays signed in when it is refused', async () => {
    writeStoredUser(localStorage, sessionUser({ fullname: 'Old Session' }));
    let refuse: (err: Error) => void = () => undefined;
    const me = vi.fn<SessionServer['me']>(() => new Promise((_, reject) => (refuse = reject)));
    const s = server({ me, refresh: vi.fn<SessionServer['refresh']>(() => Promise.reject(new Error('unauthenticated'))) });
    const store = new SessionStore(s, localStorage);
    store.start();
    const verified = store.verify();
    store.signedIn(sessionUser({ fullname: 'New Session' }));
    refuse(new Error('unauthenticated'));
    await verified;
    expect(store.getState()).toMatchObject({ status: 'authenticated', user: { fullname: 'New Session' } });
    expect(readStoredUser(localStorage)?.fullname).toBe('New Session');
    // A verification asked for now is a new one, of the new session.
    me.mockImplementation(() => Promise.resolve(sessionUser({ fullname: 'New Session' })));
    await expect(store.verify()).resolves.toMatchObject({ fullname: 'New Session' });
  });
});
