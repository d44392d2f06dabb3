import { z } from 'zod/mini';
import type { LABEL_COLORS } from './labels.ts';
import { TASK_PHASES, TASK_STATUSES } from './tasks.ts';

// Task import (issue 20, docs/decisions/021-task-import.md): tasks from a CSV file or a Trello
// board export into one product. Every call is first a dry run (preview + row errors, nothing
// stored); the import itself is one transaction that stores everything or nothing.

/** A CSV file: at most this many bytes (as UTF-8 text)… */
export const IMPORT_CSV_MAX_BYTES = 2 * 1024 * 1024;
/** …and at most this many data rows. The same row cap holds for a Trello board's cards. */
export const IMPORT_MAX_ROWS = 5000;
/** A Trello board export (JSON) of at most this many bytes. */
export const IMPORT_TRELLO_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Checklist items and comments one import may create in all, over every row: the bound on its
 * work (5,000 rows of 200 items each would be a million rows), apart from its bytes and rows.
 */
export const IMPORT_MAX_ITEMS = 20_000;
/** Rows shown in a preview, as they would be stored. */
export const IMPORT_PREVIEW_ROWS = 10;
/** Row errors answered at most (the count says how many there were). */
export const IMPORT_ERRORS_MAX = 200;
/** Calls per account per hour on each import route (dry runs included: each parses a whole file). */
export const IMPORT_RATE_PER_HOUR = 60;

/** The task fields a CSV column may fill, in the order the mapping table lists them. */
export const CSV_IMPORT_FIELDS = [
  'title',
  'description',
  'status',
  'priority',
  'phase',
  'team',
  'assignee',
  'dueDate',
  'labels',
  'checklist',
] as const;
export type CsvImportField = (typeof CSV_IMPORT_FIELDS)[number];

export const csvImportFieldLabels: Record<CsvImportField, string> = {
  title: 'Title',
  description: 'Description',
  status: 'Status',
  priority: 'Priority',
  phase: 'Phase',
  team: 'Team',
  assignee: 'Assignee (e-mail or name)',
  dueDate: 'Due date',
  labels: 'Labels (comma separated)',
  checklist: 'Checklist (items separated by ; or new lines)',
};

export const importMessages = {
  csvTooLarge: `A CSV file may be at most ${IMPORT_CSV_MAX_BYTES / 1024 / 1024} MB.`,
  trelloTooLarge: `A Trello export may be at most ${IMPORT_TRELLO_MAX_BYTES / 1024 / 1024} MB.`,
  tooManyRows: `A file may hold at most ${IMPORT_MAX_ROWS} tasks.`,
  tooManyItems: (n: number) =>
    `An import may create at most ${IMPORT_MAX_ITEMS} checklist items and comments in all; this one would create ${n}.`,
  csvEmpty: 'The file has no header row.',
  csvNoRows: 'The file has no rows below its header.',
  csvUnreadable: (reason: string) => `The file could not be read as CSV: ${reason}`,
  titleUnmapped: 'Choose the column that holds the task titles.',
  columnOutOfRange: 'A mapping names a column the file does not have.',
  trelloInvalid: 'This is not a Trello board export (JSON with lists and cards).',
  rateLimited: `At most ${IMPORT_RATE_PER_HOUR} imports per hour; try again later.`,
  invalidRows: (n: number) =>
    `${n} ${n === 1 ? 'row has an error' : 'rows have errors'}; nothing was imported.`,
  imported: (n: number) => `Imported ${n} ${n === 1 ? 'task' : 'tasks'}`,
  importFailed: 'Failed to import',
  // Row errors: "Row 7: status "Doing" is not one of Pending, In Progress, Completed".
  required: (field: string) => `${field} is required`,
  notOneOf: (field: string, value: string, allowed: readonly string[]) =>
    `${field} "${value}" is not one of ${allowed.join(', ')}`,
  tooLong: (field: string, max: number) => `${field} is longer than ${max} characters`,
  badDate: (value: string) => `due date "${value}" is not a date (write YYYY-MM-DD)`,
  unknownTeam: (value: string) => `team "${value}" is not a team of this product`,
  unknownAssignee: (value: string) => `assignee "${value}" is not a member of this product`,
  ambiguousAssignee: (value: string) => `assignee "${value}" names several people; use the e-mail`,
  unknownLabel: (value: string) =>
    `label "${value}" does not exist in this product (only its creator or an admin may add labels)`,
  tooManyLabels: (max: number) => `at most ${max} labels per task`,
  tooManyChecklistItems: (max: number) => `at most ${max} checklist items per task`,
  tooManyProductLabels: (max: number) => `the product would have more than ${max} labels`,
} as const;

