import { describe, expect, it } from 'vitest';
import { addToIsoDate, weekdayOf } from './dates';
import { courtDayOnOrAfter, easterSunday, holiday, quickDates } from './courtdays';

// The server's list of weekdays courts do not sit, 2020 to 2040 (backend/internal/courtdays keeps it
// equal to its rules): these rules must give the same.
import fixture from '../../../backend/internal/courtdays/testdata/weekdays-off.json';

describe('court days', () => {
  it('are the server’s: the same weekdays off, with the same names, 2020 to 2040', () => {
    const ours: string[] = [];
    for (let day = '2020-01-01'; day <= '2040-12-31'; day = addToIsoDate(day, { days: 1 })) {
      const wd = weekdayOf(day);
      const name = holiday(day);
      if (wd >= 1 && wd <= 5 && name) ours.push(`${day} ${name}`);
    }
    expect(fixture.length).toBeGreaterThan(150);
    expect(ours).toEqual(fixture);
  });

  it('know Easter', () => {
    expect(['2024', '2025', '2026', '2027', '2038'].map((y) => easterSunday(Number(y)))).toEqual([
      '2024-03-31',
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2038-04-25',
    ]);
  });

  it('move a holiday or a weekend on to the next day courts sit', () => {
    expect(courtDayOnOrAfter('2026-12-25')).toBe('2026-12-28'); // Christmas on a Friday, Boxing Day a Saturday
    expect(courtDayOnOrAfter('2026-04-03')).toBe('2026-04-07'); // Good Friday to the Tuesday after Easter
    expect(courtDayOnOrAfter('2022-12-26')).toBe('2022-12-28'); // Christmas on a Sunday: Monday and Tuesday off
    expect(courtDayOnOrAfter('2026-11-25')).toBe('2026-11-25');
  });

  describe('the quick next dates', () => {
    it('are +1 week, +2 weeks and +1 month from today on court days', () => {
      // Tuesday 8 Dec 2026: a week on is Tuesday 15 Dec.
      expect(quickDates('2026-12-08')).toEqual([
        { label: '+1 week', iso: '2026-12-15' },
        { label: '+2 weeks', iso: '2026-12-22' },
        { label: '+1 month', iso: '2027-01-08' },
      ]);
    });

    it('move a date falling on a weekend to the Monday after', () => {
      // Saturday 31 Jan 2026 + 1 month = Saturday 28 Feb 2026 -> Monday 2 Mar 2026.
      expect(quickDates('2026-01-31')[2]).toEqual({ label: '+1 month', iso: '2026-03-02' });
      // A sitting recorded on a Saturday: a week on is a Saturday too -> Monday.
      expect(quickDates('2026-11-21')[0]?.iso).toBe('2026-11-30');
      // Sunday 30 Aug 2026 + 1 month = Wednesday 30 Sep 2026 (no shift).
      expect(quickDates('2026-08-30')[2]?.iso).toBe('2026-09-30');
      // 31 Oct 2026 + 1 month = Mon 30 Nov.
      expect(quickDates('2026-10-31')[2]?.iso).toBe('2026-11-30');
      // Sunday + 1 week -> Monday after.
      expect(quickDates('2026-11-22')[0]?.iso).toBe('2026-11-30');
    });

    it('skip a public holiday', () => {
      // Wednesday 25 Nov 2026 + 1 month = Christmas, a Friday; Boxing Day a Saturday -> Monday 28 Dec.
      expect(quickDates('2026-11-25')[2]).toEqual({ label: '+1 month', iso: '2026-12-28' });
      // Friday 20 Mar 2026 + 2 weeks = Good Friday 3 Apr -> Tuesday 7 Apr, after Easter Monday.
      expect(quickDates('2026-03-20')[1]?.iso).toBe('2026-04-07');
      // Sunday 13 Sep 2026 + 1 month = Tuesday 13 Oct: no holiday, no shift.
      expect(quickDates('2026-09-13')[2]?.iso).toBe('2026-10-13');
    });

    it('give nothing usable for a bad today', () => {
      expect(quickDates('').map((q) => q.iso)).toEqual(['', '', '']);
    });
  });
});
