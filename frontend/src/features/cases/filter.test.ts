import { create } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { CaseSchema } from '@gen/kesi/v1/case_pb';
import { filterCases } from './filter';

const c = (caseId: string, status: string, parties = '', lawCourt = '') => create(CaseSchema, { id: caseId, caseId, status, parties, lawCourt });
const cases = [
  c('A/1', 'Registration/Filing', 'Wanjiru v Otieno', 'Milimani'),
  c('A/2', 'Filing', 'Kamau v Republic', 'Kibera'),
  c('A/3', 'registration', 'Achieng Ltd v KRA', 'Milimani'),
  c('A/4', 'Hearing', 'Mwangi v Njoroge', 'Nakuru'),
  c('A/5', 'judgment', 'Omondi v Bank', 'Kisumu'),
];
const ids = (list: { caseId: string }[]) => list.map((x) => x.caseId);

describe('filterCases', () => {
  it('Registration/Filing also takes Filing and Registration, in any case', () => {
    expect(ids(filterCases(cases, '', 'Registration/Filing'))).toEqual(['A/1', 'A/2', 'A/3']);
  });
  it('status tabs compare without regard to case', () => {
    expect(ids(filterCases(cases, '', 'Judgment'))).toEqual(['A/5']);
    expect(ids(filterCases(cases, '', 'All Cases'))).toHaveLength(5);
  });
  it('searches parties, case ID and court', () => {
    expect(ids(filterCases(cases, 'otieno', 'All Cases'))).toEqual(['A/1']);
    expect(ids(filterCases(cases, 'a/4', 'All Cases'))).toEqual(['A/4']);
    expect(ids(filterCases(cases, 'MILIMANI', 'Registration/Filing'))).toEqual(['A/1', 'A/3']);
  });
});
