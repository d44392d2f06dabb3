import { type CsvImportField, importMessages, type TaskPhase, type TaskStatus } from '@shipyard/shared';
import { k, t } from '../../../lib/i18n/index.ts';

// The import dialog's own sentences; the ones the server also writes are in @shipyard/shared.
// Plain texts are k()-marked (translated where shown, with t()); sentences with a number or a
// name are put in the reader's language when called.
export const importTexts = {
  title: k('Import tasks'),
  description: k(
    'Bring tasks in from a CSV file or a Trello board export (JSON). You see what would be stored, and any problems, before anything is imported.',
  ),
  file: k('File (CSV or Trello JSON)'),
  checking: k('Checking the file…'),
  mapping: k('Columns'),
  notImported: k('— not imported —'),
  /** Columns that fill the product's custom fields (issue 29). */
  fieldColumns: (columns: Array<{ name: string; header: string }>) =>
    t('Custom fields: {{columns}}', {
      columns: columns.map((c) => (c.header === c.name ? c.name : `${c.name} ← "${c.header}"`)).join(', '),
    }),
  lists: k('Trello lists'),
  includeArchived: k('Also import archived cards and lists'),
  preview: (shown: number, total: number) =>
    shown >= total
      ? t('Preview: the {{count}} tasks as they would be stored', { count: total })
      : t('Preview: the first {{shown}} of {{total}} tasks as they would be stored', { shown, total }),
  rowHasErrors: k('has problems'),
  errorsTitle: (count: number) =>
    t('{{count}} problems: nothing will be imported until the file is fixed', { count }),
  moreErrors: (count: number) => t('…and {{count}} more', { count }),
  ready: (count: number) => t('{{count}} tasks are ready to import.', { count }),
  newLabels: (names: string[]) => t('New labels: {{names}}.', { names: names.join(', ') }),
  import: (count: number) => t('Import {{count}} tasks', { count }),
  /** The button before a file is chosen (or while it is checked): no count to tell yet. */
  importNothing: k('Import'),
  cancel: k('Cancel'),
  notJson: importMessages.trelloInvalid,
} as const;

/** csvImportFieldLabels' texts (the same English), marked to be translated where shown. */
export const csvFieldLabels: Record<CsvImportField, string> = {
  title: k('Title'),
  description: k('Description'),
  status: k('Status'),
  priority: k('Priority'),
  phase: k('Phase'),
  team: k('Team'),
  assignee: k('Assignee (e-mail or name)'),
  dueDate: k('Due date'),
  labels: k('Labels (comma separated)'),
  checklist: k('Checklist (items separated by ; or new lines)'),
};

export const statusLabels: Record<TaskStatus, string> = {
  Pending: k('Pending'),
  'In Progress': k('In Progress'),
  Completed: k('Completed'),
};

export const phaseLabels: Record<TaskPhase, string> = {
  planning: k('Planning'),
  development: k('Development'),
  testing: k('Testing'),
  production: k('Production'),
  maintenance: k('Maintenance'),
};
