import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { caseNumber, parsePortalPage, readDate, readTime } from './parse';

function fixture(name: string): Document {
  const html = readFileSync(join(import.meta.dirname, '../../test/fixtures', name), 'utf8');
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('parsePortalPage', () => {
  it('reads a matters table with each matter’s activities in a details row', () => {
    const { cases, problems } = parsePortalPage(fixture('matters.html'));
    expect(problems).toEqual([]);
    expect(cases).toEqual([
      {
        caseId: 'MCCC/E3574/2022',
        parties: 'Wanjiru Holdings Ltd v Otieno Transporters Ltd',
        lawCourt: 'Milimani Commercial (Commercial Division)',
        filingDate: '2022-03-14',
        status: 'Hearing',
        caseType: '',
        activities: [
          { activity: 'Mention', date: '2024-01-16', time: '09:00', outcome: 'Directions given' },
          { activity: 'Hearing', date: '2027-03-12', time: '10:30', outcome: '' },
        ],
      },
      {
        caseId: 'Civil Appeal E097 of 2020',
        parties: 'Nyota Logistics Ltd v Mwangaza Traders Ltd',
        lawCourt: 'Milimani Law Courts (High Court, Civil Division)',
        filingDate: '2020-07-02',
        status: 'Judgment',
        caseType: '',
        activities: [
          { activity: 'Hearing', date: '2023-10-05', time: '', outcome: 'Submissions filed' },
          { activity: 'Judgment', date: '2027-02-18', time: '14:30', outcome: '' },
        ],
      },
      {
        caseId: 'ELC Case No. E045 of 2023',
        parties: 'Kamau & 2 Others v Attorney General',
        lawCourt: 'Milimani (Environment and Land)',
        filingDate: '2023-01-09',
        status: 'Mention',
        caseType: '',
        activities: [{ activity: 'Mention', date: '2027-01-25', time: '09:00', outcome: '' }],
      },
    ]);
  });

  it('sees a rescheduled hearing as a new next date', () => {
    const { cases } = parsePortalPage(fixture('matters-rescheduled.html'));
    expect(cases[0]?.activities).toEqual([
      { activity: 'Mention', date: '2024-01-16', time: '09:00', outcome: 'Directions given' },
      { activity: 'Hearing', date: '2027-05-04', time: '10:30', outcome: '' },
    ]);
  });

  it('joins a separate hearings table by case number and reads next-date columns', () => {
    const { cases, problems } = parsePortalPage(fixture('hearings-table.html'));
    expect(problems).toEqual([]);
    expect(cases).toEqual([
      {
        caseId: 'MCCR/E802/2021',
        parties: 'Republic v Kiprono Langat',
        lawCourt: 'Milimani Law Courts',
        filingDate: '2021-01-16',
        status: 'Hearing',
        caseType: 'Criminal Case',
        activities: [{ activity: 'Hearing', date: '2027-03-08', time: '', outcome: '' }],
      },
      {
        caseId: 'MCSUCC/E068/2022',
        parties: 'In The Estate Of Josephat Mutua Kilonzo',
        lawCourt: 'Milimani Commercial',
        filingDate: '2022-06-01',
        status: 'Mention',
        caseType: 'Succession',
        activities: [
          { activity: 'Mention', date: '2024-01-16', time: '11:00', outcome: 'Confirmation of grant' },
          { activity: 'Mention', date: '2027-01-20', time: '', outcome: '' },
        ],
      },
    ]);
  });

  it('gives a one-matter page’s activities table to that matter', () => {
    const { cases, problems } = parsePortalPage(fixture('single-matter.html'));
    expect(problems).toEqual([]);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      caseId: 'Constitutional Petition E012 of 2024',
      lawCourt: 'Milimani Law Courts (Constitution and Human Rights Division)',
      filingDate: '',
      activities: [
        { activity: 'Mention', date: '2025-02-02', time: '09:00', outcome: 'Parties to file submissions' },
        { activity: 'Hearing', date: '2027-03-17', time: '14:00', outcome: '' },
      ],
    });
  });

  it('reports the rows it cannot read instead of guessing, and keeps the rest', () => {
    const { cases, problems } = parsePortalPage(fixture('malformed.html'));
    expect(cases).toEqual([
      {
        caseId: 'HCCOMM/E112/2023',
        parties: 'Tausi Apartments Ltd v Mumbi Gathoni',
        lawCourt: '',
        filingDate: '2023-04-03',
        status: '',
        caseType: '',
        activities: [{ activity: 'Mention', date: '2027-02-01', time: '', outcome: '' }],
      },
    ]);
    expect(problems).toEqual([
      { row: 2, caseId: '', reason: 'No case number.' },
      { row: 3, caseId: '', reason: '“Pending allocation” is not a case number.' },
      { row: 4, caseId: 'CMCC/E99/2023', reason: 'Filing date “31/02/2023” is not a date.' },
      { row: 5, caseId: 'CMCC/E100/2023', reason: 'Filing date “16 Janvier 2023” is not a date.' },
      { row: 6, caseId: 'CMCC/E101/2023', reason: 'Activity date “TBA” is not a date.' },
      { row: 7, caseId: 'CMCC/E102/2023', reason: 'Time “25:00” on 10/10/2027 is not a time.' },
      { row: 8, caseId: 'HCCOMM/E112/2023', reason: 'HCCOMM/E112/2023 is listed twice with different details.' },
    ]);
  });

  it('finds nothing on a page without matters', () => {
    expect(parsePortalPage(fixture('no-matters.html'))).toEqual({ cases: [], problems: [] });
  });

  it('reports an activity whose matter is not on the page', () => {
    const doc = new DOMParser().parseFromString(
      `<table><tr><th>Case Number</th><th>Parties</th></tr><tr><td>MCCC/E1/2024</td><td>A v B</td></tr></table>
       <table><tr><th>Case Number</th><th>Date</th><th>Activity</th></tr>
         <tr><td>MCCC/E2/2024</td><td>01/02/2027</td><td>Mention</td></tr>
         <tr><td>MCCC/E1/2024</td><td>01/02/2027</td><td></td></tr></table>`,
      'text/html',
    );
    const { cases, problems } = parsePortalPage(doc);
    expect(cases).toEqual([]);
    expect(problems).toEqual([
      { row: 1, caseId: 'MCCC/E2/2024', reason: 'Activity for MCCC/E2/2024, which is not among the matters on this page.' },
      { row: 2, caseId: 'MCCC/E1/2024', reason: 'Activity on 01/02/2027 without its kind (mention, hearing...).' },
    ]);
  });
});

