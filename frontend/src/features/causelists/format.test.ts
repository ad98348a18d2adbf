import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { CauseListMatchKind, CauseListMatchSchema } from '@gen/kesi/v1/causelist_pb';
import { fromIsoDate } from '@/lib/dates';
import { addDays, groupByDay, kenyanDay, nextCourtDay, summary } from './format';

const match = (day: string, kind: CauseListMatchKind, caseId = 'MCCC/E1/2024') =>
  create(CauseListMatchSchema, { id: `${caseId}.${day}`, caseId, kind, listedDate: fromIsoDate(day) });

describe('cause-list formatting', () => {
  it('writes days the Kenyan way', () => {
    expect(kenyanDay('2026-12-08')).toBe('Tue 8 Dec 2026');
    expect(kenyanDay('2025-01-20')).toBe('Mon 20 Jan 2025');
    expect(kenyanDay('2025-02-30')).toBe('');
    expect(kenyanDay(undefined)).toBe('');
  });

  it('finds the next court day over a weekend and a month end', () => {
    expect(nextCourtDay('2025-01-16')).toBe('2025-01-17'); // Thursday -> Friday
    expect(nextCourtDay('2025-01-17')).toBe('2025-01-20'); // Friday -> Monday
    expect(nextCourtDay('2025-01-18')).toBe('2025-01-20'); // Saturday -> Monday
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });

  it('groups findings by day in order', () => {
    const groups = groupByDay([
      match('2025-01-21', CauseListMatchKind.LISTED),
      match('2025-01-20', CauseListMatchKind.NEW_DATE),
      match('2025-01-21', CauseListMatchKind.NOT_LISTED, 'MCCC/E2/2024'),
    ]);
    expect(groups.map((g) => [g.day, g.matches.length])).toEqual([
      ['2025-01-20', 1],
      ['2025-01-21', 2],
    ]);
  });

  it('sums a day up for the dashboard', () => {
    const day = '2025-01-20';
    expect(
      summary([
        match(day, CauseListMatchKind.LISTED),
        match(day, CauseListMatchKind.LISTED),
        match(day, CauseListMatchKind.LISTED),
        match(day, CauseListMatchKind.NOT_LISTED),
      ]),
    ).toBe('3 of your matters listed, 1 not found');
    expect(summary([match(day, CauseListMatchKind.NEW_DATE)])).toBe('1 of your matters listed, 1 on a new date');
    expect(summary([])).toBe('none of your matters found');
  });
});
