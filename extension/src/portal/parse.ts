/**
 * Reads the matters listed on a page of the Judiciary's e-filing portal (efiling.court.go.ke).
 *
 * Everything that knows the portal's markup lives in this file: when the portal changes, this is
 * the one file to change. The portal publishes no API and its pages are not public, so the reader
 * works from what is known of them (tables of matters with labelled columns, and each matter's
 * activities either in a details row beneath it or in a separate table keyed by case number) and
 * is tolerant: columns are found by their labels in any order, missing columns are left empty,
 * whitespace is collapsed, and dates may be written 16/01/2024, 16 January 2024 or 2024-01-16.
 * A row it cannot read is reported as a problem, never imported as a guess.
 */
import type { ParseProblem, ParseResult, PortalActivity, PortalCase } from './matter';

type Field =
  | 'caseId'
  | 'parties'
  | 'station'
  | 'division'
  | 'filingDate'
  | 'status'
  | 'caseType'
  | 'nextDate'
  | 'nextActivity'
  | 'date'
  | 'time'
  | 'activity'
  | 'outcome';

/**
 * Column labels, normalised (lower case, punctuation dropped), tried in this order for each
 * header cell so that "Activity Date" is a date, "Court Division" a division and "Case Type" no
 * case number.
 */
const LABELS: [Field, RegExp][] = [
  ['filingDate', /\b(filing date|date (of )?filing|date filed|filed( on)?|date registered|registration date)\b/],
  ['nextDate', /\bnext (hearing |court |activity )?date\b/],
  ['nextActivity', /\bnext (activity|business|event|step)\b/],
  ['date', /\bdate\b/],
  ['time', /\btime\b/],
  ['division', /\b(division|registry)\b/],
  ['caseType', /\b(case type|case category|category|type of case|nature of (the )?case)\b/],
  ['caseId', /\b(case|matter|file|suit) ?(number|no|num|ref|reference|id)\b|^case$/],
  ['parties', /\b(parties|party|case title|title|case name|description)\b/],
  ['station', /\b(court station|station|court|law court)\b/],
  ['status', /\bstatus\b/],
  ['activity', /\b(activity|business|event|proceedings?|purpose|type|stage)\b/],
  ['outcome', /\b(outcome|result|remarks|orders?|comments?|notes?)\b/],
];

type Columns = Partial<Record<Field, number>>;

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const WEEKDAY = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;
/** What the portal writes in a cell that holds nothing. */
const BLANKS = new Set(['', '-', '--', '—', '–', 'n/a', 'na', 'nil', 'none', 'null', 'not set', 'not available']);

/** Reads every matter on the page. */
export function parsePortalPage(doc: Document): ParseResult {
  const cases: PortalCase[] = [];
  const problems: ParseProblem[] = [];
  const byId = new Map<string, PortalCase>();
  const looseActivities: { table: HTMLTableElement; columns: Columns; header: HTMLTableRowElement }[] = [];

  for (const table of Array.from(doc.querySelectorAll('table'))) {
    // Tables inside a matter's details row are read with that matter.
    if (table.parentElement?.closest('table')) continue;
    const head = findHeader(table);
    if (!head) continue;
    const { columns, row: header } = head;
    if (columns.date !== undefined && columns.activity !== undefined) {
      looseActivities.push({ table, columns, header });
    } else if (columns.caseId !== undefined) {
      readMatters(table, header, columns, cases, problems, byId);
    }
  }

  // Activities listed in their own table: joined by case number, or, on a page that shows one
  // matter, to that matter.
  const unreadable = new Set<string>();
  for (const { table, columns, header } of looseActivities) {
    for (const [index, row] of dataRows(table, header).entries()) {
      const cells = cellTexts(row);
      if (cells.every(isBlank)) continue;
      const caseId = columns.caseId === undefined ? '' : caseNumber(cells[columns.caseId]);
      const target = caseId ? byId.get(caseId) : cases.length === 1 ? cases[0] : undefined;
      if (!target) {
        problems.push({
          row: index + 1,
          caseId,
          reason: caseId
            ? `Activity for ${caseId}, which is not among the matters on this page.`
            : 'Activity without a case number.',
        });
        continue;
      }
      const activity = readActivity(cells, columns);
      if (typeof activity === 'string') {
        unreadable.add(target.caseId);
        problems.push({ row: index + 1, caseId: target.caseId, reason: activity });
      } else if (activity) {
        target.activities.push(activity);
      }
    }
  }

  return {
    cases: cases.filter((c) => !unreadable.has(c.caseId)).map(sortActivities),
    problems,
  };
}

