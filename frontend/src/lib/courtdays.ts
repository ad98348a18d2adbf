import { addToIsoDate, fromIsoDate, weekdayOf } from './dates';

/**
 * Kenya's public holidays, as the server counts them (backend/internal/courtdays, the rules' home):
 * the Public Holidays Act's fixed days, Good Friday and Easter Monday, a holiday on a Sunday kept
 * on the Monday, and Christmas on a Sunday moving Boxing Day's rest to Tuesday 27. Holidays a
 * gazette notice declares (Idd-ul-Fitr, a one-off) are not known to either. A test holds both to
 * the same list of weekdays (courtdays/testdata/weekdays-off.json).
 */
const FIXED: readonly (readonly [month: number, day: number, name: string])[] = [
  [1, 1, "New Year's Day"],
  [5, 1, 'Labour Day'],
  [6, 1, 'Madaraka Day'],
  [10, 10, 'Mazingira Day'],
  [10, 20, 'Mashujaa Day'],
  [12, 12, 'Jamhuri Day'],
  [12, 25, 'Christmas Day'],
  [12, 26, 'Boxing Day'],
];

/** Easter Sunday of a year (the Gregorian computus), as 'YYYY-MM-DD'. */
export function easterSunday(y: number): string {
  const a = y % 19;
  const b = Math.floor(y / 100);
  const c = y % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${String(y).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function onItsDay(iso: string): string | null {
  const d = fromIsoDate(iso);
  if (!d) return null;
  const fixed = FIXED.find(([month, day]) => month === d.month && day === d.day);
  if (fixed) return fixed[2];
  const easter = easterSunday(d.year);
  if (iso === addToIsoDate(easter, { days: -2 })) return 'Good Friday';
  if (iso === addToIsoDate(easter, { days: 1 })) return 'Easter Monday';
  return null;
}

/** The public holiday on 'YYYY-MM-DD' ("Mashujaa Day (observed)" on a Monday after), or null. */
export function holiday(iso: string): string | null {
  const name = onItsDay(iso);
  if (name) return name;
  const wd = weekdayOf(iso);
  if (wd === 1) {
    const sunday = onItsDay(addToIsoDate(iso, { days: -1 }));
    if (sunday) return `${sunday} (observed)`;
  }
  if (wd === 2 && iso.endsWith('-12-27')) return 'Christmas Day (observed)';
  return null;
}

/** A line for a day on which courts do not sit for a public holiday, or null. */
export function holidayNote(iso: string): string | null {
  const name = holiday(iso);
  return name ? `${name}: a public holiday, courts do not sit` : null;
}

/** Whether courts sit on 'YYYY-MM-DD': a weekday that is no public holiday. */
export function isCourtDay(iso: string): boolean {
  const wd = weekdayOf(iso);
  return wd >= 1 && wd <= 5 && holiday(iso) === null;
}

/** 'YYYY-MM-DD' if courts sit then, else the next day they do. */
export function courtDayOnOrAfter(iso: string): string {
  let day = iso;
  while (day !== '' && !isCourtDay(day)) day = addToIsoDate(day, { days: 1 });
  return day;
}

export interface QuickDate {
  label: string;
  iso: string;
}

/**
 * The quick next dates offered after a sitting: +1 week, +2 weeks, +1 month from today, each on
 * the first day from then that courts sit (a month from 25 November is Christmas: Monday 28
 * December is offered). The advocate sees the weekday on the chip.
 */
export function quickDates(today: string): QuickDate[] {
  return [
    { label: '+1 week', iso: courtDayOnOrAfter(addToIsoDate(today, { days: 7 })) },
    { label: '+2 weeks', iso: courtDayOnOrAfter(addToIsoDate(today, { days: 14 })) },
    { label: '+1 month', iso: courtDayOnOrAfter(addToIsoDate(today, { months: 1 })) },
  ];
}
