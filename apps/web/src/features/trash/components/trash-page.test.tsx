import { type TrashItem, trashMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { daysLeft, TrashPage } from './trash-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const DAY = 86_400_000;
const item = (values: Partial<TrashItem>): TrashItem => ({
  kind: 'task',
  id: 't-1',
  name: 'Fix login',
  productId: 'p-1',
  productName: 'Apollo',
  deletedAt: new Date(Date.now() - 2 * DAY).toISOString(),
  deletedBy: { id: 'u-1', name: 'Olga Owner' },
  purgeAt: new Date(Date.now() + 28 * DAY - 60_000).toISOString(),
  productInTrash: false,
  ...values,
});

describe('TrashPage', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists what was deleted, by whom, and the days left', async () => {
    routeFetch({
      'GET /api/trash': jsonResponse(200, {
        data: [
          item({}),
          item({ kind: 'product', id: 'p-2', name: 'Gemini', productId: 'p-2', productName: 'Gemini' }),
        ],
      }),
    });
    renderWithProviders(<TrashPage />);

    const table = await screen.findByRole('table', { name: 'Trash' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Fix login');
    expect(rows[0]).toHaveTextContent('in Apollo');
    expect(rows[0]).toHaveTextContent('Olga Owner');
    expect(rows[0]).toHaveTextContent('28 days');
    expect(rows[1]).toHaveTextContent('Gemini');
    expect(rows[1]).toHaveTextContent('Product, with its tasks');
  });

  it('restores an item and says so', async () => {
    const fetchMock = routeFetch({
      'GET /api/trash': jsonResponse(200, { data: [item({})] }),
      'POST /api/trash/task/t-1/restore': jsonResponse(200, { message: trashMessages.restored }),
    });
    const { user } = renderWithProviders(<TrashPage />);

    await user.click(await screen.findByRole('button', { name: 'Restore Fix login' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(trashMessages.restored, expect.anything()),
    );
    expect(callsTo(fetchMock, 'POST', '/api/trash/task/t-1/restore')).toHaveLength(1);
  });

  it('deletes forever only after a confirmation, and shows the server’s refusal', async () => {
    const fetchMock = routeFetch({
      'GET /api/trash': jsonResponse(200, { data: [item({})] }),
      'DELETE /api/trash/task/t-1': apiError(403, 'FORBIDDEN', trashMessages.forbidden),
    });
    const { user } = renderWithProviders(<TrashPage />);

    await user.click(await screen.findByRole('button', { name: 'Delete Fix login forever' }));
    const dialog = await screen.findByRole('alertdialog', { name: trashMessages.purgeConfirmTitle });
    expect(dialog).toHaveTextContent(trashMessages.purgeConfirm('Fix login'));
    expect(callsTo(fetchMock, 'DELETE', '/api/trash/task/t-1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete forever' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(trashMessages.purgeFailed, {
        description: trashMessages.forbidden,
      }),
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/trash/task/t-1')).toHaveLength(1);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('cannot restore a task alone while its product is in the trash', async () => {
    routeFetch({ 'GET /api/trash': jsonResponse(200, { data: [item({ productInTrash: true })] }) });
    renderWithProviders(<TrashPage />);
    expect(await screen.findByRole('button', { name: 'Restore Fix login' })).toBeDisabled();
    expect(screen.getByText(/in the trash/)).toBeInTheDocument();
  });

  it('shows its empty state, and one product’s tasks when asked', async () => {
    const fetchMock = routeFetch({ 'GET /api/trash': jsonResponse(200, { data: [] }) });
    renderWithProviders(<TrashPage productId="p-1" />);
    expect(await screen.findByText(trashMessages.empty)).toBeInTheDocument();
    const [call] = callsTo(fetchMock, 'GET', '/api/trash');
    expect(call?.url.searchParams.get('productId')).toBe('p-1');
    expect(screen.getByRole('link', { name: 'Show everything' })).toHaveAttribute('href', '/trash');
  });
});

describe('daysLeft', () => {
  it('counts whole days up to the purge, never below zero', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(daysLeft(new Date(now + 30 * DAY).toISOString(), now)).toBe(30);
    expect(daysLeft(new Date(now + 1).toISOString(), now)).toBe(1);
    expect(daysLeft(new Date(now - DAY).toISOString(), now)).toBe(0);
  });
});
