import { createRouterTransport } from '@connectrpc/connect';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CaseService } from '@gen/kesi/v1/case_pb';
import { SessionProvider } from '@/app/session/SessionProvider';
import { todayIsoDate } from '@/lib/dates';
import { renderWithProviders } from '@/test/render';
import { sessionStore, sessionUser } from '@/test/session';
import { DashboardPage } from './DashboardPage';

// Each drawing of a sitting card, counted: the cards are the heaviest part of a phone's dashboard.
const drawn = vi.hoisted(() => ({ cards: 0 }));
vi.mock('@/components/cases/SittingCard', async (original) => {
  const real = await original<typeof import('@/components/cases/SittingCard')>();
  return {
    ...real,
    SittingCard: (props: Parameters<typeof real.SittingCard>[0]) => {
      drawn.cards++;
      return real.SittingCard(props);
    },
  };
});

const [year, month, day] = todayIsoDate().split('-').map(Number);
const today = { year, month, day };
const sittings = [
  { id: 'a1', caseId: 'HCCC/E12/2026', parties: 'Achieng v Mwangi', activity: 'Mention', time: '09:00', activityDate: today },
  { id: 'a2', caseId: 'ELC/E7/2025', parties: 'Kilele Farm Ltd v Rotich', activity: 'Hearing', time: '11:00', activityDate: today },
];

describe('DashboardPage', () => {
  it("does not draw today's sittings again when the week's and the total's answers come", async () => {
    let answerWeek: () => void = () => undefined;
    const weekAnswered = new Promise<void>((resolve) => (answerWeek = resolve));
    const transport = createRouterTransport((router) => {
      router.service(CaseService, {
        listScheduledCases: () => ({ cases: sittings }),
        listCaseActivities: () => ({ activities: [] }),
        listWeekCases: async () => {
          await weekAnswered;
          return { cases: [...sittings, { id: 'a3', caseId: 'MCCR/E8/2024', parties: 'Were v Odhiambo', activity: 'Ruling', activityDate: today }] };
        },
        listCases: async () => {
          await weekAnswered;
          return { cases: [] };
        },
      });
    });
    renderWithProviders(
      <SessionProvider store={sessionStore(sessionUser())}>
        <DashboardPage causeLists={null} clashes={null} />
      </SessionProvider>,
      { transport, path: '/dashboard' },
    );
    await waitFor(() => {
      expect(screen.getAllByText('No outcome recorded yet')).toHaveLength(2);
    });
    const beforeWeek = drawn.cards;
    answerWeek();
    expect(await screen.findByText('MCCR/E8/2024')).toBeDefined();
    await waitFor(() => {
      expect(screen.getByTestId('stat-total').textContent).toBe('0');
    });
    expect(screen.getByTestId('stat-week').textContent).toBe('3');
    expect(drawn.cards).toBe(beforeWeek);
  });
});
