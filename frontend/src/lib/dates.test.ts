import { create } from '@bufbuild/protobuf';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { describe, expect, it } from 'vitest';
import { DateSchema } from '@gen/google/type/date_pb';
import {
  formatDate,
  formatInstant,
  formatLongDate,
  fromIsoDate,
  instantToIsoDate,
  INVALID_DATE,
  NO_DATE,
  addToIsoDate,
  inputToIso,
  isoToInput,
  toIsoDate,
  todayIsoDate,
} from './dates';

const date = (year: number, month: number, day: number) => create(DateSchema, { year, month, day });

describe('google.type.Date <-> YYYY-MM-DD', () => {
  it('converts both ways', () => {
    expect(toIsoDate(date(2025, 1, 5))).toBe('2025-01-05');
    expect(toIsoDate(date(2024, 12, 31))).toBe('2024-12-31');
    expect(fromIsoDate('2025-01-05')).toEqual(date(2025, 1, 5));
    expect(fromIsoDate(' 2024-02-29 ')).toEqual(date(2024, 2, 29));
    for (const iso of ['2025-01-05', '2000-02-29', '0099-07-01', '9999-12-31']) {
      expect(toIsoDate(fromIsoDate(iso))).toBe(iso);
    }
  });

  it('answers empty or undefined for what is not a real day', () => {
    expect(toIsoDate(undefined)).toBe('');
    expect(toIsoDate(date(0, 0, 0))).toBe('');
    expect(toIsoDate(date(2025, 0, 0))).toBe('');
    expect(toIsoDate(date(2025, 2, 29))).toBe('');
    for (const text of ['', '2025-1-5', '05/01/2025', '2025-02-29', '2025-13-01', '2025-04-31', '2025-01-00', 'today']) {
      expect(fromIsoDate(text)).toBeUndefined();
    }
  });
});

describe('formatting calendar dates', () => {
  it('formats short and long dates', () => {
    expect(formatDate(date(2026, 12, 8))).toBe('Tue 8 Dec 2026');
    expect(formatDate(date(2025, 1, 5))).toBe('Sun 5 Jan 2025');
    expect(formatDate('2025-12-25')).toBe('Thu 25 Dec 2025');
    expect(formatLongDate(date(2025, 1, 6))).toBe('Monday 6 January 2025');
    expect(formatLongDate('2025-01-05')).toBe('Sunday 5 January 2025');
  });

  it('never shifts the day, whatever the hour', () => {
    expect(formatDate('2025-01-01')).toBe('Wed 1 Jan 2025');
    expect(formatDate('2024-12-31')).toBe('Tue 31 Dec 2024');
    expect(formatDate('0099-07-01')).toBe('Wed 1 Jul 99');
  });

  it('falls back as SPEC.md section 8 says', () => {
    expect(formatDate(undefined)).toBe(NO_DATE);
    expect(formatDate('')).toBe('No date available');
    expect(formatDate('2025-02-30')).toBe(INVALID_DATE);
    expect(formatLongDate(date(0, 0, 0))).toBe('Invalid date');
  });
});

describe('instants in Africa/Nairobi (UTC+3, no daylight saving)', () => {
  it('gives the Nairobi day', () => {
    expect(instantToIsoDate(new Date('2025-01-05T20:59:59Z'))).toBe('2025-01-05');
    expect(instantToIsoDate(new Date('2025-01-05T21:00:00Z'))).toBe('2025-01-06');
    expect(instantToIsoDate(timestampFromDate(new Date('2024-12-31T22:30:00Z')))).toBe('2025-01-01');
  });

  it('formats an instant as its Nairobi day', () => {
    expect(formatInstant(timestampFromDate(new Date('2025-01-04T21:30:00Z')))).toBe('Sun 5 Jan 2025');
    expect(formatInstant(undefined)).toBe('No date available');
  });

  it('knows today in Nairobi', () => {
    expect(todayIsoDate(new Date('2025-06-30T22:00:00Z'))).toBe('2025-07-01');
    expect(todayIsoDate()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('dates typed the Kenyan way (DD/MM/YYYY)', () => {
  it('reads and writes day first with the full year', () => {
    expect(isoToInput('2026-12-08')).toBe('08/12/2026');
    expect(inputToIso('08/12/2026')).toBe('2026-12-08');
    expect(inputToIso('8/1/2026')).toBe('2026-01-08');
    expect(inputToIso(' 29/02/2024 ')).toBe('2024-02-29');
  });

  it('refuses what is not a real day or not day first', () => {
    for (const text of ['', '29/02/2025', '31/04/2026', '12/31/2026', '2026-12-08', '08/12/26', '00/01/2026']) {
      expect(inputToIso(text)).toBe('');
    }
    expect(isoToInput('2025-02-30')).toBe('');
  });
});

describe('quick next dates', () => {
  it('adds weeks and months across month and year ends', () => {
    expect(addToIsoDate('2026-12-28', { days: 7 })).toBe('2027-01-04');
    expect(addToIsoDate('2026-01-31', { months: 1 })).toBe('2026-02-28');
    expect(addToIsoDate('2024-01-31', { months: 1 })).toBe('2024-02-29');
    expect(addToIsoDate('2026-03-31', { months: 1 })).toBe('2026-04-30');
    expect(addToIsoDate('2026-12-15', { months: 1 })).toBe('2027-01-15');
    expect(addToIsoDate('2026-12-31', { days: 0 })).toBe('2026-12-31');
    expect(addToIsoDate('not a date', { days: 7 })).toBe('');
  });

});
