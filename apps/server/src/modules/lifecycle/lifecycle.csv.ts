import type { LifecycleCsvQuery } from '@shipyard/shared';
import { type CsvColumn, toCsv } from '../../lib/csv.ts';
import type { Viewer } from '../../lib/visibility.ts';
import type { LifecycleService } from './lifecycle.service.ts';

// Each table of the lifecycle page as CSV: the one the page shows, with the same query.

type Row = Record<string, string | number | boolean | null>;
const columns = (headers: string[]): CsvColumn<Row>[] =>
  headers.map((h) => ({ header: h, value: (r) => r[h] }));
const name = (p: { name: string } | null) => p?.name ?? '';

export async function lifecycleCsv(service: LifecycleService, viewer: Viewer, q: LifecycleCsvQuery) {
  const text = (headers: string[], rows: Row[]) => toCsv(columns(headers), rows, { bom: true });
  const stayRow = (s: Awaited<ReturnType<LifecycleService['stays']>>['data'][number]): Row => ({
    product: s.product_name,
    stage: s.stage,
    entered_at: s.entered_at,
    left_at: s.left_at,
    days: s.days,
    entered_by: name(s.entered_by),
    left_by: name(s.left_by),
    overridden: s.overridden,
    override_reason: s.override_reason,
  });
  const STAYS = [
    'product',
    'stage',
    'entered_at',
    'left_at',
    'days',
    'entered_by',
    'left_by',
    'overridden',
    'override_reason',
  ];
  switch (q.table) {
    case 'durations': {
      const r = await service.report(viewer, q);
      return text(
        [
          'stage',
          'stays',
          'median_days',
          'p25_days',
          'p75_days',
          'min_days',
          'max_days',
          'now_in_stage',
          'now_median_days',
        ],
        r.durations.map((d) => ({
          stage: d.stage,
          stays: d.completed.count,
          median_days: d.completed.median,
          p25_days: d.completed.p25,
          p75_days: d.completed.p75,
          min_days: d.completed.min,
          max_days: d.completed.max,
          now_in_stage: d.current.count,
          now_median_days: d.current.median,
        })),
      );
    }
    case 'gates': {
      const r = await service.report(viewer, q);
      return text(
        ['stage', 'refused', 'overridden', 'passed', 'failure_rate', 'override_rate'],
        r.gates.map((g) => ({ ...g })),
      );
    }
    case 'stuck':
      return text(STAYS, (await service.report(viewer, q)).stuck.map(stayRow));
    case 'flow': {
      const r = await service.report(viewer, q);
      return text(
        ['date', 'planning', 'development', 'testing', 'production', 'maintenance'],
        r.flow.map((d) => ({ date: d.date, ...d.counts })),
      );
    }
    case 'stays':
      return text(STAYS, (await service.stays(viewer, q)).data.map(stayRow));
    case 'gate-entries':
      return text(
        ['product', 'decision', 'from_stage', 'to_stage', 'reason', 'unmet', 'performed_by', 'created_at'],
        (await service.gateEntries(viewer, q)).data.map((e) => ({
          product: e.product_name,
          decision: e.decision,
          from_stage: e.from_stage,
          to_stage: e.to_stage,
          reason: e.reason,
          unmet: e.unmet.join('; '),
          performed_by: name(e.performed_by),
          created_at: e.created_at,
        })),
      );
    case 'day': {
      const r = await service.day(viewer, q);
      return text(
        ['date', 'product', 'stage'],
        r.data.map((p) => ({ date: r.date, product: p.product_name, stage: p.stage })),
      );
    }
  }
}
