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
