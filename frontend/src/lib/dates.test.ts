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
    expect(formatDate(date(2025, 1, 5))).toBe('Jan 5, 2025');
    expect(formatDate('2025-12-25')).toBe('Dec 25, 2025');
    expect(formatLongDate(date(2025, 1, 6))).toBe('Monday, January 6, 2025');
    expect(formatLongDate('2025-01-05')).toBe('Sunday, January 5, 2025');
  });

  it('never shifts the day, whatever the hour', () => {
    expect(formatDate('2025-01-01')).toBe('Jan 1, 2025');
    expect(formatDate('2024-12-31')).toBe('Dec 31, 2024');
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
    expect(formatInstant(timestampFromDate(new Date('2025-01-04T21:30:00Z')))).toBe('Jan 5, 2025');
    expect(formatInstant(undefined)).toBe('No date available');
  });

  it('knows today in Nairobi', () => {
    expect(todayIsoDate(new Date('2025-06-30T22:00:00Z'))).toBe('2025-07-01');
    expect(todayIsoDate()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
