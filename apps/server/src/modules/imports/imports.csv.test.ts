import { describe, expect, it } from 'vitest';
import { detectDelimiter, parseCsv, rowsThroughMapping } from './imports.csv.ts';
import { toCalendarDay } from './imports.rows.ts';

describe('CSV reading', () => {
  it('detects the delimiter from the header line, ignoring quoted ones', () => {
    expect(detectDelimiter('title,status\n')).toBe(',');
    expect(detectDelimiter('"a,b,c";status;due\n')).toBe(';');
    expect(detectDelimiter('title\tstatus\tdue\n')).toBe('\t');
    expect(detectDelimiter('title\n')).toBe(',');
  });

  it('strips the BOM, keeps quoted newlines and "" quotes in their cell, and numbers rows as a spreadsheet does', () => {
    const parsed = parseCsv('\uFEFFTitle;Notes\r\n"A ""quoted"" one";"two\r\nlines"\r\n\r\nB;\r\n');
    expect(parsed.headers).toEqual(['Title', 'Notes']);
    expect(parsed.rows).toEqual([
      { row: 2, cells: ['A "quoted" one', 'two\r\nlines'] },
      { row: 4, cells: ['B', ''] },
    ]);
  });

  it('reads a short row as empty cells and a checklist cell as items, [x] ticked', () => {
    const parsed = parseCsv('title,checklist,labels\nOnly a title\nT,"[x] One; [ ] Two\nThree",a, b ,,\n');
    const rows = rowsThroughMapping(parsed, { title: 0, checklist: 1, labels: 2 });
    expect(rows[0]).toMatchObject({ row: 2, title: 'Only a title', checklist: [], labels: [] });
    expect(rows[1]?.checklist).toEqual([
      { title: 'One', done: true },
      { title: 'Two', done: false },
      { title: 'Three', done: false },
    ]);
    expect(rows[1]?.labels?.map((l) => l.name)).toEqual(['a']);
  });

  it('takes a calendar day or the UTC day of an ISO date-time, nothing else', () => {
    expect(toCalendarDay('2026-02-28')).toBe('2026-02-28');
    expect(toCalendarDay('2026-03-20T23:30:00.000Z')).toBe('2026-03-20');
    expect(toCalendarDay('2026-02-30')).toBeUndefined();
    expect(toCalendarDay('12/31/2026')).toBeUndefined();
  });
});
