import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { DateSchema } from '@gen/google/type/date_pb';
import { CaseSchema } from '@gen/kesi/v1/case_pb';
import { groupByDate } from './group';

const row = (caseId: string, day: number) => create(CaseSchema, { caseId, activityDate: create(DateSchema, { year: 2025, month: 6, day }) });

describe('groupByDate', () => {
  it('groups by activity date, ascending', () => {
    const groups = groupByDate([row('b', 12), row('a', 3), row('c', 12)]);
    expect(groups.map((g) => [g.date, g.cases.map((x) => x.caseId)])).toEqual([
      ['2025-06-03', ['a']],
      ['2025-06-12', ['b', 'c']],
    ]);
  });
});