function readMatters(
  table: HTMLTableElement,
  header: HTMLTableRowElement,
  columns: Columns,
  cases: PortalCase[],
  problems: ParseProblem[],
  byId: Map<string, PortalCase>,
) {
  let matter = 0;
  // The matter the previous row produced; a details row beneath it adds its activities.
  let last: PortalCase | 'skipped' | undefined;
  for (const row of dataRows(table, header)) {
    const nested = row.querySelector('table');
    if (nested && row.cells.length < 3) {
      if (last && last !== 'skipped') {
        const error = readNestedActivities(nested, last);
        if (error) {
          problems.push({ row: matter, caseId: last.caseId, reason: error });
          cases.splice(cases.indexOf(last), 1);
          byId.delete(last.caseId);
          last = 'skipped';
        }
      }
      continue;
    }
    const cells = cellTexts(row);
    if (cells.every(isBlank)) continue;
    matter++;
    const read = readMatter(cells, columns);
    if (typeof read === 'string') {
      const caseId = columns.caseId === undefined ? '' : caseNumber(cells[columns.caseId]);
      problems.push({ row: matter, caseId, reason: read });
      last = 'skipped';
      continue;
    }
    const seen = byId.get(read.caseId);
    if (seen) {
      // The same matter listed twice (pages overlap): keep the first unless they disagree.
      if (JSON.stringify({ ...seen, activities: [] }) !== JSON.stringify(read)) {
        problems.push({ row: matter, caseId: read.caseId, reason: `${read.caseId} is listed twice with different details.` });
      }
      last = 'skipped';
      continue;
    }
    byId.set(read.caseId, read);
    cases.push(read);
    last = read;
  }
}

/** One matter, or the reason it cannot be read. */
function readMatter(cells: string[], columns: Columns): PortalCase | string {
  const at = (field: Field) => {
    const i = columns[field];
    const text = i === undefined ? '' : (cells[i] ?? '');
    return isBlank(text) ? '' : text;
  };
  const rawId = at('caseId');
  if (!rawId) return 'No case number.';
  const caseId = caseNumber(rawId);
  if (!caseId) return `“${rawId}” is not a case number.`;

  let filingDate = '';
  const filed = at('filingDate');
  if (filed) {
    const d = readDate(filed);
    if (!d) return `Filing date “${filed}” is not a date.`;
    filingDate = d.date;
  }

  const activities: PortalActivity[] = [];
  const next = at('nextDate');
  if (next) {
    const d = readDate(next);
    if (!d) return `Next date “${next}” is not a date.`;
    const kind = at('nextActivity');
    if (!kind) return `Next date ${next} without its activity (mention, hearing...).`;
    activities.push({ activity: kind, date: d.date, time: d.time, outcome: '' });
  }

  const station = at('station');
  const division = at('division');
  return {
    caseId,
    parties: at('parties'),
    lawCourt: station && division ? `${station} (${division})` : station || division,
    filingDate,
    status: at('status'),
    caseType: at('caseType'),
    activities,
  };
}

/** Adds the activities of a details table to its matter; answers the reason if one is unreadable. */
function readNestedActivities(table: HTMLTableElement, matter: PortalCase): string | undefined {
  const head = findHeader(table);
  if (head?.columns.date === undefined) return 'Activities table without a Date column.';
  for (const row of dataRows(table, head.row)) {
    const cells = cellTexts(row);
    if (cells.every(isBlank)) continue;
    const activity = readActivity(cells, head.columns);
    if (typeof activity === 'string') return activity;
    if (activity) matter.activities.push(activity);
  }
  return undefined;
}

/** One activity, nothing for a row that says there is none, or the reason it cannot be read. */
function readActivity(cells: string[], columns: Columns): PortalActivity | string | undefined {
  const at = (field: Field) => {
    const i = columns[field];
    const text = i === undefined ? '' : (cells[i] ?? '');
    return isBlank(text) ? '' : text;
  };
  const rawDate = at('date');
  const kind = at('activity');
  if (!rawDate && !kind) return undefined;
  if (!rawDate) return `${kind} without a date.`;
  const d = readDate(rawDate);
  if (!d) return `Activity date “${rawDate}” is not a date.`;
  if (!kind) return `Activity on ${rawDate} without its kind (mention, hearing...).`;
  let time = d.time;
  const rawTime = at('time');
  if (rawTime) {
    const t = readTime(rawTime);
    if (t === undefined) return `Time “${rawTime}” on ${rawDate} is not a time.`;
    time = t;
  }
  return { activity: kind, date: d.date, time, outcome: at('outcome') };
}

function sortActivities(c: PortalCase): PortalCase {
  c.activities.sort((a, b) => (a.date + a.time).localeCompare(b.date + b.time));
  return c;
}

/** The row that labels the columns: the head's last row, or the first row with known labels. */
function findHeader(table: HTMLTableElement): { row: HTMLTableRowElement; columns: Columns } | undefined {
  const candidates = table.tHead ? [...Array.from(table.tHead.rows)].reverse() : Array.from(table.rows).slice(0, 3);
  for (const row of candidates) {
    const columns = labelColumns(cellTexts(row));
    if (Object.keys(columns).length >= 2) return { row, columns };
  }
  return undefined;
}