/** Which column (0-based) fills each field; a field left out or null is not imported. */
export const CsvMappingSchema = z.partialRecord(
  z.enum(CSV_IMPORT_FIELDS),
  z.nullable(z.int().check(z.minimum(0), z.maximum(499))),
);
export type CsvMapping = z.infer<typeof CsvMappingSchema>;

/** POST /api/tasks/{productId}/import/csv: the file's text and, once the user chose it, the mapping. */
export const CsvImportBodySchema = z.object({
  csv: z.string().check(z.maxLength(IMPORT_CSV_MAX_BYTES, importMessages.csvTooLarge)),
  /** Left out: the server's guess from the header names (answered in the preview). */
  mapping: z.optional(CsvMappingSchema),
});
export type CsvImportBody = z.infer<typeof CsvImportBodySchema>;

export const ImportQuerySchema = z.object({
  /** `1`/`true`: validate and preview only; nothing is stored. */
  dryRun: z._default(
    z.pipe(
      z.transform((v: unknown) => v === true || v === '1' || v === 'true'),
      z.boolean(),
    ),
    false,
  ),
});

// ---- Trello ----

const id = z.string().check(z.maxLength(100));
const text = (max: number) => z.string().check(z.maxLength(max));
const nullableDate = z.optional(z.nullable(text(40)));

/** The part of a Trello board export (Board → Menu → Print and export → JSON) that is imported. */
export const TrelloBoardSchema = z.object({
  name: z.optional(text(500)),
  lists: z.array(
    z.object({ id, name: text(1000), closed: z.optional(z.boolean()), pos: z.optional(z.number()) }),
  ),
  cards: z.array(
    z.object({
      id,
      name: text(20_000),
      desc: z.optional(text(100_000)),
      idList: id,
      closed: z.optional(z.boolean()),
      due: nullableDate,
      dueComplete: z.optional(z.boolean()),
      idLabels: z.optional(z.array(id)),
      idChecklists: z.optional(z.array(id)),
      pos: z.optional(z.number()),
    }),
  ),
  labels: z.optional(
    z.array(
      z.object({ id, name: z.optional(z.nullable(text(1000))), color: z.optional(z.nullable(text(40))) }),
    ),
  ),
  checklists: z.optional(
    z.array(
      z.object({
        id,
        idCard: id,
        name: z.optional(text(1000)),
        pos: z.optional(z.number()),
        checkItems: z.optional(
          z.array(z.object({ name: text(20_000), state: z.optional(text(20)), pos: z.optional(z.number()) })),
        ),
      }),
    ),
  ),
  actions: z.optional(
    z.array(
      z.object({
        type: text(100),
        date: z.optional(text(40)),
        data: z.optional(
          z.object({ text: z.optional(text(100_000)), card: z.optional(z.object({ id: z.optional(id) })) }),
        ),
        memberCreator: z.optional(z.nullable(z.object({ fullName: z.optional(text(1000)) }))),
      }),
    ),
  ),
});
export type TrelloBoard = z.infer<typeof TrelloBoardSchema>;

/** Where a Trello list's cards go: a status, and a phase or none. */
export const TrelloListTargetSchema = z.object({
  status: z.enum(TASK_STATUSES),
  phase: z._default(z.nullable(z.enum(TASK_PHASES)), null),
});
export type TrelloListTarget = z.infer<typeof TrelloListTargetSchema>;

/** POST /api/tasks/{productId}/import/trello. */
export const TrelloImportBodySchema = z.object({
  board: TrelloBoardSchema,
  /** By Trello list id; a list left out gets the guess from its name (answered in the preview). */
  lists: z._default(z.record(id, TrelloListTargetSchema), {}),
  /** Archived (closed) cards, and the cards of archived lists, are skipped unless this is set. */
  includeArchived: z._default(z.boolean(), false),
});
export type TrelloImportBody = z.infer<typeof TrelloImportBodySchema>;
export type TrelloImportBodyInput = z.input<typeof TrelloImportBodySchema>;

