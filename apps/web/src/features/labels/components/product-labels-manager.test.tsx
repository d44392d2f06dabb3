import { type Label, labelMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deleteLabelText, ProductLabelsManager } from './product-labels-manager.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PRODUCT = 'p-1';
const bug: Label = { id: 'l-1', productId: PRODUCT, name: 'Bug', color: '#ef4444', tasks: 2 };
const body = (fetchMock: ReturnType<typeof routeFetch>, method: string, path: string) =>
  JSON.parse(String(callsTo(fetchMock, method, path)[0]?.init?.body));

function serve(canManage: boolean) {
  let all = [bug];
  return routeFetch({
    [`GET /api/projects/${PRODUCT}/labels`]: () => jsonResponse(200, { data: all, canManage }),
    [`POST /api/projects/${PRODUCT}/labels`]: ({ init }) => {
      const made = { id: 'l-2', productId: PRODUCT, tasks: 0, ...JSON.parse(String(init?.body)) };
      all = [...all, made];
      return jsonResponse(201, made);
    },
    'PATCH /api/labels/l-1': ({ init }) => {
      all = all.map((l) => (l.id === 'l-1' ? { ...l, ...JSON.parse(String(init?.body)) } : l));
      return jsonResponse(200, all[0]);
    },
    'DELETE /api/labels/l-1': () => {
      all = all.filter((l) => l.id !== 'l-1');
      return new Response(null, { status: 204 });
    },
  });
}

describe('ProductLabelsManager', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows nothing to someone who does not manage the product', async () => {
    const fetchMock = serve(false);
    renderWithProviders(<ProductLabelsManager productId={PRODUCT} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Labels' })).not.toBeInTheDocument();
  });

  it('adds, renames, recolours and (once confirmed) deletes labels', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<ProductLabelsManager productId={PRODUCT} />);
    await user.click(await screen.findByRole('button', { name: 'Labels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Labels' });
    expect(within(dialog).getByText('on 2 tasks')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'New label name' }), 'Design');
    await user.click(within(dialog).getByRole('button', { name: 'Add label' }));
    await within(dialog).findByRole('textbox', { name: 'Name of Design' });
    // The first palette colour no label uses yet.
    expect(body(fetchMock, 'POST', `/api/projects/${PRODUCT}/labels`)).toEqual({
      name: 'Design',
      color: '#64748b',
    });

    const name = within(dialog).getByRole('textbox', { name: 'Name of Bug' });
    await user.clear(name);
    await user.type(name, 'Defect{Enter}');
    await waitFor(() => expect(body(fetchMock, 'PATCH', '/api/labels/l-1')).toEqual({ name: 'Defect' }));

    // The colour is a swatch that opens the palette (as the workflow states' rows).
    await user.click(within(dialog).getByRole('button', { name: 'Colour of Defect' }));
    await user.click(
      within(await screen.findByRole('radiogroup', { name: 'Colour of Defect' })).getByRole('radio', {
        name: '#a855f7',
      }),
    );
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/labels/l-1')).toHaveLength(2));

    await user.click(within(dialog).getByRole('button', { name: 'Delete Defect' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(
      'Delete the label "Defect"? It is removed from every task that has it.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(within(dialog).queryByRole('textbox', { name: 'Name of Defect' })).not.toBeInTheDocument(),
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/labels/l-1')).toHaveLength(1);
  });

  it("asks before deleting a label in the spec's words", () => {
    expect(deleteLabelText('Bug')).toBe(labelMessages.deleteConfirm('Bug'));
  });
});
