import { fromJson, type JsonValue } from '@bufbuild/protobuf';
import type { QueryClient } from '@tanstack/react-query';
import { CaseService, ListCaseActivitiesResponseSchema, ListScheduledCasesResponseSchema } from '@gen/kesi/v1/case_pb';
import { setCallData } from '@/api/keys';
import { fromIsoDate, todayIsoDate } from '@/lib/dates';

/**
 * The dashboard the server painted (backend/internal/web/paint.go, issue 17): on a visit the
 * service worker does not answer, /dashboard comes with today's matters drawn in and the answer
 * they were drawn from in this element. It goes into the cache before the app's first render, so
 * that render draws the same matters over the painted ones (their last outcomes too), and nothing
 * asks for them again.
 */
export const PAINTED_DATA_ID = 'kesi-painted';

interface PaintedData {
  /** The signed-in user the server painted for. */
  user: string;
  /** Nairobi's day the server painted ('YYYY-MM-DD'). */
  day: string;
  /** Today's ListScheduledCases answer in the Connect protocol's JSON. */
  answer: JsonValue;
  /** The ListCaseActivities answers the cards' last outcomes were drawn from, by case number. */
  activities?: Record<string, JsonValue> | null;
}

/**
 * Puts the painted answer into client under today's key, for the user stored on the device alone
 * (a session of someone else's is verified, and their diary wiped, by the app), and only on the
 * day it was painted. Answers whether it did; unreadable data is left out.
 */
export function seedPainted(client: QueryClient, user: string, doc: Document = document, today: string = todayIsoDate()): boolean {
  const element = doc.getElementById(PAINTED_DATA_ID);
  // Read once: the page keeps no copy of the diary beside the app's for the tab's life.
  element?.remove();
  try {
    const data = JSON.parse(element?.textContent ?? 'null') as PaintedData | null;
    if (data?.user !== user || data.day !== today) return false;
    const answer = fromJson(ListScheduledCasesResponseSchema, data.answer, { ignoreUnknownFields: true });
    const activities = Object.entries(data.activities ?? {}).map(
      ([caseId, json]) => [caseId, fromJson(ListCaseActivitiesResponseSchema, json, { ignoreUnknownFields: true })] as const,
    );
    setCallData(client, CaseService.method.listScheduledCases, { date: fromIsoDate(today) }, answer);
    for (const [caseId, list] of activities) setCallData(client, CaseService.method.listCaseActivities, { caseId }, list);
    return true;
  } catch {
    return false;
  }
}
