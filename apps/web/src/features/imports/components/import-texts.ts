import { importMessages } from '@shipyard/shared';

// The import dialog's own sentences; the ones the server also writes are in @shipyard/shared.
export const importTexts = {
  title: 'Import tasks',
  description:
    'Bring tasks in from a CSV file or a Trello board export (JSON). You see what would be stored, and any problems, before anything is imported.',
  file: 'File (CSV or Trello JSON)',
  checking: 'Checking the file…',
  mapping: 'Columns',
  notImported: '— not imported —',
  /** Columns that fill the product's custom fields (issue 29). */
  fieldColumns: (columns: Array<{ name: string; header: string }>) =>
    `Custom fields: ${columns.map((c) => (c.header === c.name ? c.name : `${c.name} ← "${c.header}"`)).join(', ')}`,
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
