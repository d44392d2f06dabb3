import type { ImportedTaskPreview, ImportResult } from '@shipyard/shared';
import { DataTable } from '../../../components/data-table.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { importTexts } from './import-texts.ts';

/** What a check found: the rows' problems (nothing is imported while there are any), or that all is ready, and the preview. */
export function Outcome({ result, trello }: { result: ImportResult; trello: boolean }) {
  const where = (row: number) => (trello ? t('Card {{row}}', { row }) : t('Row {{row}}', { row }));
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
          {result.newLabels.length > 0 ? ` ${importTexts.newLabels(result.newLabels)}` : ''}
        </p>
      )}
      <section aria-labelledby="import-preview" className="grid gap-2">
        <h3 id="import-preview" className="font-medium text-sm">
          {importTexts.preview(result.preview.length, result.total)}
        </h3>
        <DataTable
          scrollLabel={t('Preview')}
          rows={result.preview}
          rowKey={(task) => task.row}
          rowProps={(task) => ({
            'data-invalid': invalidRows.has(task.row) || undefined,
            className: cn(invalidRows.has(task.row) && 'bg-destructive/5'),
          })}
          columns={[
            {
              header: trello ? t('Card') : t('Row'),
              cellProps: (task) => ({
                className: cn('tabular-nums', invalidRows.has(task.row) && 'font-medium text-destructive'),
              }),
              cell: (task) => (
                <>
                  {task.row}
                  {invalidRows.has(task.row) ? (
                    <span className="sr-only"> ({t(importTexts.rowHasErrors)})</span>
                  ) : null}
                </>
              ),
            },
            {
              header: t('Title'),
              className: 'max-w-64 truncate font-medium',
              cellProps: (task) => ({ title: task.title }),
              cell: (task) => task.title,
            },
            { header: t('Status'), cell: (task) => task.status },
            { header: t('Priority'), className: 'capitalize', cell: (task) => task.priority },
            { header: t('Phase'), className: 'capitalize', cell: (task) => task.phase ?? '—' },
            { header: t('Team'), cell: (task) => task.team ?? '—' },
            { header: t('Assignee'), cell: (task) => task.assignee ?? '—' },
            { header: t('Due'), className: 'tabular-nums', cell: (task) => task.dueDate ?? '—' },
            { header: t('Labels'), cell: (task) => task.labels.join(', ') || '—' },
            {
              header: t('Checklist'),
              className: 'tabular-nums',
              cell: (task) =>
                task.checklist.length > 0
                  ? `${task.checklist.filter((i) => i.done).length}/${task.checklist.length}`
                  : '—',
            },
            ...(trello
              ? [
                  {
                    header: t('Comments'),
                    className: 'tabular-nums',
                    cell: (task: ImportedTaskPreview) => task.comments,
                  },
                ]
              : []),
          ]}
        />
      </section>
    </div>
  );
}