/** "Done" → Completed, "Doing" → In Progress, anything else → Pending. */
export function guessStatusOfList(name: string): (typeof TASK_STATUSES)[number] {
  const n = name.toLowerCase();
  if (/\b(done|complete|completed|finished|shipped|released|closed|archive)\b/.test(n)) return 'Completed';
  if (/\b(doing|in progress|progress|wip|review|reviewing|testing|qa|active|started|working)\b/.test(n))
    return 'In Progress';
  return 'Pending';
}

/** Trello's colour names (and their _dark/_light shades) → the nearest of our label colours. */
const TRELLO_COLORS: Record<string, (typeof LABEL_COLORS)[number]> = {
  green: '#22c55e',
  yellow: '#eab308',
  orange: '#f97316',
  red: '#ef4444',
  purple: '#a855f7',
  blue: '#3b82f6',
  sky: '#14b8a6',
  lime: '#22c55e',
  pink: '#ec4899',
  black: '#64748b',
};
export function labelColorOfTrello(color: string | null | undefined): string {
  const base = (color ?? '').split('_')[0] ?? '';
  return TRELLO_COLORS[base] ?? '#64748b';
}

// ---- Guessing a CSV mapping from header names ----

const HEADER_GUESSES: Array<[CsvImportField, RegExp]> = [
  ['title', /^(title|name|task|task name|summary|subject|card name)$/],
  ['description', /^(description|desc|details|notes?|body|card description)$/],
  ['status', /^(status|state|list|column|list name)$/],
  ['priority', /^(priority|prio|importance)$/],
  ['phase', /^(phase|stage)$/],
  ['team', /^(team|team name|group)$/],
  ['assignee', /^(assignee|assigned to|owner|assignee email|email|responsible|members?)$/],
  ['dueDate', /^(due|due date|deadline|due on|target date)$/],
  ['labels', /^(labels?|tags?|categories|category)$/],
  ['checklist', /^(checklist|checklist items?|subtasks?|todo|to do)$/],
];

/** Each field's column from the header names (case, spaces, _ and - ignored); the first match wins. */
export function guessCsvMapping(headers: readonly string[]): CsvMapping {
  const mapping: CsvMapping = {};
  const norm = headers.map((h) => h.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' '));
  for (const [field, pattern] of HEADER_GUESSES) {
    const i = norm.findIndex((h, at) => pattern.test(h) && !Object.values(mapping).includes(at));
    if (i >= 0) mapping[field] = i;
  }
  return mapping;
}

// ---- Answers ----

/** One task as the import would store it. */
export const ImportedTaskPreviewSchema = z.object({
  /** The row in the file (the header is row 1), or the card's position on the Trello board (1-based). */
  row: z.number(),
  title: z.string(),
  description: z.string(),
  /** Values the import refuses are shown as the file wrote them. */
  status: z.string(),
  priority: z.string(),
  phase: z.nullable(z.string()),
  team: z.nullable(z.string()),
  assignee: z.nullable(z.string()),
  dueDate: z.nullable(z.string()),
  labels: z.array(z.string()),
  checklist: z.array(z.object({ title: z.string(), done: z.boolean() })),
  comments: z.number(),
});
export type ImportedTaskPreview = z.infer<typeof ImportedTaskPreviewSchema>;

export const ImportRowErrorSchema = z.object({
  /** As in the file: the header is row 1, so the first data row is row 2. */
  row: z.number(),
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** Tasks the file holds (dry run) or that were stored. */
  total: z.number(),
  created: z.number(),
  preview: z.array(ImportedTaskPreviewSchema),
  errors: z.array(ImportRowErrorSchema),
  /** How many errors there were (only the first IMPORT_ERRORS_MAX are listed). */
  errorCount: z.number(),
  /** Labels the import adds to the product. */
  newLabels: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

export const CsvImportResultSchema = z.object({
  ...ImportResultSchema.shape,
  headers: z.array(z.string()),
  delimiter: z.string(),
  /** The mapping used: the one sent, or the guess from the headers. */
  mapping: CsvMappingSchema,
  /** Columns named like the product's custom fields, which fill those fields (issue 29). */
  fields: z.array(z.object({ column: z.number(), name: z.string() })),
});
export type CsvImportResult = z.infer<typeof CsvImportResultSchema>;

export const TrelloImportResultSchema = z.object({
  ...ImportResultSchema.shape,
  board: z.string(),
  lists: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      closed: z.boolean(),
      cards: z.number(),
      target: TrelloListTargetSchema,
    }),
  ),
});
export type TrelloImportResult = z.infer<typeof TrelloImportResultSchema>;