describe('readDate', () => {
  it.each([
    ['16/01/2024', '2024-01-16', ''],
    ['6/1/2024', '2024-01-06', ''],
    ['16-01-2024', '2024-01-16', ''],
    ['16.01.2024', '2024-01-16', ''],
    ['2024-01-16', '2024-01-16', ''],
    ['16 January 2024', '2024-01-16', ''],
    ['16th January, 2024', '2024-01-16', ''],
    ['16 Jan 2024', '2024-01-16', ''],
    ['16-Jan-2024', '2024-01-16', ''],
    ['1 Sept 2024', '2024-09-01', ''],
    ['January 16, 2024', '2024-01-16', ''],
    ['Tuesday, 16 January 2024', '2024-01-16', ''],
    ['  16/01/2024 ', '2024-01-16', ''],
    ['16/01/2024 09:30', '2024-01-16', '09:30'],
    ['16 January 2024 at 2.30 pm', '2024-01-16', '14:30'],
    ['29/02/2024', '2024-02-29', ''],
  ])('reads %j', (text, date, time) => {
    expect(readDate(text)).toEqual({ date, time });
  });

  it.each(['', 'TBA', '29/02/2023', '32/01/2024', '16/13/2024', '01/16/2024', '16 Janvier 2024', '2024/01/16', '16 Ja 2024', '16/01/24'])(
    'refuses %j',
    (text) => {
      expect(readDate(text)).toBeUndefined();
    },
  );
});

describe('readTime', () => {
  it.each([
    ['09:00', '09:00'],
    ['9:00', '09:00'],
    ['9.30', '09:30'],
    ['9 am', '09:00'],
    ['2.30 pm', '14:30'],
    ['12:15 PM', '12:15'],
    ['12:15 a.m.', '00:15'],
    ['14:30 hrs', '14:30'],
  ])('reads %j as %s', (text, want) => {
    expect(readTime(text)).toBe(want);
  });

  it.each(['25:00', '9', '13 pm', '10:75', 'morning'])('refuses %j', (text) => {
    expect(readTime(text)).toBeUndefined();
  });
});

describe('caseNumber', () => {
  it.each(['MCCC/E3574/2022', 'Civil Appeal E097 of 2020', 'Small Claims Court Case No. E3443 of 2024', 'HCCC No. 123 of 2019'])(
    'keeps %j as written',
    (text) => {
      expect(caseNumber(`  ${text.replace(/ /g, '   ')} `)).toBe(text);
    },
  );

  it.each(['', 'Pending allocation', '2024', '<script>', 'x'.repeat(101) + '1'])('refuses %j', (text) => {
    expect(caseNumber(text)).toBe('');
  });
});