function labelColumns(labels: string[]): Columns {
  const columns: Columns = {};
  labels.forEach((label, i) => {
    const norm = label
      .toLowerCase()
      .replace(/[.:#*()/&_-]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (!norm) return;
    for (const [field, re] of LABELS) {
      if (columns[field] === undefined && re.test(norm)) {
        columns[field] = i;
        return;
      }
    }
  });
  return columns;
}

/** The table's own rows after its header, nested tables' rows excluded. */
function dataRows(table: HTMLTableElement, header: HTMLTableRowElement): HTMLTableRowElement[] {
  const rows = Array.from(table.rows);
  return rows.slice(rows.indexOf(header) + 1).filter((r) => r.parentElement?.tagName !== 'THEAD' && r.parentElement?.tagName !== 'TFOOT');
}

/** Each cell's text, with line breaks and nested blocks read as spaces. Colspans keep columns aligned. */
function cellTexts(row: HTMLTableRowElement): string[] {
  const out: string[] = [];
  for (const cell of Array.from(row.cells)) {
    out.push(textOf(cell));
    for (let i = 1; i < cell.colSpan; i++) out.push('');
  }
  return out;
}

/** Elements that break a line: their text is a separate word. */
const BLOCK = /^(BR|DIV|P|LI|UL|OL|TR|TD|TH|H[1-6])$/;

function textOf(node: Node): string {
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === 3) text += child.textContent ?? '';
    else if (child.nodeType === 1) {
      const el = child as Element;
      if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE' || el.tagName === 'BUTTON') continue;
      text += BLOCK.test(el.tagName) ? ` ${textOf(el)} ` : textOf(el);
    }
  }
  return text.replace(/[\s\u00a0\u200b]+/g, ' ').trim();
}

function isBlank(text: string | undefined): boolean {
  return BLANKS.has((text ?? '').trim().toLowerCase());
}

/**
 * The case number as the court writes it, spaces collapsed; empty when the text is not one (a case
 * number has letters and digits and no sentence in it).
 */
export function caseNumber(text: string | undefined): string {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  if (t.length < 3 || t.length > 100) return '';
  if (!/[a-z]/i.test(t) || !/\d/.test(t)) return '';
  if (!/^[\w .,/()&:-]+$/.test(t)) return '';
  return t;
}

/** A calendar date in the portal's formats, with the time when the cell also gives one. */
export function readDate(text: string): { date: string; time: string } | undefined {
  let t = text.replace(/\s+/g, ' ').trim().replace(WEEKDAY, '');
  let time = '';
  const withTime = /^(.*?\d{4})(?:,|\s+at|\s)\s*(\d{1,2}[:.]\d{2}(?:\s*[ap]\.?m\.?)?|\d{1,2}\s*[ap]\.?m\.?)$/i.exec(t);
  if (withTime?.[1] && withTime[2]) {
    const clock = readTime(withTime[2]);
    if (clock === undefined) return undefined;
    t = withTime[1].trim();
    time = clock;
  }
  let y: number, m: number, d: number;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t))) {
    // The Kenyan courts write day first.
    [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t))) {
    [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else if ((match = /^(\d{1,2})(?:st|nd|rd|th)?[ -]([a-z]+)\.?,?[ -](\d{4})$/i.exec(t))) {
    [d, m, y] = [Number(match[1]), month(match[2]), Number(match[3])];
  } else if ((match = /^([a-z]+)\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})$/i.exec(t))) {
    [m, d, y] = [month(match[1]), Number(match[2]), Number(match[3])];
  } else {
    return undefined;
  }
  if (y < 1900 || y > 2200 || m < 1 || m > 12 || d < 1) return undefined;
  if (d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return undefined;
  return { date: `${y}-${pad(m)}-${pad(d)}`, time };
}

/** A time of day as HH:MM; undefined when the text is not one. */
export function readTime(text: string): string | undefined {
  const t = text.replace(/\s+/g, ' ').trim().toLowerCase();
  const match = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:hrs?|hours)?\s*([ap])?\.?(?:m\.?)?$/.exec(t);
  if (!match) return undefined;
  let h = Number(match[1]);
  const min = Number(match[2] ?? '0');
  const half = match[3];
  if (match[2] === undefined && !half) return undefined;
  if (min > 59) return undefined;
  if (half) {
    if (h < 1 || h > 12) return undefined;
    if (half === 'p' && h !== 12) h += 12;
    if (half === 'a' && h === 12) h = 0;
  }
  if (h > 23) return undefined;
  return `${pad(h)}:${pad(min)}`;
}

/** 1 to 12 for a month's name or its abbreviation ("Jan", "Sept"), 0 otherwise. */
function month(name: string | undefined): number {
  const key = (name ?? '').toLowerCase();
  if (key.length < 3) return 0;
  return MONTHS.findIndex((m) => m.startsWith(key)) + 1;
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
