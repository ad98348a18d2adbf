import { describe, expect, it, vi } from 'vitest';
import { RECENT_REFRESH_MS, REFRESHED_AT_KEY, refreshAcrossTabs } from './connect';

/** A Web Locks stand-in shared by "tabs": one holder at a time, in request order. */
function fakeLocks() {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request<T>(_name: string, callback: () => Promise<T>): Promise<T> {
      const result = tail.then(callback);
      tail = result.catch(() => undefined);
      return result;
    },
  };
}

describe('refreshAcrossTabs', () => {
  it('lets only the first of two tabs refresh; the second retries with the new cookies', async () => {
    const locks = fakeLocks();
    const storage = window.localStorage;
    storage.clear();
    let serverRefreshes = 0;
    const server = async () => {
      await new Promise((r) => setTimeout(r, 10));
      serverRefreshes++;
    };
    const tabA = refreshAcrossTabs(server, { locks, storage });
    const tabB = refreshAcrossTabs(server, { locks, storage });

    await Promise.all([tabA(), tabB()]);

    expect(serverRefreshes).toBe(1);
    expect(Number(storage.getItem(REFRESHED_AT_KEY))).toBeGreaterThan(0);
  });

  it('refreshes again once the last refresh is no longer recent', async () => {
    const storage = window.localStorage;
    storage.clear();
    let time = 1_000_000;
    const refresh = vi.fn(() => Promise.resolve());
    const tab = refreshAcrossTabs(refresh, { locks: fakeLocks(), storage, now: () => time });

    await tab();
    time += RECENT_REFRESH_MS - 1;
    await tab();
    expect(refresh).toHaveBeenCalledTimes(1);
    time += 2;
    await tab();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('works without Web Locks and passes a failed refresh on', async () => {
    const storage = window.localStorage;
    storage.clear();
    const tab = refreshAcrossTabs(() => Promise.reject(new Error('revoked')), { locks: undefined, storage });
    await expect(tab()).rejects.toThrow('revoked');
    expect(storage.getItem(REFRESHED_AT_KEY)).toBeNull();
  });
});
