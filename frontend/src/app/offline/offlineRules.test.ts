import { ConnectError, Code } from '@connectrpc/connect';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineRules } from '../queryClient';
import { addDays, sittingsByDay } from './prefetch';

const networkError = new ConnectError('fetch failed', Code.Unknown, undefined, undefined, new TypeError('Failed to fetch'));

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('queries offline', () => {
  const options = { queryKey: ['cases', 'x'], retry: 2, queryHash: 'x', _defaulted: true } as unknown as Parameters<typeof offlineRules>[0];

  it('a query with data on the device does not run offline, so the screen keeps it', () => {
    expect(offlineRules(options, true).networkMode).toBe('online');
  });

  it('a query without data runs once and is not retried offline, so its error replaces the skeleton', () => {
    const o = offlineRules(options, false);
    expect(o.networkMode).toBe('offlineFirst');
    onlineManager.setOnline(false);
    const retry = o.retry as (n: number, e: Error) => boolean;
    expect(retry(0, networkError)).toBe(false);
    onlineManager.setOnline(true);
    expect(retry(0, networkError)).toBe(true);
    expect(retry(2, networkError)).toBe(false);
  });
});

describe('the next 14 days kept on the device', () => {
  it('counts days across month ends', () => {
    expect(addDays('2026-11-23', 14)).toBe('2026-12-07');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('groups sittings by day, earliest first, with empty days kept empty', () => {
    const c = (id: string, day: number, time: string) =>
      ({ $typeName: 'kesi.v1.Case', id, activityDate: { year: 2026, month: 11, day }, time }) as never;
    const days = sittingsByDay([c('b', 24, '14:00'), c('a', 24, '09:00'), c('z', 30, '')], '2026-11-23', 14);
    expect(days.size).toBe(15);
    expect(days.get('2026-11-23')).toEqual([]);
    expect(days.get('2026-11-24')?.map((x: { id: string }) => x.id)).toEqual(['a', 'b']);
  });
});
