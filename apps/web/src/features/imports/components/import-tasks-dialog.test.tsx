import {
  type CsvImportResult,
  type ImportedTaskPreview,
  importMessages,
  type TrelloImportResult,
} from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ImportTasksButton } from './import-tasks-button.tsx';
import { importedText } from './import-tasks-dialog.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PRODUCT = 'p-1';
const CSV_PATH = `/api/tasks/${PRODUCT}/import/csv`;
const TRELLO_PATH = `/api/tasks/${PRODUCT}/import/trello`;

const row = (n: number, title: string, extra: Partial<ImportedTaskPreview> = {}): ImportedTaskPreview => ({
  row: n,
  title,
  description: '',
  status: 'Pending',
  priority: 'medium',
  phase: null,
  team: null,
  assignee: null,
  dueDate: null,
  labels: [],
  checklist: [],
  comments: 0,
  ...extra,
});

const csvAnswer = (overrides: Partial<CsvImportResult> = {}): CsvImportResult => ({
  dryRun: true,
  total: 2,
  created: 0,
  preview: [row(2, 'Write copy', { status: 'In Progress', labels: ['Content'] }), row(3, 'Ship it')],
  errors: [],
  errorCount: 0,
  newLabels: ['Content'],
  headers: ['Name', 'State', 'Notes'],
  delimiter: ',',
  mapping: { title: 0, status: 1 },
  fields: [],
  ...overrides,
});

const sent = (fetchMock: ReturnType<typeof routeFetch>, path: string) =>
  callsTo(fetchMock, 'POST', path).map(({ url, init }) => ({
    dryRun: url.searchParams.get('dryRun'),
    body: JSON.parse(String(init?.body)),
  }));

async function openAndUpload(user: ReturnType<typeof renderWithProviders>['user'], file: File) {
  await user.click(screen.getByRole('button', { name: 'Import' }));
  const input = await screen.findByLabelText('File (CSV or Trello JSON)');
  await user.upload(input, file);
}

const csvFile = () =>
  new File(['Name,State,Notes\nWrite copy,In Progress,\nShip it,,\n'], 'tasks.csv', { type: 'text/csv' });

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
});

