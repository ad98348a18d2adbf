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

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function format(value: CalendarDate | string | undefined, long: boolean): string {
  if (value === undefined || value === '') return NO_DATE;
  const date = typeof value === 'string' ? fromIsoDate(value) : value;
  if (!date || !toIsoDate(date)) return INVALID_DATE;
  // Noon UTC of that day, read in UTC, is that day whatever the browser's zone.
  const weekday = utcNoon(date.year, date.month, date.day).getUTCDay();
  return long
    ? `${LONG_WEEKDAYS[weekday]} ${date.day} ${LONG_MONTHS[date.month - 1]} ${date.year}`
    : `${WEEKDAYS[weekday]} ${date.day} ${MONTHS[date.month - 1]} ${date.year}`;
}

/** 'Tue 8 Dec 2026' (the Kenyan order, full year) for a calendar date or 'YYYY-MM-DD'. */
export function formatDate(value: CalendarDate | string | undefined): string {
  return format(value, false);
}

/** 'Tuesday 8 December 2026' for a calendar date or 'YYYY-MM-DD'. */
export function formatLongDate(value: CalendarDate | string | undefined): string {
  return format(value, true);
}

/** 'Tue 8 Dec 2026' for the Nairobi day an instant falls on. */
export function formatInstant(instant: Timestamp | Date | undefined): string {
  return instant ? formatDate(instantToIsoDate(instant)) : NO_DATE;
}

/** The input format of every date field: day first, full year. */
export const INPUT_DATE_FORMAT = 'DD/MM/YYYY';

/** 'YYYY-MM-DD' as 'DD/MM/YYYY'; '' when not a real day. */
export function isoToInput(iso: string): string {
  const d = fromIsoDate(iso);
  return d ? `${pad(d.day)}/${pad(d.month)}/${pad(d.year, 4)}` : '';
}

/** 'DD/MM/YYYY' (or D/M/YYYY) as 'YYYY-MM-DD'; '' when not a real day. */
export function inputToIso(text: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim());
  if (!m) return '';
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isRealDay(year, month, day) ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : '';
}

/**
 * The day 'weeks' weeks or 'months' months after 'YYYY-MM-DD'. A month on from a day the next
 * month lacks lands on that month's last day (31 Jan + 1 month = 28 or 29 Feb), as a court
 * clerk counts it.
 */
export function addToIsoDate(iso: string, { days = 0, months = 0 }: { days?: number; months?: number }): string {
  const d = fromIsoDate(iso);
  if (!d) return '';
  const monthIndex = d.year * 12 + (d.month - 1) + months;
  const year = Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = utcNoon(year, month + 1, 0).getUTCDate();
  const shifted = utcNoon(year, month, Math.min(d.day, lastDay));
  shifted.setUTCDate(shifted.getUTCDate() + days);
  return `${pad(shifted.getUTCFullYear(), 4)}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** Day of the week of 'YYYY-MM-DD': 0 Sunday ... 6 Saturday; -1 when not a real day. */
export function weekdayOf(iso: string): number {
  const d = fromIsoDate(iso);
  return d ? utcNoon(d.year, d.month, d.day).getUTCDay() : -1;
}
