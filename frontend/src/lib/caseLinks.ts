/**
 * The path of a case's page. Case numbers hold slashes (MCCC/E1234/2025); they are encoded so
 * the number is one path segment, and the router also takes the raw form (/cases/MCCC/E1234/2025).
 */
export function caseLink(caseId: string): string {
  return `/cases/${encodeURIComponent(caseId)}`;
}
