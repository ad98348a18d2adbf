import type { SessionUser } from './user';
import { readStoredEnd, readStoredUser, writeStoredUser } from './user';

/** SPEC.md section 9: the session is checked every 60 s and revalidated after 15 min. */
export const TICK_MS = 60_000;
export const REVALIDATE_AFTER_MS = 15 * 60_000;

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

/**
 * How a session ended: the person signed out here, it expired (the server no longer accepts it),
 * or another tab of this browser ended it (that tab knows which). What becomes of the outcomes
 * still waiting to send hangs on it: an expiry keeps them for the same advocate (App's
 * followSession).
 */
export type SessionEnd = 'signedOut' | 'expired' | 'elsewhere';

export interface SessionState {
  status: AuthStatus;
  user: SessionUser | null;
  /** True while a verification with the server is running. */
  verifying: boolean;
  /** When the server last confirmed the session (ms since epoch); 0 when never. */
  checkedAt: number;
  /** How the last session ended, while nobody is signed in; undefined before any ended. */
  ended?: SessionEnd;
}

/**
 * Thrown by the server calls when the server could not be reached (no signal, no answer in
 * time): nothing is known about the session then, so the person stays signed in on the device.
 */
export class UnreachableError extends Error {
  constructor(cause?: unknown) {
    super('The server could not be reached', { cause });
    this.name = 'UnreachableError';
  }
}

/** What the store needs from the server; all of it goes through the session cookies. */
export interface SessionServer {
  /** The signed-in user; rejects when the access token is missing or expired. */
  me(): Promise<SessionUser>;
  /** Renews the access token from the refresh cookie; rejects when that is not possible. */
  refresh(): Promise<void>;
}

/**
 * The auth state machine of SPEC.md section 4: loading, then authenticated or
 * unauthenticated. A stored (non-secret) user is restored at once and then verified;
 * one verification runs at a time; tick() revalidates a session older than 15 minutes.
 */
export class SessionStore {
  private state: SessionState;
  private readonly listeners = new Set<() => void>();
  private verification: Promise<SessionUser | null> | undefined;
  // Moves on at every sign-in and sign-out: a verification begun before one answers into a
  // session that no longer exists, and must neither sign a signed-out person back in nor sign out
  // the one who just signed in.
  private epoch = 0;

  constructor(
    private readonly server: SessionServer,
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {
    this.state = { status: 'loading', user: null, verifying: false, checkedAt: 0 };
  }

  getState = (): SessionState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private set(patch: Partial<SessionState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** Restores the stored user at once and verifies it; without one, loading just ends. */
  start(): void {
    if (this.state.status !== 'loading') return;
    const stored = readStoredUser(this.storage);
    if (!stored) {
      this.set({ status: 'unauthenticated' });
      return;
    }
    this.set({ status: 'authenticated', user: stored });
    void this.verify();
  }

  /**
   * Asks the server who is signed in: the session, else a refresh and the session again.
   * Concurrent callers share one verification. Answers the user, or null when signed out.
   */
  verify(): Promise<SessionUser | null> {
    if (!this.verification) {
      const verification = this.runVerification().finally(() => {
        if (this.verification === verification) this.verification = undefined;
      });
      this.verification = verification;
    }
    return this.verification;
  }

  private async runVerification(): Promise<SessionUser | null> {
    const epoch = this.epoch;
    this.set({ verifying: true });
    let user: SessionUser | null;
    try {
      user = await this.server.me();
    } catch (err) {
      try {
        if (err instanceof UnreachableError) throw err;
        await this.server.refresh();
        user = await this.server.me();
      } catch (err2) {
        if (epoch !== this.epoch) return this.state.user;
        if (err2 instanceof UnreachableError && this.state.user) {
          // Offline at court: keep the diary on screen; verify() runs again when the signal returns.
          this.set({ verifying: false });
          return this.state.user;
        }
        user = null;
      }
    }
    if (epoch !== this.epoch) return this.state.user;
    if (user) {
      writeStoredUser(this.storage, user);
      // The same person as shown keeps the same object: the screens that read the user are not
      // drawn again for a check that changed nothing (issue 17).
      if (this.state.user && sameUser(this.state.user, user)) user = this.state.user;
      this.set({ status: 'authenticated', user, verifying: false, checkedAt: this.now(), ended: undefined });
    } else {
      // Neither the session nor a refresh was accepted: it expired (after days offline, say).
      writeStoredUser(this.storage, null, 'expired');
      this.set({ status: 'unauthenticated', user: null, verifying: false, checkedAt: 0, ended: 'expired' });
    }
    return user;
  }

  /** Runs every TICK_MS: revalidates an authenticated session last checked over 15 minutes ago. */
  tick(): void {
    const { status, checkedAt, verifying } = this.state;
    if (status === 'authenticated' && !verifying && this.now() - checkedAt > REVALIDATE_AFTER_MS) {
      void this.verify();
    }
  }

  /** After a login (or a profile change): the server's answer becomes the session's user. */
  signedIn(user: SessionUser): void {
    this.forgetVerification();
    writeStoredUser(this.storage, user);
    this.set({ status: 'authenticated', user, verifying: false, checkedAt: this.now(), ended: undefined });
  }

  /** Forgets the user and the stored profile (logout, expiry, another tab's sign-out): `ended` says which. */
  clear(ended: SessionEnd = 'signedOut'): void {
    this.forgetVerification();
    // Another tab's end was written by that tab; this one writes its own for the others.
    if (ended !== 'elsewhere') writeStoredUser(this.storage, null, ended);
    else writeStoredUser(this.storage, null, readStoredEnd(this.storage));
    this.set({ status: 'unauthenticated', user: null, verifying: false, checkedAt: 0, ended });
  }

  /** Leaves a verification under way to answer its callers without touching the new session. */
  private forgetVerification(): void {
    this.epoch++;
    this.verification = undefined;
  }
}

/** Whether two profiles say the same in every field. */
function sameUser(a: SessionUser, b: SessionUser): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof SessionUser)[]);
  return [...keys].every((k) => a[k] === b[k]);
}
