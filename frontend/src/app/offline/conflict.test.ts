import { describe, expect, it } from 'vitest';
import { caseChanged, type CaseSnapshot } from './conflict';

const seen: CaseSnapshot = {
  id: 'id1',
  caseId: 'MCCC/E3574/2022',
  parties: 'Wanjiru v Otieno',
  activityDate: '2026-11-23',
  activity: 'Hearing',
  time: '09:00',
  status: 'Hearing',
  updatedAt: '1795000000',
};

describe('whether the case changed while the outcome waited to be sent', () => {
  it('is unchanged when the server still has what the advocate saw', () => {
    expect(caseChanged(seen, { ...seen })).toBe(false);
  });

  it('changed when the server changed the case since (its change time moved)', () => {
    expect(caseChanged(seen, { ...seen, updatedAt: '1795000500' })).toBe(true);
  });

  it('trusts the change time over the fields when both sides have it', () => {
    expect(caseChanged(seen, { ...seen, parties: 'renamed' })).toBe(false);
  });

  it('compares the date, activity, time and status when a change time is missing', () => {
    const noTime = { ...seen, updatedAt: '' };
    expect(caseChanged(noTime, { ...noTime })).toBe(false);
    expect(caseChanged(noTime, { ...noTime, activityDate: '2026-12-01' })).toBe(true);
    expect(caseChanged(noTime, { ...noTime, time: '14:00' })).toBe(true);
    expect(caseChanged(noTime, { ...noTime, activity: 'Mention' })).toBe(true);
  });
});
