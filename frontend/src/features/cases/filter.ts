import type { Case } from '@gen/kesi/v1/case_pb';

/** The status tabs of the cases screen, in order. */
export const CASE_TABS = ['All Cases', 'Registration/Filing', 'Mention', 'Hearing', 'Judgment', 'Completed'] as const;
export type CaseTab = (typeof CASE_TABS)[number];

const REGISTRATION = new Set(['registration/filing', 'filing', 'registration']);

/** SPEC.md section 5: case-insensitive; 'registration/filing' also takes Filing and Registration. */
export function matchesTab(c: Case, tab: CaseTab): boolean {
  if (tab === 'All Cases') return true;
  const status = c.status.trim().toLowerCase();
  const wanted = tab.toLowerCase();
  return wanted === 'registration/filing' ? REGISTRATION.has(status) : status === wanted;
}

/** SPEC.md section 5: search by parties, case ID or court, case-insensitive. */
export function matchesSearch(c: Case, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [c.parties, c.caseId, c.lawCourt].some((field) => field.toLowerCase().includes(q));
}

export function filterCases(cases: readonly Case[], query: string, tab: CaseTab): Case[] {
  return cases.filter((c) => matchesTab(c, tab) && matchesSearch(c, query));
}
