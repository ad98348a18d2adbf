import { createRouterTransport } from '@connectrpc/connect';
import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CaseService } from '@gen/kesi/v1/case_pb';
import { FirmService } from '@gen/kesi/v1/firm_pb';
import { CaseDetailPage } from '@/features/cases/pages/CaseDetailPage';
import { FirmDay } from '@/features/firm/components/FirmDay';
import { renderWithProviders } from '@/test/render';

// Achieng and her colleague Kamau each have a case numbered HCCC/E12/2026 (numbers restart at
// every station); Kamau shared his, and attends its mention today.
const number = 'HCCC/E12/2026';
const own = { id: 'c-achieng', caseId: number, parties: 'Achieng v Mwangi' };
const colleagues = { id: 'c-kamau', caseId: number, parties: 'Kamau Holdings Ltd v Otieno' };

const transport = createRouterTransport((router) => {
  router.service(FirmService, {
    listFirmSittings: () => ({
      sittings: [
        {
          activityId: 'a1', caseRef: colleagues.id, caseId: number, parties: colleagues.parties, lawCourt: 'Milimani Commercial Court',
          activity: 'Mention', time: '09:00', ownerUserId: 'u-kamau', ownerName: 'Kamau Njoroge', attendeeUserId: 'u-kamau', attendeeName: 'Kamau Njoroge',
        },
      ],
    }),
  });
  router.service(CaseService, {
    // A number alone answers the viewer's own case first, as the server does.
    getCaseByCaseId: () => ({ case: own }),
    getCase: (req) => ({ case: req.id === colleagues.id ? colleagues : own }),
    listCaseActivities: (req) => ({
      activities: [{ id: req.id === colleagues.id ? 'a1' : 'a-own', caseId: number, activity: req.id === colleagues.id ? 'Mention' : 'Hearing' }],
    }),
  });
});

describe("a colleague's sitting in the firm's day", () => {
  it("opens the colleague's case, not the viewer's own of the same number", async () => {
    renderWithProviders(
      <Routes>
        <Route path="/firm" element={<FirmDay />} />
        <Route path="/cases/*" element={<CaseDetailPage listings={() => null} documents={() => null} firm={() => null} />} />
      </Routes>,
      { transport, path: '/firm' },
    );
    fireEvent.click(await screen.findByRole('link', { name: number }));
    expect(await screen.findByText(colleagues.parties)).toBeDefined();
    expect(screen.queryByText(own.parties)).toBeNull();
  });
});
