import type { AuditEntry } from '@shipyard/shared';

// The audit log as CSV (RFC 4180). A cell that a spreadsheet would run as a formula (it starts
// with =, +, -, @, tab or CR) gets a leading apostrophe: entries carry text others typed.

const COLUMNS = [
  'at',
  'action',
  'actor',
  'actor_id',
  'target_type',
  'target',
  'target_id',
  'ip',
  'user_agent',
  'details',
] as const;

function cell(value: string | null): string {
  if (value === null) return '';
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function auditCsv(entries: AuditEntry[]): string {
  const lines = entries.map((e) =>
    COLUMNS.map((c) => cell(c === 'details' ? (e.details ? JSON.stringify(e.details) : null) : e[c])).join(
      ',',
    ),
  );
  return `${[COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}
