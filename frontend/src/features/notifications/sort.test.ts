import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { DateSchema } from '@gen/google/type/date_pb';
import { CaseSchema } from '@gen/kesi/v1/case_pb';
import { optionsOf, splitTabs } from './sort';

const d = (year: number, month: number, day: number) => create(DateSchema, { year, month, day });
const c = (caseId: string, date: ReturnType<typeof d> | undefined, markUpdated = false, lawCourt = 'Milimani', status = 'Mention') =>
  create(CaseSchema, { id: caseId, caseId, activityDate: date, markUpdated, lawCourt, status });

describe('splitTabs', () => {
  const cases = [
    c('old', d(2025, 1, 5)),
    c('none', undefined),
    c('new', d(2025, 3, 1)),
    c('snoozed', d(2025, 2, 1), true, 'Kibera', 'Hearing'),
    c('snoozed-none', undefined, true),
  ];
  it('sorts each tab newest first with missing dates last', () => {
    const tabs = splitTabs(cases, { court: null, status: null });
    expect(tabs.notifications.map((x) => x.caseId)).toEqual(['new', 'old', 'none']);
    expect(tabs.pending.map((x) => x.caseId)).toEqual(['snoozed', 'snoozed-none']);
  });
  it('applies both filters to both tabs', () => {
    const tabs = splitTabs(cases, { court: 'Kibera', status: null });
    expect(tabs.notifications).toHaveLength(0);
    expect(tabs.pending.map((x) => x.caseId)).toEqual(['snoozed']);
    expect(splitTabs(cases, { court: 'Milimani', status: 'Hearing' }).pending).toHaveLength(0);
  });
  it('offers sorted unique non-empty options', () => {
    expect(optionsOf([...cases, c('x', undefined, false, '')], 'lawCourt')).toEqual(['Kibera', 'Milimani']);
  });
});
