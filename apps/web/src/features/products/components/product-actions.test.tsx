import { productMessages, taskKeyMessages } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { makeProductDetail } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { ProductDetailPage } from './product-detail-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() } }));

type Role = 'guest' | 'member' | 'admin';

function renderPage({ currentUserId = 'u-1', role = 'member' as Role } = {}) {
  return renderWithProviders(
    <ProductDetailPage
      productId="p-1"
      currentUserId={currentUserId}
      userRole={role}
      tasksTab={(readOnly) => <p>Tasks{readOnly ? ' (read-only)' : ''}</p>}
      teamsTab={(readOnly) => <p>Teams{readOnly ? ' (read-only)' : ''}</p>}
    />,
    { route: '/products/p-1' },
  );
}

const bodyOf = (call: { init: RequestInit | undefined } | undefined) =>
  JSON.parse(String(call?.init?.body)) as Record<string, unknown>;

describe('managing a product from its page', () => {
  it('edits every field of the create form in a dialog, filled in, and saves with PATCH', async () => {
    let stored = makeProductDetail();
    const fetchMock = routeFetch({
      'GET /api/projects/p-1': () => jsonResponse(200, stored),
      'PATCH /api/projects/p-1': ({ init }) => {
        stored = { ...stored, ...(JSON.parse(String(init?.body)) as object) };
        return jsonResponse(200, stored);
      },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Apollo');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('A moon lander for the rest of us.');
    expect(within(dialog).getByLabelText('Start Date')).toHaveValue('2025-01-15');
    expect(within(dialog).getByLabelText('Target End Date')).toHaveValue('2025-12-31');
    expect(within(dialog).getByLabelText('Team Size')).toHaveValue(4);
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Development');
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Medium');

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Artemis');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodyOf(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')[0])).toMatchObject({
      name: 'Artemis',
      status: 'development',
      team_size: 4,
    });
    expect(toast.success).toHaveBeenCalledWith(productMessages.updated);
    expect(await screen.findByRole('heading', { level: 1, name: 'Artemis' })).toBeInTheDocument();
  });

  it('edits the product’s key: upper-cased, checked before sending, and a taken key is said (issue 28)', async () => {
    const fetchMock = routeFetch({
      'GET /api/projects/p-1': () => jsonResponse(200, makeProductDetail()),
      'PATCH /api/projects/p-1': apiError(409, 'PRODUCT_KEY_TAKEN', taskKeyMessages.productKeyTaken('ATL')),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    const key = within(dialog).getByLabelText('Key');
    expect(key).toHaveValue('APO');
    expect(within(dialog).getByText('Its tasks are APO-1, -2, …')).toBeInTheDocument();

    await user.clear(key);
    await user.type(key, '1x');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText(taskKeyMessages.productKeyFormat)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')).toHaveLength(0);

    await user.clear(key);
    await user.type(key, 'atl');
    expect(within(dialog).getByText('Its tasks are ATL-1, -2, …')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PATCH', '/api/projects/p-1')[0])).toMatchObject({ key: 'ATL' });
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Error',
        expect.objectContaining({ description: taskKeyMessages.productKeyTaken('ATL') }),
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });

  it("puts the server's field error back on the field and keeps the dialog open", async () => {
    routeFetch({
      'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()),
      'PATCH /api/projects/p-1': apiError(400, 'VALIDATION_ERROR', 'bad', {
        fields: { name: ['Name is required'] },
      }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });

  it('keeps the edit dialog open while the save is in flight, even on Escape', async () => {
    const answer = deferred<Response>();
    routeFetch({
      'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()),
      'PATCH /api/projects/p-1': () => answer.promise,
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled());
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();

    answer.resolve(jsonResponse(200, makeProductDetail()));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('changes the stage from the header without dragging', async () => {
    let stored = makeProductDetail();
    const fetchMock = routeFetch({
      'GET /api/projects/p-1': () => jsonResponse(200, stored),
      'PATCH /api/projects/p-1/status': ({ init }) => {
        stored = { ...stored, status: (JSON.parse(String(init?.body)) as { status: 'testing' }).status };
        return jsonResponse(200, stored);
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('combobox', { name: 'Stage' }));
    await user.click(await screen.findByRole('option', { name: 'Testing' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/projects/p-1/status')).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PATCH', '/api/projects/p-1/status')[0])).toEqual({ status: 'testing' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Stage' })).toHaveTextContent('Testing'));
  });

  it('archives from the menu; archived, the page says it is read-only and offers Unarchive', async () => {
    let stored = makeProductDetail();
    const fetchMock = routeFetch({
      'GET /api/projects/p-1': () => jsonResponse(200, stored),
      'PATCH /api/projects/p-1/archive': ({ init }) => {
        const { archived } = JSON.parse(String(init?.body)) as { archived: boolean };
        stored = { ...stored, archived_at: archived ? '2025-04-01T10:00:00.000Z' : null };
        return jsonResponse(200, stored);
      },
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Actions for Apollo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));

    expect(await screen.findByText(productMessages.archived)).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'PATCH', '/api/projects/p-1/archive')[0])).toEqual({ archived: true });
    expect(toast.success).toHaveBeenCalledWith(productMessages.archivedToast);
    expect(screen.getByText('Archived')).toBeInTheDocument();
    // Read-only: no edit, no stage change, and the tabs are told.
    expect(screen.getByRole('button', { name: 'Edit' })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: 'Stage' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tasks' }));
    expect(await screen.findByText('Tasks (read-only)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Apollo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Unarchive' }));
    await waitFor(() => expect(screen.queryByText(productMessages.archived)).not.toBeInTheDocument());
    expect(bodyOf(callsTo(fetchMock, 'PATCH', '/api/projects/p-1/archive')[1])).toEqual({ archived: false });
  });

  it('deletes only after a confirmation that names the product, then goes to /products; Undo restores it', async () => {
    const fetchMock = routeFetch({
      'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()),
      'DELETE /api/projects/p-1': jsonResponse(200, { message: productMessages.deleted }),
      'POST /api/trash/product/p-1/restore': jsonResponse(200, { message: 'Restored' }),
    });
    const { user } = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Actions for Apollo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete product' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete "Apollo"?');
    expect(callsTo(fetchMock, 'DELETE', '/api/projects/p-1')).toHaveLength(0);

    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentLocation()).toBe('/products'));
    expect(callsTo(fetchMock, 'DELETE', '/api/projects/p-1')).toHaveLength(1);
    // The toast offers Undo (10 s, lib/toast.ts): it restores the product from the trash.
    expect(toast.undoable).toHaveBeenCalledWith(
      productMessages.deleted,
      expect.objectContaining({ undo: expect.any(Function) }),
    );
    const [, { undo }] = vi.mocked(toast.undoable).mock.calls[0] as [
      string,
      { undo: () => Promise<unknown> },
    ];
    await undo();
    expect(callsTo(fetchMock, 'POST', '/api/trash/product/p-1/restore')).toHaveLength(1);
  });

  it('says why a refused delete failed, and stays', async () => {
    routeFetch({
      'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()),
      'DELETE /api/projects/p-1': apiError(403, 'NOT_PRODUCT_OWNER', productMessages.forbidden),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Actions for Apollo' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(productMessages.deleteFailed, {
        description: productMessages.forbidden,
      }),
    );
    expect(currentLocation()).toBe('/products/p-1');
  });

  it.each([
    ['a teammate who did not create it', 'u-9', 'member'],
    ['a guest', 'u-1', 'guest'],
  ] as const)('offers no Edit, Archive or Delete to %s', async (_who, id, role) => {
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()) });
    renderPage({ currentUserId: id, role });
    await screen.findByRole('heading', { level: 1, name: 'Apollo' });
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Apollo' })).not.toBeInTheDocument();
  });

  it('offers them to an admin who did not create it', async () => {
    routeFetch({ 'GET /api/projects/p-1': jsonResponse(200, makeProductDetail()) });
    renderPage({ currentUserId: 'u-9', role: 'admin' });
    expect(await screen.findByRole('button', { name: 'Actions for Apollo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeEnabled();
  });
});
