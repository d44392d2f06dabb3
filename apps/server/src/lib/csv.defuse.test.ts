import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from './csv.ts';

// Issue 27 #9: a spreadsheet whose list separator is `;` (or `,`, or tab) splits a cell there, so
// every segment of a cell, not only its first character, must not start a formula.

/** The text of one written cell, RFC 4180 quoting undone. */
const unquoted = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell);

/** Each piece a spreadsheet could take for a cell of its own: split at `;`, `,`, tab and line breaks. */
const segments = (text: string) => text.split(/[;,\t\r\n]/);

/** Whether a piece would run as a formula (leading spaces skipped, as some spreadsheets do). */
const runs = (segment: string) => /^ *[=+\-@]/.test(segment);

describe('the CSV writer defusing formulas in every segment of a cell', () => {
  it('defuses a formula after a semicolon, a comma, a tab or a line break', () => {
    expect(csvCell("Budget;=cmd|'/c calc'!A0")).toBe("Budget;'=cmd|'/c calc'!A0");
    expect(csvCell('a,+1')).toBe(`"a,'+1"`);
    expect(csvCell('a\t-1+1')).toBe("a\t'-1+1");
    expect(csvCell('a\n@SUM(1)')).toBe(`"a\n'@SUM(1)"`);
    expect(csvCell('a;  =1')).toBe("a;  '=1");
    // A user agent of a failed sign-in, as the audit log carries it.
    expect(csvCell('Mozilla/5.0;=HYPERLINK("https://evil.test")')).toBe(
      `"Mozilla/5.0;'=HYPERLINK(""https://evil.test"")"`,
    );
  });

  it('leaves text with no formula after a separator as it was', () => {
    for (const text of ['Budget; 2026', 'a, b', 'a=b;c+d', 'x@example.com; y@example.com', 'under-score'])
      expect(unquoted(csvCell(text))).toBe(text);
  });

  it('never writes a cell with a segment that a spreadsheet would run, and only ever adds apostrophes', () => {
    const risky = fc.constantFrom(';', ',', '\t', '\r', '\n', ' ', '=', '+', '-', '@', '"', "'", 'a', '1');
    const text = fc.oneof(
      fc.string(),
      fc.array(risky, { maxLength: 30 }).map((c) => c.join('')),
    );
    fc.assert(
      fc.property(text, (value) => {
        const written = unquoted(csvCell(value));
        expect(segments(written).filter(runs)).toEqual([]);
        expect(/^[\t\r]/.test(written)).toBe(false);
        expect(written.replaceAll("'", '')).toBe(value.replaceAll("'", ''));
      }),
      { numRuns: 2000 },
    );
  });
});
