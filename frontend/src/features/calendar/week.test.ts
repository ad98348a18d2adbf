import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { CaseSchema } from '@gen/kesi/v1/case_pb';
import { fromIsoDate } from '@/lib/dates';
import { byDay, weekDays } from './week';

describe('the calendar week', () => {
  it('runs Monday to Sunday around any day, across a month and a year', () => {
    expect(weekDays('2026-12-08')).toEqual(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-12', '2026-12-13']);
    expect(weekDays('2026-12-13')[0]).toBe('2026-12-07');
    expect(weekDays('2027-01-01')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it("puts each sitting under its day, in the server's order", () => {
    const c = (id: string, date: string) => create(CaseSchema, { caseId: id, activityDate: fromIsoDate(date) });
    const week = byDay(weekDays('2026-12-08'), [c('B', '2026-12-08'), c('A', '2026-12-08'), c('C', '2026-12-10')]);
    expect(week.map((d) => d.cases.map((x) => x.caseId))).toEqual([[], ['B', 'A'], [], ['C'], [], [], []]);
  });
});
