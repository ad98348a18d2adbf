import { create } from '@bufbuild/protobuf';
import { createRouterTransport } from '@connectrpc/connect';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaseSchema, CaseService } from '@gen/kesi/v1/case_pb';
import { renderWithProviders } from '@/test/render';
import { CalendarPage } from './CalendarPage';

describe('CalendarPage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('names a public holiday under its day, and marks a sitting written on it', async () => {
    // Christmas Day 2026, a Friday, mid-morning in Nairobi: a sitting in the diary that day is
    // most likely a date written down wrong.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-25T07:00:00Z'));
    const sitting = create(CaseSchema, { id: 'c1', caseId: 'MCCC/E52/2024', parties: 'Amani Traders v Otieno', activity: 'Mention' });
    const transport = createRouterTransport((router) => {
      router.service(CaseService, {
        listScheduledCases: () => ({ cases: [sitting] }),
        listCasesBetween: () => ({ cases: [] }),
        listCases: () => ({ cases: [] }),
      });
    });
    renderWithProviders(<CalendarPage />, { transport });

    expect(await screen.findByText('1 hearing(s) scheduled')).toBeDefined();
    const note = screen.getByTestId('holiday-note');
    expect(note.textContent).toBe('Christmas Day: a public holiday, courts do not sit');
    expect(note.getAttribute('style') ?? '').toContain('red-9');
    expect(screen.getByRole('button', { name: /25 December 2026, Christmas Day/ })).toBeDefined();

    // The week shows each holiday under its day (Boxing Day follows); a working day has no line.
    await userEvent.click(screen.getByRole('radio', { name: 'Week' }));
    const week = await screen.findByTestId('week-view');
    const days = within(week).getAllByTestId('week-day');
    const noted = days.filter((d) => within(d).queryByTestId('holiday-note'));
    // No sittings in this week's answer: the lines are plain.
    expect(noted.map((d) => within(d).getByTestId('holiday-note').getAttribute('style') ?? '').some((st) => st.includes('red'))).toBe(false);
    expect(noted.map((d) => within(d).getByTestId('holiday-note').textContent)).toEqual([
      'Christmas Day: a public holiday, courts do not sit',
      'Boxing Day: a public holiday, courts do not sit',
    ]);
  }, 30_000);
});
