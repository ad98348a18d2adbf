/**
 * What the extension reads from the e-filing portal, independent of the portal's markup.
 * Dates are calendar dates written YYYY-MM-DD; times are HH:MM (24 h) or empty.
 */

/** One dated step of a matter: a mention, a hearing, a judgment... */
export interface PortalActivity {
  activity: string;
  date: string;
  time: string;
  outcome: string;
}

/** One matter as the portal lists it. */
export interface PortalCase {
  /** The case number exactly as the court writes it, e.g. MCCC/E3574/2022. */
  caseId: string;
  parties: string;
  /** Court station and division, e.g. "Milimani Commercial (Commercial Division)". */
  lawCourt: string;
  /** Empty when the page does not say. */
  filingDate: string;
  status: string;
  caseType: string;
  activities: PortalActivity[];
}

/** A row the parser could not read; it is reported, never imported as a guess. */
export interface ParseProblem {
  /** 1-based position of the matter among the rows of its table. */
  row: number;
  /** The case number when the row had a readable one. */
  caseId: string;
  reason: string;
}

export interface ParseResult {
  cases: PortalCase[];
  problems: ParseProblem[];
}
