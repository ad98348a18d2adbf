import { create } from '@bufbuild/protobuf';
import { timestampDate, type Timestamp } from '@bufbuild/protobuf/wkt';
import { DateSchema, type Date as CalendarDate } from '@gen/google/type/date_pb';

/**
 * Court dates are calendar dates (google.type.Date), not instants: 5 January is 5 January
 * wherever the browser is. Instants (timestamps) are shown as the day they fall on in Nairobi.
 */
export const TIME_ZONE = 'Africa/Nairobi';

/** SPEC.md section 8 date fallbacks. */
export const NO_DATE = 'No date available';
export const INVALID_DATE = 'Invalid date';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Noon UTC of a calendar day (setUTCFullYear, unlike Date.UTC, keeps years below 100). */
function utcNoon(year: number, month: number, day: number): Date {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(12);
  return d;
}

/** True when year, month and day name a real day of the Gregorian calendar. */
function isRealDay(year: number, month: number, day: number): boolean {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return false;
  return utcNoon(year, month, day).getUTCDate() === day;
}

/** 'YYYY-MM-DD' for a full calendar date; '' when unset or partial. */
export function toIsoDate(date: CalendarDate | undefined): string {
  if (!date || !isRealDay(date.year, date.month, date.day)) return '';
  return `${pad(date.year, 4)}-${pad(date.month)}-${pad(date.day)}`;
}

/** The calendar date for 'YYYY-MM-DD', or undefined when the text is not a real day. */
export function fromIsoDate(text: string): CalendarDate | undefined {
  const m = ISO_DATE.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (!isRealDay(year, month, day)) return undefined;
  return create(DateSchema, { year, month, day });
}

/** Today in Nairobi as 'YYYY-MM-DD'. */
export function todayIsoDate(now: Date = new Date()): string {
  return instantToIsoDate(now);
}

const nairobiParts = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Nairobi calendar day an instant falls on, as 'YYYY-MM-DD'. */
export function instantToIsoDate(instant: Timestamp | Date): string {
  const d = instant instanceof Date ? instant : timestampDate(instant);
  const parts = nairobiParts.formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return `${pad(part('year'), 4)}-${pad(part('month'))}-${pad(part('day'))}`;
}

const shortFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const longFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

function format(value: CalendarDate | string | undefined, f: Intl.DateTimeFormat): string {
  if (value === undefined || value === '') return NO_DATE;
  const date = typeof value === 'string' ? fromIsoDate(value) : value;
  const iso = toIsoDate(date);
  if (!date || !iso) return INVALID_DATE;
  // Noon UTC of that day, formatted in UTC, is that day whatever the browser's zone.
  return f.format(utcNoon(date.year, date.month, date.day));
}

/** 'Jan 5, 2025' for a calendar date or 'YYYY-MM-DD'. */
export function formatDate(value: CalendarDate | string | undefined): string {
  return format(value, shortFormat);
}

/** 'Sunday, January 5, 2025' for a calendar date or 'YYYY-MM-DD'. */
export function formatLongDate(value: CalendarDate | string | undefined): string {
  return format(value, longFormat);
}

/** 'Jan 5, 2025' for the Nairobi day an instant falls on. */
export function formatInstant(instant: Timestamp | Date | undefined): string {
  return instant ? formatDate(instantToIsoDate(instant)) : NO_DATE;
}
