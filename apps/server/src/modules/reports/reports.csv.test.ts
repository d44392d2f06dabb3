import { describe, expect, it } from 'vitest';
import { createProduct } from '../../testing/factories.ts';
import { useTestApp } from '../../testing/http.ts';
import { useReportWorld } from './reports.test-kit.ts';

// Reports as CSV: the download, and cells quoted and defused.
const { ctx, today, day, boss } = useReportWorld();

describe('GET /api/reports/{type}', () => {
  it('downloads the table as CSV under a file name that says the type and the period', async () => {
    const res = await ctx.app.inject({
      url: `/api/reports/resource-allocation.csv?from=${day(-29)}&to=${today()}`,
      headers: boss.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="shipyard-resource-allocation-${day(-29)}-to-${today()}.csv"`,
    );
    expect(res.body.split('\r\n')).toEqual([
      'Scope,Name,Product,Active people,Open tasks,Open tasks per person,Unassigned open tasks',
      'Product,Apollo,,2,3,1.5,2',
      'Team,Core,Apollo,2,1,0.5,0',
      'Team,Design,Apollo,1,1,1,1',
      'Product,Borealis,,1,2,2,1',
      'Team,Ops,Borealis,1,2,2,1',
      'Product,Cosmos,,0,0,,0',
      'Product,Draco,,0,1,,0',
      'Product,Eos,,0,0,,0',
      'Product,Fornax,,0,0,,0',
      'Product,Gaia,,0,0,,0',
      '',
    ]);

    // ?format=csv is the same download, with the default period.
    const same = await ctx.app.inject({
      url: '/api/reports/milestone-analysis?format=csv',
      headers: boss.headers,
    });
    expect(same.headers['content-disposition']).toBe(
      `attachment; filename="shipyard-milestone-analysis-${day(-89)}-to-${today()}.csv"`,
    );
    expect(same.body.split('\r\n').slice(0, 3)).toEqual([
      'Product,Status,Target end date,Tasks,Completed tasks,Last task completed,Outcome,Days late',
      `Draco,Planning,${day(-200)},1,0,,Missed,200`,
      `Fornax,Testing,${day(-40)},2,2,${day(-35)},Missed,5`,
    ]);
  });
});

describe('CSV quoting', () => {
  // An app of its own: an empty table, and products named to break a CSV.
  const { ctx, signedInOnce } = useTestApp();
  const boss = signedInOnce('super admin');

  it('quotes commas, quotes and line breaks (RFC 4180) and defuses cells a spreadsheet would run', async () => {
    const names = [
      'Comma, and "quotes"',
      'Line\nbreak',
      '=HYPERLINK("http://evil.example","click")',
      '+1 idea',
      '-minus',
      '@SUM(A1)',
      'Plain',
    ];
    for (const [i, name] of names.entries()) {
      await createProduct(ctx, boss.user.id, {
        name,
        targetEndDate: `2030-01-0${i + 1}`,
        status: 'production',
      });
    }
    const res = await ctx.app.inject({ url: '/api/reports/project-status.csv', headers: boss.headers });
    const body = res.body;
    const rest = ',Production,Medium,0,0,0,0,0,0';
    expect(body).toBe(
      [
        'Product,Status,Priority,Progress,Tasks,Open tasks,Completed tasks,Completed in period,Overdue tasks,Target end date,Past target',
        `"Comma, and ""quotes"""${rest},2030-01-01,No`,
        `"Line\nbreak"${rest},2030-01-02,No`,
        `"'=HYPERLINK(""http://evil.example"",""click"")"${rest},2030-01-03,No`,
        `'+1 idea${rest},2030-01-04,No`,
        `'-minus${rest},2030-01-05,No`,
        `'@SUM(A1)${rest},2030-01-06,No`,
        `Plain${rest},2030-01-07,No`,
        '',
      ].join('\r\n'),
    );
  });

  it('answers an empty table with only the header row, and zeros in the summary', async () => {
    const report = await ctx.app.inject({ url: '/api/reports/team-productivity', headers: boss.headers });
    expect(report.json().table.rows).toEqual([]);
    expect(report.json().summary.find((s: { key: string }) => s.key === 'completed').value).toBe(0);
    const csv = await ctx.app.inject({ url: '/api/reports/team-productivity.csv', headers: boss.headers });
    expect(csv.body).toBe('Scope,Name,Product,Email,Completed in period,Open tasks\r\n');
  });
});
