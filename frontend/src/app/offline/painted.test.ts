import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { CaseService, type ListCaseActivitiesResponse, type ListScheduledCasesResponse } from '@gen/kesi/v1/case_pb';
import { callKey } from '@/api/keys';
import { fromIsoDate } from '@/lib/dates';
import { PAINTED_DATA_ID, seedPainted } from './painted';

const m = CaseService.method;
const TODAY = '2026-12-07';

/** The page as backend/internal/web/paint.go writes it: the painted data in its script element. */
function paintedPage(data: unknown): Document {
  const doc = document.implementation.createHTMLDocument('Kesi');
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = PAINTED_DATA_ID;
  script.textContent = typeof data === 'string' ? data : JSON.stringify(data);
  doc.body.append(script);
  return doc;
}

const DATA = {
  user: 'u-1',
  day: TODAY,
  // The Connect protocol's JSON, as protojson writes it; a field this client does not know is left.
  answer: { cases: [{ id: 'c-1', caseId: 'HCCC/E12/2024', parties: 'Wanjiru <b>Holdings</b> v Otieno', time: '09:30', newField: 1 }], entries: [{ sitting: { attendedByName: 'Otieno Odhiambo' } }] },
  activities: { 'HCCC/E12/2024': { activities: [{ id: 'a-1', outcome: 'Part heard; defence witness to attend.' }] } },
};

const todayOf = (client: QueryClient) => client.getQueryData<ListScheduledCasesResponse>(callKey(m.listScheduledCases, { date: fromIsoDate(TODAY) }));
const activitiesOf = (client: QueryClient, caseId: string) => client.getQueryData<ListCaseActivitiesResponse>(callKey(m.listCaseActivities, { caseId }));

describe('seedPainted', () => {
  const clients: QueryClient[] = [];
  const fresh = () => {
    const c = new QueryClient();
    clients.push(c);
    return c;
  };
  afterEach(() => {
    clients.splice(0).forEach((c) => {
      c.clear();
    });
  });

  it("puts today's painted matters and their activities where the dashboard reads them", () => {
    const client = fresh();
    expect(seedPainted(client, 'u-1', paintedPage(DATA), TODAY)).toBe(true);
    const today = todayOf(client);
    expect(today?.cases.map((c) => [c.caseId, c.parties, c.time])).toEqual([['HCCC/E12/2024', 'Wanjiru <b>Holdings</b> v Otieno', '09:30']]);
    expect(today?.entries[0]?.sitting?.attendedByName).toBe('Otieno Odhiambo');
    expect(activitiesOf(client, 'HCCC/E12/2024')?.activities[0]?.outcome).toBe('Part heard; defence witness to attend.');
  });

  it('puts a painted day without matters in as an empty list, as the server wrote it', () => {
    const client = fresh();
    // protojson writes an empty answer as {}; the page has no activities then.
    expect(seedPainted(client, 'u-1', paintedPage({ user: 'u-1', day: TODAY, answer: {}, activities: {} }), TODAY)).toBe(true);
    expect(todayOf(client)?.cases).toEqual([]);
  });

  it('reads the painted data once: the page keeps no copy of it', () => {
    const doc = paintedPage(DATA);
    expect(seedPainted(fresh(), 'u-1', doc, TODAY)).toBe(true);
    expect(doc.getElementById(PAINTED_DATA_ID)).toBeNull();
    expect(seedPainted(fresh(), 'u-1', doc, TODAY)).toBe(false);
  });

  it('takes nothing painted for another user than the one stored on the phone', () => {
    const client = fresh();
    expect(seedPainted(client, 'u-2', paintedPage(DATA), TODAY)).toBe(false);
    expect(todayOf(client)).toBeUndefined();
    expect(activitiesOf(client, 'HCCC/E12/2024')).toBeUndefined();
  });

  it('takes nothing painted on another day (a page kept past midnight)', () => {
    const client = fresh();
    expect(seedPainted(client, 'u-1', paintedPage(DATA), '2026-12-08')).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('takes nothing from a page without painted data, or with data it cannot read', () => {
    for (const doc of [document.implementation.createHTMLDocument('Kesi'), paintedPage('{not json'), paintedPage('null'), paintedPage({ ...DATA, answer: { cases: 'x' } })]) {
      const client = fresh();
      expect(seedPainted(client, 'u-1', doc, TODAY)).toBe(false);
      expect(client.getQueryCache().getAll()).toHaveLength(0);
    }
  });
});
