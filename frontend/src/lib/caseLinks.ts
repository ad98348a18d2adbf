/**
 * The path of a case's page. Case numbers hold slashes (MCCC/E1234/2025); they are encoded so
 * the number is one path segment, and the router also takes the raw form (/cases/MCCC/E1234/2025).
 * A number opens the lawyer's own case of that number first; ref, the case's internal id, opens
 * that case (a colleague's shared one) whatever the lawyer's own cases are numbered.
 */
export function caseLink(caseId: string, ref?: string): string {
  const path = `/cases/${encodeURIComponent(caseId)}`;
  return ref ? `${path}?ref=${encodeURIComponent(ref)}` : path;
}

/** The path of case c's page: a colleague's shared case by its id, one's own by its number alone. */
export function linkToCase(c: { id: string; caseId: string; sharedWithMe: boolean }): string {
  return caseLink(c.caseId, c.sharedWithMe ? c.id : undefined);
}
