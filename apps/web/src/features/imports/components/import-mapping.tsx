import {
  CSV_IMPORT_FIELDS,
  type CsvImportResult,
  type CsvMapping,
  TASK_PHASES,
  TASK_STATUSES,
  type TrelloImportResult,
  type TrelloListTarget,
} from '@shipyard/shared';
import { DataTable } from '../../../components/data-table.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { t } from '../../../lib/i18n/index.ts';
import { csvFieldLabels, importTexts, phaseLabels, statusLabels } from './import-texts.ts';

// The mapping step: which CSV column fills which task field, or where each Trello list's cards go.

const selectClass =
  'h-8 w-full min-w-0 rounded-md border border-input bg-transparent px-2 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30';

/** A Trello list's status and phase stay readable on a phone: the table scrolls sideways instead of squeezing them to one letter. */
const listSelectWidth = 'min-w-32';

export function CsvMappingTable({
  headers,
  mapping,
  fields = [],
  onChange,
}: {
  headers: string[];
  mapping: CsvMapping;
  /** Columns named like the product's custom fields, which fill them (issue 29). */
  fields?: CsvImportResult['fields'];
  onChange: (mapping: CsvMapping) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">{t(importTexts.mapping)}</legend>
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
                {t(csvFieldLabels[field])}
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
                <option value="">{t(importTexts.notImported)}</option>
                {headers.map((header, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions; two may share a name
                  <option key={i} value={i}>
                    {header || t('Column {{number}}', { number: i + 1 })}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </div>
      {fields.length > 0 ? (
        <p className="text-muted-foreground text-sm">
          {importTexts.fieldColumns(
            fields.map(({ column, name }) => ({ name, header: headers[column] ?? name })),
          )}
        </p>
      ) : null}
    </fieldset>
  );
}

export function TrelloListsTable({
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
        {t('Trello lists: {{board}}', { board: result.board })}
      </legend>
      <DataTable
        scrollLabel={t(importTexts.lists)}
        rows={result.lists}
        rowKey={(list) => list.id}
        columns={[
          {
            header: t('List'),
            cell: (list) => (
              <>
                {list.name}
                {list.closed ? <span className="text-muted-foreground"> {t('(archived)')}</span> : null}
              </>
            ),
          },
          { header: t('Cards'), className: 'tabular-nums', cell: (list) => list.cards },
          {
            header: t('Status'),
            cell: (list) => (
              <select
                aria-label={t('Status of the cards in {{list}}', { list: list.name })}
                className={cn(selectClass, listSelectWidth)}
                value={list.target.status}
                onChange={(event) =>
                  set(list.id, { ...list.target, status: event.target.value as TrelloListTarget['status'] })
                }
              >
                {TASK_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(statusLabels[status])}
                  </option>
                ))}
              </select>
            ),
          },
          {
            header: t('Phase'),
            cell: (list) => (
              <select
                aria-label={t('Phase of the cards in {{list}}', { list: list.name })}
                className={cn(selectClass, listSelectWidth)}
                value={list.target.phase ?? ''}
                onChange={(event) =>
                  set(list.id, {
                    ...list.target,
                    phase: (event.target.value || null) as TrelloListTarget['phase'],
                  })
                }
              >
                <option value="">{t('No phase')}</option>
                {TASK_PHASES.map((phase) => (
                  <option key={phase} value={phase}>
                    {t(phaseLabels[phase])}
                  </option>
                ))}
              </select>
            ),
          },
        ]}
      />
      <div className="flex items-center gap-2">
        <Checkbox
          id="import-include-archived"
          checked={includeArchived}
          onCheckedChange={(checked) => onChange(targets, checked === true)}
        />
        <Label htmlFor="import-include-archived">{t(importTexts.includeArchived)}</Label>
      </div>
    </fieldset>
  );
}
