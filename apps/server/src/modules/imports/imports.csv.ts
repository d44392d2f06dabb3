import {
  CSV_IMPORT_FIELDS,
  type CsvMapping,
  IMPORT_MAX_ROWS,
  importMessages,
  LABEL_COLORS,
} from '@shipyard/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { BadRequest } from '../../lib/errors.ts';
import { keysOf, type referenceColumns } from './imports.references.ts';
import type { RawTask } from './imports.rows.ts';

export type ParsedCsv = {
  headers: string[];
  delimiter: string;
  /** Data rows with their row number in the file (the header is row 1; a quoted newline stays in its row). */
  rows: Array<{ row: number; cells: string[] }>;
};

/** `,`, `;` or tab: whichever the header line has most of outside quotes (`,` when none). */
export function detectDelimiter(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && counts.has(ch)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  }
  let best = ',';
  for (const [d, n] of counts) if (n > (counts.get(best) ?? 0)) best = d;
  return best;
}

/** The file's header and rows; blank rows are skipped but counted, as a spreadsheet shows them. */
export function parseCsv(input: string): ParsedCsv {
  const text = input.replace(/^\uFEFF/, '');
  const delimiter = detectDelimiter(text);
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      // Up to one more than the cap, so that "too many rows" is told apart from "just enough".
      to: IMPORT_MAX_ROWS + 2,
    }) as string[][];
  } catch (err) {
    if (err instanceof CsvError)
      throw BadRequest(importMessages.csvUnreadable(err.message), 'CSV_UNREADABLE');
    throw err;
  }
  const [header, ...body] = records;
  if (!header || header.every((h) => !h.trim())) throw BadRequest(importMessages.csvEmpty, 'CSV_EMPTY');
  const rows = body
    .map((cells, i) => ({ row: i + 2, cells }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  if (rows.length === 0) throw BadRequest(importMessages.csvNoRows, 'CSV_EMPTY');
  if (rows.length > IMPORT_MAX_ROWS) throw BadRequest(importMessages.tooManyRows, 'IMPORT_TOO_LARGE');
  return { headers: header.map((h) => h.trim()), delimiter, rows };
}

/** "[x] Write tests" is a ticked item, "[ ] Ship" or "Ship" an open one. */
function checklistOf(cell: string) {
  return cell
    .split(/\r?\n|;/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      const m = /^\[( |x|X)\]\s*(.*)$/.exec(s);
      return m ? { title: m[2] ?? '', done: m[1] !== ' ' } : { title: s, done: false };
    });
}

/** The rows as tasks' text, through the mapping; a mapping naming a missing column is refused. */
export function rowsThroughMapping(
  csv: ParsedCsv,
  mapping: CsvMapping,
  fieldColumns: ReadonlyArray<{ column: number; field: { id: string } }> = [],
  references: ReturnType<typeof referenceColumns> = { key: undefined, refs: [] },
): RawTask[] {
  if (mapping.title === undefined || mapping.title === null)
    throw BadRequest(importMessages.titleUnmapped, 'IMPORT_TITLE_UNMAPPED');
  for (const field of CSV_IMPORT_FIELDS) {
    const at = mapping[field];
    if (at !== undefined && at !== null && at >= csv.headers.length)
      throw BadRequest(importMessages.columnOutOfRange, 'IMPORT_MAPPING_INVALID');
  }
  const cell = (cells: string[], field: (typeof CSV_IMPORT_FIELDS)[number]) => {
    const at = mapping[field];
    return at === undefined || at === null ? undefined : (cells[at] ?? '');
  };
  return csv.rows.map(({ row, cells }) => {
    const labels = cell(cells, 'labels');
    const checklist = cell(cells, 'checklist');
    return {
      row,
      title: cell(cells, 'title'),
      description: cell(cells, 'description'),
      status: cell(cells, 'status'),
      priority: cell(cells, 'priority'),
      phase: cell(cells, 'phase'),
      team: cell(cells, 'team'),
      assignee: cell(cells, 'assignee'),
      dueDate: cell(cells, 'dueDate'),
      labels: labels
        ?.split(',')
        .map((name) => ({ name: name.trim(), color: LABEL_COLORS[0] }))
        .filter((l) => l.name),
      checklist: checklist === undefined ? undefined : checklistOf(checklist),
      fields: Object.fromEntries(fieldColumns.map(({ column, field }) => [field.id, cells[column] ?? ''])),
      key: references.key === undefined ? undefined : cells[references.key],
      refs: Object.fromEntries(references.refs.map(({ column, at }) => [column, keysOf(cells[at] ?? '')])),
    };
  });
}
