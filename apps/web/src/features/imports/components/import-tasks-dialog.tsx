import {
  CSV_IMPORT_FIELDS,
  type CsvImportResult,
  type CsvMapping,
  csvImportFieldLabels,
  IMPORT_CSV_MAX_BYTES,
  IMPORT_TRELLO_MAX_BYTES,
  type ImportResult,
  type ImportRowError,
  importMessages,
  TASK_PHASES,
  TASK_STATUSES,
  type TrelloBoard,
  type TrelloImportResult,
  type TrelloListTarget,
} from '@shipyard/shared';
import { FileUp } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { ApiRequestError, getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { type ImportRequest, useImportCheck, useImportTasks } from '../api/import-tasks.ts';

export const importTexts = {
  title: 'Import tasks',
  description:
    'Bring tasks in from a CSV file or a Trello board export (JSON). You see what would be stored, and any problems, before anything is imported.',
  file: 'File (CSV or Trello JSON)',
  checking: 'Checking the file…',
  mapping: 'Columns',
  notImported: '— not imported —',
  lists: 'Trello lists',
  includeArchived: 'Also import archived cards and lists',
  preview: (shown: number, total: number) =>
    shown >= total
      ? `Preview: ${total === 1 ? 'the task' : `the ${total} tasks`} as they would be stored`
      : `Preview: the first ${shown} of ${total} tasks as they would be stored`,
  rowHasErrors: 'has problems',
  errorsTitle: (n: number) =>
    `${n} ${n === 1 ? 'problem' : 'problems'}: nothing will be imported until the file is fixed`,
  moreErrors: (n: number) => `…and ${n} more`,
  ready: (n: number) => `${n} ${n === 1 ? 'task is' : 'tasks are'} ready to import.`,
  newLabels: (names: string[]) => `New labels: ${names.join(', ')}`,
  import: (n: number) => `Import ${n} ${n === 1 ? 'task' : 'tasks'}`,
  /** The button before a file is chosen (or while it is checked): no count to tell yet. */
  importNothing: 'Import',
  cancel: 'Cancel',
  notJson: importMessages.trelloInvalid,
} as const;

const selectClass =
  'h-8 w-full min-w-0 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';

/** A Trello list's status and phase stay readable on a phone: the table scrolls sideways instead of squeezing them to one letter. */
const listSelectWidth = 'min-w-32';

type Source =
  | { kind: 'csv'; name: string; csv: string; mapping?: CsvMapping }
  | {
      kind: 'trello';
      name: string;
      board: TrelloBoard;
      lists: Record<string, TrelloListTarget>;
      includeArchived: boolean;
    };

const requestOf = (source: Source): ImportRequest =>
  source.kind === 'csv'
    ? { source: 'csv', body: { csv: source.csv, ...(source.mapping ? { mapping: source.mapping } : {}) } }
    : {
        source: 'trello',
        body: { board: source.board, lists: source.lists, includeArchived: source.includeArchived },
      };

/** Row errors an import refused with (422): the same list the dry run gives. */
function refusedErrors(error: unknown): { errors: ImportRowError[]; errorCount: number } | undefined {
  if (!(error instanceof ApiRequestError) || error.code !== 'IMPORT_INVALID') return undefined;
  const details = error.details as { errors?: ImportRowError[]; errorCount?: number } | undefined;
  return details?.errors
    ? { errors: details.errors, errorCount: details.errorCount ?? details.errors.length }
    : undefined;
}

/**
 * The import wizard (issue 20): choose a file → map its columns (CSV) or its lists (Trello) with a
 * preview of the first rows → see row errors, nothing stored → Import, all or nothing.
 */
export function ImportTasksDialog({
  productId,
  open,
  onOpenChange,
}: {
  productId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fileId = useId();
  const [source, setSource] = useState<Source | undefined>();
  const [result, setResult] = useState<CsvImportResult | TrelloImportResult | undefined>();
  const [problem, setProblem] = useState<string | undefined>();
  const check = useImportCheck(productId);
  const run = useImportTasks(productId);

  const recheck = (next: Source) => {
    setSource(next);
    setProblem(undefined);
    check.mutate(requestOf(next), {
      onSuccess: (answer) => {
        setResult(answer);
        // The server's guess becomes the mapping the table shows (and sends from now on).
        if (next.kind === 'csv' && !next.mapping && 'mapping' in answer)
          setSource({ ...next, mapping: answer.mapping });
      },
      onError: (error) => {
        setResult(undefined);
        setProblem(getErrorMessage(error, importMessages.importFailed));
      },
    });
  };

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setResult(undefined);
    setSource(undefined);
    if (!file) return;
    const text = await file.text();
    const looksJson = file.name.toLowerCase().endsWith('.json') || text.trimStart().startsWith('{');
    if (looksJson) {
      if (file.size > IMPORT_TRELLO_MAX_BYTES) return setProblem(importMessages.trelloTooLarge);
      let board: TrelloBoard;
      try {
        board = JSON.parse(text) as TrelloBoard;
      } catch {
        return setProblem(importTexts.notJson);
      }
      if (!board || !Array.isArray(board.lists) || !Array.isArray(board.cards))
        return setProblem(importTexts.notJson);
      recheck({ kind: 'trello', name: file.name, board, lists: {}, includeArchived: false });
    } else {
      if (file.size > IMPORT_CSV_MAX_BYTES) return setProblem(importMessages.csvTooLarge);
      recheck({ kind: 'csv', name: file.name, csv: text });
    }
  }

  function startImport() {
    if (!source) return;
    run.mutate(requestOf(source), {
      onSuccess: (answer) => {
        toast.success(importMessages.imported(answer.created));
        onOpenChange(false);
        setSource(undefined);
        setResult(undefined);
      },
      onError: (error) => {
        const refused = refusedErrors(error);
        if (refused && result) setResult({ ...result, ...refused });
        else toast.error(importMessages.importFailed, { description: getErrorMessage(error) });
      },
    });
  }

  const canImport = Boolean(result && result.errorCount === 0 && result.total > 0 && !check.isPending);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-5xl xl:max-w-6xl">
        <DialogHeader>
          <DialogTitle>{importTexts.title}</DialogTitle>
          <DialogDescription>{importTexts.description}</DialogDescription>
        </DialogHeader>

        <div className="grid gap-2">
          <Label htmlFor={fileId}>{importTexts.file}</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,.tsv,.txt,.json,text/csv,application/json"
            onChange={(event) => void chooseFile(event)}
            className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-transparent file:px-3 file:py-1.5 file:font-medium file:text-sm focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          />
        </div>

        <div aria-live="polite" className="grid gap-4">
          {check.isPending ? (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner aria-hidden="true" />
              {importTexts.checking}
            </p>
          ) : null}
          {problem ? (
            <p role="alert" className="text-destructive text-sm">
              {problem}
            </p>
          ) : null}
        </div>

        {source?.kind === 'csv' && result && 'headers' in result ? (
          <CsvMappingTable
            headers={result.headers}
            mapping={source.mapping ?? result.mapping}
            onChange={(mapping) => recheck({ ...source, mapping })}
          />
        ) : null}
        {source?.kind === 'trello' && result && 'lists' in result ? (
          <TrelloListsTable
            result={result}
            includeArchived={source.includeArchived}
            onChange={(lists, includeArchived) => recheck({ ...source, lists, includeArchived })}
          />
        ) : null}

        {result ? <Outcome result={result} trello={source?.kind === 'trello'} /> : null}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {importTexts.cancel}
          </Button>
          <Button onClick={startImport} disabled={!canImport || run.isPending}>
            {run.isPending ? <Spinner aria-hidden="true" /> : <FileUp aria-hidden="true" />}
            {result ? importTexts.import(result.total) : importTexts.importNothing}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function CsvMappingTable({
  headers,
  mapping,
  onChange,
}: {
  headers: string[];
  mapping: CsvMapping;
  onChange: (mapping: CsvMapping) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">{importTexts.mapping}</legend>
      <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
        {CSV_IMPORT_FIELDS.map((field) => {
          const id = `import-map-${field}`;
          const value = mapping[field];
          return (
            <div
              key={field}
              className="grid grid-cols-[7.5rem_1fr] items-center gap-2 sm:grid-cols-[10rem_1fr]"
            >
              <label htmlFor={id} className="text-sm">
                {csvImportFieldLabels[field]}
              </label>
              <select
                id={id}
                className={selectClass}
                value={value === undefined || value === null ? '' : String(value)}
                onChange={(event) =>
                  onChange({
                    ...mapping,
                    [field]: event.target.value === '' ? null : Number(event.target.value),
                  })
                }
              >
                <option value="">{importTexts.notImported}</option>
                {headers.map((header, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions; two may share a name
                  <option key={i} value={i}>
                    {header || `Column ${i + 1}`}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function TrelloListsTable({
  result,
  includeArchived,
  onChange,
}: {
  result: TrelloImportResult;
  includeArchived: boolean;
  onChange: (lists: Record<string, TrelloListTarget>, includeArchived: boolean) => void;
}) {
  const targets = Object.fromEntries(result.lists.map((l) => [l.id, l.target]));
  const set = (id: string, target: TrelloListTarget) =>
    onChange({ ...targets, [id]: target }, includeArchived);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">
        {importTexts.lists}: {result.board}
      </legend>
      <Table scrollLabel={importTexts.lists}>
        <TableHeader>
          <TableRow>
            <TableHead>List</TableHead>
            <TableHead>Cards</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Phase</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {result.lists.map((list) => (
            <TableRow key={list.id}>
              <TableCell>
                {list.name}
                {list.closed ? <span className="text-muted-foreground"> (archived)</span> : null}
              </TableCell>
              <TableCell className="tabular-nums">{list.cards}</TableCell>
              <TableCell>
                <select
                  aria-label={`Status of the cards in ${list.name}`}
                  className={cn(selectClass, listSelectWidth)}
                  value={list.target.status}
                  onChange={(event) =>
                    set(list.id, { ...list.target, status: event.target.value as TrelloListTarget['status'] })
                  }
                >
                  {TASK_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {status}
                    </option>
                  ))}
                </select>
              </TableCell>
              <TableCell>
                <select
                  aria-label={`Phase of the cards in ${list.name}`}
                  className={cn(selectClass, listSelectWidth)}
                  value={list.target.phase ?? ''}
                  onChange={(event) =>
                    set(list.id, {
                      ...list.target,
                      phase: (event.target.value || null) as TrelloListTarget['phase'],
                    })
                  }
                >
                  <option value="">No phase</option>
                  {TASK_PHASES.map((phase) => (
                    <option key={phase} value={phase}>
                      {phase[0]?.toUpperCase() + phase.slice(1)}
                    </option>
                  ))}
                </select>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <div className="flex items-center gap-2">
        <Checkbox
          id="import-include-archived"
          checked={includeArchived}
          onCheckedChange={(checked) => onChange(targets, checked === true)}
        />
        <Label htmlFor="import-include-archived">{importTexts.includeArchived}</Label>
      </div>
    </fieldset>
  );
}

function Outcome({ result, trello }: { result: ImportResult; trello: boolean }) {
  const where = (row: number) => (trello ? `Card ${row}` : `Row ${row}`);
  // The preview's rows that an error names are marked, so the list and the table read together.
  const invalidRows = new Set(result.errors.map((error) => error.row));
  return (
    <div className="grid gap-4">
      {result.errorCount > 0 ? (
        <section aria-labelledby="import-errors" className="rounded-md border border-destructive/40 p-3">
          <h3 id="import-errors" className="font-medium text-destructive text-sm">
            {importTexts.errorsTitle(result.errorCount)}
          </h3>
          {/* Focusable, so that a keyboard can scroll a long list (axe: scrollable-region-focusable). */}
          <ul
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard.
            tabIndex={0}
            aria-labelledby="import-errors"
            className="mt-2 grid max-h-48 gap-1 overflow-y-auto rounded-sm text-sm outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            {result.errors.map((error) => (
              <li key={`${error.row}-${error.field}-${error.message}`}>
                {where(error.row)}: {error.message}
              </li>
            ))}
            {result.errorCount > result.errors.length ? (
              <li className="text-muted-foreground">
                {importTexts.moreErrors(result.errorCount - result.errors.length)}
              </li>
            ) : null}
          </ul>
        </section>
      ) : (
        <p className="text-sm">
          {importTexts.ready(result.total)}
          {result.newLabels.length > 0 ? ` ${importTexts.newLabels(result.newLabels)}.` : ''}
        </p>
      )}
      <section aria-labelledby="import-preview" className="grid gap-2">
        <h3 id="import-preview" className="font-medium text-sm">
          {importTexts.preview(result.preview.length, result.total)}
        </h3>
        <Table scrollLabel="Preview">
          <TableHeader>
            <TableRow>
              <TableHead>{trello ? 'Card' : 'Row'}</TableHead>
              <TableHead>Title</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Priority</TableHead>
              <TableHead>Phase</TableHead>
              <TableHead>Team</TableHead>
              <TableHead>Assignee</TableHead>
              <TableHead>Due</TableHead>
              <TableHead>Labels</TableHead>
              <TableHead>Checklist</TableHead>
              {trello ? <TableHead>Comments</TableHead> : null}
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.preview.map((task) => (
              <TableRow
                key={task.row}
                data-invalid={invalidRows.has(task.row) || undefined}
                className={cn(invalidRows.has(task.row) && 'bg-destructive/5')}
              >
                <TableCell
                  className={cn('tabular-nums', invalidRows.has(task.row) && 'font-medium text-destructive')}
                >
                  {task.row}
                  {invalidRows.has(task.row) ? (
                    <span className="sr-only"> ({importTexts.rowHasErrors})</span>
                  ) : null}
                </TableCell>
                <TableCell className="max-w-64 truncate font-medium" title={task.title}>
                  {task.title}
                </TableCell>
                <TableCell>{task.status}</TableCell>
                <TableCell className="capitalize">{task.priority}</TableCell>
                <TableCell className="capitalize">{task.phase ?? '—'}</TableCell>
                <TableCell>{task.team ?? '—'}</TableCell>
                <TableCell>{task.assignee ?? '—'}</TableCell>
                <TableCell className="tabular-nums">{task.dueDate ?? '—'}</TableCell>
                <TableCell>{task.labels.join(', ') || '—'}</TableCell>
                <TableCell className="tabular-nums">
                  {task.checklist.length > 0
                    ? `${task.checklist.filter((i) => i.done).length}/${task.checklist.length}`
                    : '—'}
                </TableCell>
                {trello ? <TableCell className="tabular-nums">{task.comments}</TableCell> : null}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
    </div>
  );
}

export default ImportTasksDialog;
