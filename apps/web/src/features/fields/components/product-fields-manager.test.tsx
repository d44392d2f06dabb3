import { type Field, fieldMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deleteFieldText, ProductFieldsManager } from './product-fields-manager.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PRODUCT = 'p-1';
const severity: Field = {
  id: 'f-1',
  productId: PRODUCT,
  name: 'Severity',
  type: 'select',
  options: [
    { id: 'o-1', name: 'Low', color: '#22c55e' },
    { id: 'o-2', name: 'High', color: '#ef4444' },
  ],
  showOnCards: false,
  position: 0,
};
const estimate: Field = {
  ...severity,
  id: 'f-2',
  name: 'Estimate',
  type: 'number',
  options: [],
  position: 1,
};
const bodyOf = (fetchMock: ReturnType<typeof routeFetch>, method: string, path: string) =>
  JSON.parse(String(callsTo(fetchMock, method, path).at(-1)?.init?.body));

function serve(canManage: boolean) {
  let all = [severity, estimate];
  return routeFetch({
    [`GET /api/projects/${PRODUCT}/fields`]: () => jsonResponse(200, { data: all, canManage }),
    [`POST /api/projects/${PRODUCT}/fields`]: ({ init }) => {
      const made = { id: 'f-3', productId: PRODUCT, position: 2, ...JSON.parse(String(init?.body)) };
      all = [...all, made];
      return jsonResponse(201, made);
    },
    [`PUT /api/projects/${PRODUCT}/fields/order`]: () => jsonResponse(200, { data: all, canManage }),
    'PATCH /api/fields/f-1': ({ init }) => {
      all = all.map((f) => (f.id === 'f-1' ? { ...f, ...JSON.parse(String(init?.body)) } : f));
      return jsonResponse(200, all[0]);
    },
    'DELETE /api/fields/f-2': () => {
      all = all.filter((f) => f.id !== 'f-2');
      return new Response(null, { status: 204 });
    },
  });
}

describe('ProductFieldsManager', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the fields read-only to someone who does not manage the product', async () => {
    serve(false);
    renderWithProviders(<ProductFieldsManager productId={PRODUCT} />);
    expect(await screen.findByRole('textbox', { name: 'Name of Severity' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add field' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Severity' })).not.toBeInTheDocument();
  });

  it('adds a select field with its options, reorders, shows on cards and (once confirmed) deletes', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<ProductFieldsManager productId={PRODUCT} />);
    await screen.findByRole('textbox', { name: 'Name of Severity' });

    await user.type(screen.getByRole('textbox', { name: 'New field name' }), 'Areas');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Multi select' }));
    await user.type(screen.getByRole('textbox', { name: 'Options' }), 'UI, API');
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await screen.findByRole('textbox', { name: 'Name of Areas' });
    expect(bodyOf(fetchMock, 'POST', `/api/projects/${PRODUCT}/fields`)).toMatchObject({
      name: 'Areas',
      type: 'multi_select',
      options: [{ name: 'UI' }, { name: 'API' }],
      showOnCards: false,
    });

    // Alt+Up on a field moves it up (the handle also drags it).
    screen.getByRole('button', { name: 'Reorder Estimate' }).focus();
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PUT', `/api/projects/${PRODUCT}/fields/order`)).toEqual({
        ids: ['f-2', 'f-1', 'f-3'],
      }),
    );

    await user.click(screen.getByRole('checkbox', { name: 'Show Severity on cards' }));
    await waitFor(() => expect(bodyOf(fetchMock, 'PATCH', '/api/fields/f-1')).toEqual({ showOnCards: true }));

    await user.click(screen.getByRole('button', { name: 'Remove Low from Severity' }));
    await waitFor(() =>
      expect(bodyOf(fetchMock, 'PATCH', '/api/fields/f-1')).toEqual({
        options: [{ id: 'o-2', name: 'High', color: '#ef4444' }],
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Estimate' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Delete the field "Estimate"? Its value is removed from every task that has one.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/api/fields/f-2')).toHaveLength(1));
  });

  it("asks before deleting a field in the spec's words", () => {
    expect(deleteFieldText('Customer')).toBe(fieldMessages.deleteConfirm('Customer'));
  });
});
