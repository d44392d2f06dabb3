import { describe, expect, it } from 'vitest';
import { CSV_BOM, type CsvColumn, csvCell, csvChunks, keysetPages, toCsv } from './csv.ts';

describe('the CSV writer', () => {
  it('quotes per RFC 4180 and defuses what a spreadsheet would run as a formula', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"');
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1`)).toMatch(/^"?'/);
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    // Numbers are numbers: -3 is no formula.
    expect(csvCell(-3)).toBe('-3');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2026-11-26T01:02:03.000Z'))).toBe('2026-11-26T01:02:03.000Z');
  });

  const columns: CsvColumn<{ n: number; s: string }>[] = [
    { header: 'n', value: (r) => r.n },
    { header: 'text', value: (r) => r.s },
  ];

  it('writes a bounded table with CRLF after every record, the BOM only when asked', () => {
    expect(toCsv(columns, [{ n: 1, s: 'a' }])).toBe('n,text\r\n1,a\r\n');
    expect(toCsv(columns, [], { bom: true })).toBe(`${CSV_BOM}n,text\r\n`);
  });

  it('streams every keyset page, one at a time, starting with the BOM and the header', async () => {
    const rows = Array.from({ length: 7 }, (_, i) => ({ n: 7 - i, s: `row ${7 - i}` }));
    const asked: (number | undefined)[] = [];
    const pages = keysetPages(
      async (after, size) => {
        asked.push(after ? Number(after.id) : undefined);
        const from = after ? rows.findIndex((r) => r.n === Number(after.id)) + 1 : 0;
        return rows.slice(from, from + size);
      },
      (row) => ({ createdAt: '', id: String(row.n) }),
      3,
    );
    const chunks: string[] = [];
    for await (const chunk of csvChunks(columns, pages)) chunks.push(chunk);
    expect(chunks[0]).toBe(`${CSV_BOM}n,text\r\n`);
    expect(chunks).toHaveLength(4);
    expect(chunks.join('').split('\r\n')).toHaveLength(9);
    // Pages of 3, 3 and 1: the short page is the last one asked for.
    expect(asked).toEqual([undefined, 5, 2]);
  });
});
