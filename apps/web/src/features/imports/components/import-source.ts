import {
  type CsvMapping,
  IMPORT_CSV_MAX_BYTES,
  IMPORT_TRELLO_MAX_BYTES,
  type ImportRowError,
  type importMessages,
  type TrelloBoard,
  type TrelloListTarget,
} from '@shipyard/shared';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { k } from '../../../lib/i18n/index.ts';
import type { ImportRequest } from '../api/import-tasks.ts';
import { importTexts } from './import-texts.ts';

/** importMessages' texts shown here (the same English; tsc checks), marked to be translated. */
const importSpecTexts = {
  importFailed: k('Failed to import'),
  csvTooLarge: k('A CSV file may be at most 2 MB.'),
  trelloTooLarge: k('A Trello export may be at most 8 MB.'),
} as const satisfies Partial<typeof importMessages>;

/** What the dialog imports: the file as read, with the choices made for it so far. */
export type Source =
  | { kind: 'csv'; name: string; csv: string; mapping?: CsvMapping }
  | {
      kind: 'trello';
      name: string;
      board: TrelloBoard;
      lists: Record<string, TrelloListTarget>;
      includeArchived: boolean;
    };

export const requestOf = (source: Source): ImportRequest =>
  source.kind === 'csv'
    ? { source: 'csv', body: { csv: source.csv, ...(source.mapping ? { mapping: source.mapping } : {}) } }
    : {
        source: 'trello',
        body: { board: source.board, lists: source.lists, includeArchived: source.includeArchived },
      };

/** Row errors an import refused with (422): the same list the dry run gives. */
export function refusedErrors(error: unknown): { errors: ImportRowError[]; errorCount: number } | undefined {
  if (!(error instanceof ApiRequestError) || error.code !== 'IMPORT_INVALID') return undefined;
  const details = error.details as { errors?: ImportRowError[]; errorCount?: number } | undefined;
  return details?.errors
    ? { errors: details.errors, errorCount: details.errorCount ?? details.errors.length }
    : undefined;
}

/** Reads a chosen file: a Trello board export (JSON) or a CSV, or why it cannot be imported. */
export async function readImportFile(file: File): Promise<{ source: Source } | { problem: string }> {
  let text: string;
  try {
    text = await file.text();
  } catch {
    // Gone or unreadable since it was chosen: said under the field, not left unhandled.
    return { problem: importSpecTexts.importFailed };
  }
  const looksJson = file.name.toLowerCase().endsWith('.json') || text.trimStart().startsWith('{');
  if (!looksJson) {
    if (file.size > IMPORT_CSV_MAX_BYTES) return { problem: importSpecTexts.csvTooLarge };
    return { source: { kind: 'csv', name: file.name, csv: text } };
  }
  if (file.size > IMPORT_TRELLO_MAX_BYTES) return { problem: importSpecTexts.trelloTooLarge };
  let board: TrelloBoard;
  try {
    board = JSON.parse(text) as TrelloBoard;
  } catch {
    return { problem: importTexts.notJson };
  }
  if (!board || !Array.isArray(board.lists) || !Array.isArray(board.cards))
    return { problem: importTexts.notJson };
  return { source: { kind: 'trello', name: file.name, board, lists: {}, includeArchived: false } };
}
