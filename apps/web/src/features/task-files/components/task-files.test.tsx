import { documentMessages, type ProductDocument } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { makeDocument } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deleteFileText, TaskFiles } from './task-files.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TASK = 't-1';
const LIST = `GET /api/tasks/${TASK}/files`;
const spec = makeDocument({ id: 'd-1', name: 'spec.pdf', projectId: 'p-1', taskId: TASK, size: 1536 });

describe('TaskFiles', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the files with size, uploader and date, each downloaded from its product', async () => {
    routeFetch({ [LIST]: jsonResponse(200, { data: [spec], total: 1, page: 1, limit: 100 }) });
    renderWithProviders(<TaskFiles taskId={TASK} canEdit={false} />);
    const row = (await screen.findByText('spec.pdf')).closest('li') as HTMLElement;
    expect(row).toHaveTextContent('1.5 KB · Ada Lovelace ·');
    expect(within(row).getByRole('link', { name: 'Download spec.pdf' })).toHaveAttribute(
      'href',
      '/api/projects/p-1/documents/d-1/download',
    );
    expect(screen.queryByRole('button', { name: 'Attach files' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete spec.pdf' })).not.toBeInTheDocument();
  });

  it('uploads a chosen file as multipart "file" and shows it', async () => {
    let stored: ProductDocument[] = [];
    const fetchMock = routeFetch({
      [LIST]: () => jsonResponse(200, { data: stored, total: stored.length, page: 1, limit: 100 }),
      [`POST /api/tasks/${TASK}/files`]: () => {
        stored = [makeDocument({ id: 'd-2', name: 'notes.txt', taskId: TASK })];
        return jsonResponse(201, stored[0]);
      },
    });
    const { user } = renderWithProviders(<TaskFiles taskId={TASK} canEdit />);
    expect(await screen.findByText('No files attached.')).toBeInTheDocument();
    await user.upload(
      screen.getByLabelText('Attach files', { selector: 'input' }),
      new File(['hello'], 'notes.txt'),
    );
    expect(await screen.findByText('notes.txt')).toBeInTheDocument();
    const body = callsTo(fetchMock, 'POST', `/api/tasks/${TASK}/files`)[0]?.init?.body as FormData;
    expect((body.get('file') as File).name).toBe('notes.txt');
    expect(toast.success).toHaveBeenCalledWith('File attached', { description: 'notes.txt' });
  });

  it('says why an upload was refused', async () => {
    routeFetch({
      [LIST]: jsonResponse(200, { data: [], total: 0, page: 1, limit: 100 }),
      [`POST /api/tasks/${TASK}/files`]: apiError(413, 'UPLOAD_QUOTA_EXCEEDED', 'Over your quota.'),
    });
    const { user } = renderWithProviders(<TaskFiles taskId={TASK} canEdit />);
    await screen.findByText('No files attached.');
    await user.upload(
      screen.getByLabelText('Attach files', { selector: 'input' }),
      new File(['x'], 'big.bin'),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Upload failed', { description: 'Over your quota.' }),
    );
  });

  it('deletes a file once confirmed', async () => {
    let stored = [spec];
    const fetchMock = routeFetch({
      [LIST]: () => jsonResponse(200, { data: stored, total: stored.length, page: 1, limit: 100 }),
      [`DELETE /api/tasks/${TASK}/files/d-1`]: () => {
        stored = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithProviders(<TaskFiles taskId={TASK} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Delete spec.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Delete "spec.pdf"? This cannot be undone.');
    expect(callsTo(fetchMock, 'DELETE', `/api/tasks/${TASK}/files/d-1`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No files attached.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', `/api/tasks/${TASK}/files/d-1`)).toHaveLength(1);
  });

  it("asks before deleting a file in the spec's words", () => {
    expect(deleteFileText('spec.pdf')).toBe(documentMessages.taskFileDeleteConfirm('spec.pdf'));
  });
});
