import type { AuditEntry } from '@shipyard/shared';
import { type CsvColumn, toCsv } from '../../lib/csv.ts';

// The audit log as CSV, written by the shared writer (lib/csv.ts: RFC 4180, formulas defused).

const text = (key: Exclude<keyof AuditEntry, 'details'>) => ({
  header: key,
  value: (e: AuditEntry) => e[key] as string | null,
});

const COLUMNS: CsvColumn<AuditEntry>[] = [
  text('at'),
  text('action'),
  text('actor'),
  text('actor_id'),
  text('target_type'),
  text('target'),
  text('target_id'),
  text('ip'),
  text('user_agent'),
  { header: 'details', value: (e) => (e.details ? JSON.stringify(e.details) : null) },
];

export const auditCsv = (entries: AuditEntry[]): string => toCsv(COLUMNS, entries);