describe('ImportTasksButton', () => {
  it('shows nothing to a guest', () => {
    renderWithProviders(<ImportTasksButton productId={PRODUCT} userRole="guest" />);
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  });

  it('checks a CSV file, shows the guessed mapping and the preview, and re-checks with a changed mapping', async () => {
    const fetchMock = routeFetch({
      [`POST ${CSV_PATH}`]: ({ init }) => {
        const body = JSON.parse(String(init?.body));
        return jsonResponse(200, csvAnswer(body.mapping ? { mapping: body.mapping } : {}));
      },
    });
    const { user } = renderWithProviders(<ImportTasksButton productId={PRODUCT} userRole="member" />);
    await openAndUpload(user, csvFile());

    const dialog = await screen.findByRole('dialog', { name: 'Import tasks' });
    expect(
      await within(dialog).findByText('2 tasks are ready to import. New labels: Content.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('0');
    expect(within(dialog).getByLabelText('Status')).toHaveValue('1');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('');
    const preview = within(dialog).getByRole('region', {
      name: /Preview: the 2 tasks as they would be stored/,
    });
    expect(within(preview).getByText('Write copy')).toBeInTheDocument();
    expect(within(preview).getByText('In Progress')).toBeInTheDocument();
    expect(sent(fetchMock, CSV_PATH)).toEqual([
      { dryRun: '1', body: { csv: 'Name,State,Notes\nWrite copy,In Progress,\nShip it,,\n' } },
    ]);

    await user.selectOptions(within(dialog).getByLabelText('Description'), 'Notes');
    await waitFor(() => expect(sent(fetchMock, CSV_PATH)).toHaveLength(2));
    expect(sent(fetchMock, CSV_PATH)[1]).toMatchObject({
      dryRun: '1',
      body: { mapping: { title: 0, status: 1, description: 2 } },
    });
  });

  it('lists row errors with their row numbers and does not let the import start', async () => {
    routeFetch({
      [`POST ${CSV_PATH}`]: jsonResponse(
        200,
        csvAnswer({
          total: 3,
          preview: [row(2, 'Write copy'), row(7, 'Refund flow', { status: 'Doing' as never })],
          errors: [
            {
              row: 7,
              field: 'status',
              message: 'status "Doing" is not one of Pending, In Progress, Completed',
            },
            { row: 9, field: 'title', message: 'title is required' },
          ],
          errorCount: 2,
        }),
      ),
    });
    const { user } = renderWithProviders(<ImportTasksButton productId={PRODUCT} userRole="member" />);
    await openAndUpload(user, csvFile());

    const errors = await screen.findByRole('region', {
      name: '2 problems: nothing will be imported until the file is fixed',
    });
    expect(
      within(errors)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Row 7: status "Doing" is not one of Pending, In Progress, Completed',
      'Row 9: title is required',
    ]);
    // The preview marks the rows the errors name, so the two read together.
    const preview = screen.getByRole('region', { name: 'Preview' });
    const rows = within(preview).getAllByRole('row').slice(1);
    expect(rows.map((tr) => tr.getAttribute('data-invalid'))).toEqual([null, 'true']);
    expect(within(rows[1] as HTMLElement).getByText('(has problems)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import 3 tasks' })).toBeDisabled();
  });

  it('imports, toasts the count and closes; the import is sent without dryRun and with the mapping', async () => {
    const fetchMock = routeFetch({
      [`POST ${CSV_PATH}`]: ({ url }) =>
        jsonResponse(200, csvAnswer(url.searchParams.get('dryRun') ? {} : { dryRun: false, created: 2 })),
    });
    const { user } = renderWithProviders(<ImportTasksButton productId={PRODUCT} userRole="member" />);
    await openAndUpload(user, csvFile());
    await user.click(await screen.findByRole('button', { name: 'Import 2 tasks' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Imported 2 tasks'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const calls = sent(fetchMock, CSV_PATH);
    expect(calls[1]).toMatchObject({ dryRun: null, body: { mapping: { title: 0, status: 1 } } });
  });

  it('shows the errors an import was refused with (422), nothing stored', async () => {
    routeFetch({
      [`POST ${CSV_PATH}`]: ({ url }) =>
        url.searchParams.get('dryRun')
          ? jsonResponse(200, csvAnswer())
          : apiError(422, 'IMPORT_INVALID', '1 row has an error; nothing was imported.', {
              errors: [
                { row: 3, field: 'assignee', message: 'assignee "Bob" is not a member of this product' },
              ],
              errorCount: 1,
            }),
    });
    const { user } = renderWithProviders(<ImportTasksButton productId={PRODUCT} userRole="member" />);
    await openAndUpload(user, csvFile());
    await user.click(await screen.findByRole('button', { name: 'Import 2 tasks' }));
    expect(
      await screen.findByText('Row 3: assignee "Bob" is not a member of this product'),
    ).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('maps a Trello board’s lists to statuses and sends the choice', async () => {
    const answer: TrelloImportResult = {
      dryRun: true,
      total: 1,
      created: 0,
      preview: [row(1, 'Fix nav', { status: 'In Progress', comments: 2 })],
      errors: [],
      errorCount: 0,
      newLabels: [],
      board: 'Website relaunch',
      lists: [
        { id: 'l-todo', name: 'To Do', closed: false, cards: 0, target: { status: 'Pending', phase: null } },
        {
          id: 'l-doing',
          name: 'Doing',
          closed: false,
          cards: 1,
          target: { status: 'In Progress', phase: null },
        },
      ],
    };
    const fetchMock = routeFetch({ [`POST ${TRELLO_PATH}`]: jsonResponse(200, answer) });
    const board = { name: 'Website relaunch', lists: [], cards: [] };
    const { user } = renderWithProviders(<ImportTasksButton productId={PRODUCT} userRole="member" />);
    await openAndUpload(user, new File([JSON.stringify(board)], 'board.json', { type: 'application/json' }));

    const status = await screen.findByLabelText('Status of the cards in Doing');
    expect(status).toHaveValue('In Progress');
    await user.selectOptions(status, 'Completed');
    await waitFor(() => expect(sent(fetchMock, TRELLO_PATH)).toHaveLength(2));
    expect(sent(fetchMock, TRELLO_PATH)[1]).toEqual({
      dryRun: '1',
      body: {
        board,
        includeArchived: false,
        lists: {
          'l-todo': { status: 'Pending', phase: null },
          'l-doing': { status: 'Completed', phase: null },
        },
      },
    });
  });

  it('refuses a JSON file that is not a Trello export without calling the server', async () => {
    const fetchMock = routeFetch({});
    const { user } = renderWithProviders(<ImportTasksButton productId={PRODUCT} userRole="member" />);
    await openAndUpload(user, new File(['{"hello":1}'], 'x.json', { type: 'application/json' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not a Trello board export');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("tells what was imported in the spec's words", () => {
    expect(importedText(1)).toBe(importMessages.imported(1));
    expect(importedText(12)).toBe(importMessages.imported(12));
  });
});
