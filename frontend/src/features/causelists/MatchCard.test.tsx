import { create } from '@bufbuild/protobuf';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CauseListMatchKind, CauseListMatchSchema } from '@gen/kesi/v1/causelist_pb';
import { fromIsoDate } from '@/lib/dates';
import { renderWithProviders } from '@/test/render';
import { MATCH_TEXT, MatchCard } from './MatchCard';

const newDate = (day: string) =>
  create(CauseListMatchSchema, { id: 'm1', caseId: 'MCCC/E7/2023', kind: CauseListMatchKind.NEW_DATE, listedDate: fromIsoDate(day), activity: 'Mention' });

describe('a new date on a cause list', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  // 00:30 on Wednesday 22 January in Nairobi is still Tuesday in UTC.
  const wednesdayJustAfterMidnight = new Date('2025-01-21T21:30:00Z');

  it('can be applied from the day itself on', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: wednesdayJustAfterMidnight });
    renderWithProviders(<MatchCard match={newDate('2025-01-22')} />);
    expect(screen.getByRole('button', { name: MATCH_TEXT.apply })).toBeTruthy();
    expect(screen.getByText(MATCH_TEXT.newDateHint)).toBeTruthy();
  });

  it('from a past list is not offered as the next date', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: wednesdayJustAfterMidnight });
    renderWithProviders(<MatchCard match={newDate('2025-01-21')} />);
    expect(screen.queryByRole('button', { name: MATCH_TEXT.apply })).toBeNull();
    expect(screen.getByText(MATCH_TEXT.pastHint)).toBeTruthy();
  });
});
