import { DOCUMENT_MAX_BYTES } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { makeDocument } from '../../../test/product-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { documentType, ProductDocuments } from './product-documents.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const LIST = 'GET /api/projects/p-1/documents';

describe('ProductDocuments', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('says there are no documents yet, with a way to upload', async () => {
    routeFetch({ [LIST]: jsonResponse(200, { data: [] }) });
    renderWithProviders(<ProductDocuments productId="p-1" canEdit />);

    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });

  it('lists each document with its size, type, uploader, date and a download link', async () => {
    routeFetch({ [LIST]: jsonResponse(200, { data: [makeDocument()] }) });
    renderWithProviders(<ProductDocuments productId="p-1" canEdit />);

    const row = (await screen.findByText('spec.pdf')).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(row).getByText('PDF')).toBeInTheDocument();
    expect(within(row).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Download spec.pdf' })).toHaveAttribute(
      'href',
      '/api/projects/p-1/documents/d-1/download',
    );
  });

  it('uploads a chosen file as multipart field "file", then shows it in the list', async () => {
    let stored = false;
    const fetchMock = routeFetch({
      [LIST]: () => jsonResponse(200, { data: stored ? [makeDocument({ name: 'roadmap.txt' })] : [] }),
      'POST /api/projects/p-1/documents': () => {
        stored = true;
        return jsonResponse(201, makeDocument({ name: 'roadmap.txt' }));
      },
    });
    const { user } = renderWithProviders(<ProductDocuments productId="p-1" canEdit />);
    await screen.findByText('No documents yet');

    const file = new File(['Q1: ship it'], 'roadmap.txt', { type: 'text/plain' });
    await user.upload(screen.getByLabelText('Choose files to upload'), file);

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Document uploaded', {
        description: 'roadmap.txt has been uploaded.',
      }),
    );
    const [post] = callsTo(fetchMock, 'POST', '/api/projects/p-1/documents');
    const body = post?.init?.body;
    expect(body).toBeInstanceOf(FormData);
    expect((body as FormData).get('file')).toBeInstanceOf(File);
    expect(((body as FormData).get('file') as File).name).toBe('roadmap.txt');
    expect(await screen.findByText('roadmap.txt')).toBeInTheDocument();
  });

  it('refuses a file over 25 MB without sending it', async () => {
    const fetchMock = routeFetch({ [LIST]: jsonResponse(200, { data: [] }) });
    const { user } = renderWithProviders(<ProductDocuments productId="p-1" canEdit />);
    await screen.findByText('No documents yet');

    const file = new File(['x'], 'huge.mov', { type: 'video/quicktime' });
    Object.defineProperty(file, 'size', { value: DOCUMENT_MAX_BYTES + 1 });
    await user.upload(screen.getByLabelText('Choose files to upload'), file);

    expect(toast.error).toHaveBeenCalledWith('Upload failed', {
      description: expect.stringContaining('huge.mov is larger than 25 MB'),
    });
    expect(callsTo(fetchMock, 'POST', '/api/projects/p-1/documents')).toHaveLength(0);
  });

  it("says why an upload failed with the server's message", async () => {
    routeFetch({
      [LIST]: jsonResponse(200, { data: [] }),
      'POST /api/projects/p-1/documents': apiError(413, 'TOO_LARGE', 'The request is too large.'),
    });
    const { user } = renderWithProviders(<ProductDocuments productId="p-1" canEdit />);
    await screen.findByText('No documents yet');

    await user.upload(screen.getByLabelText('Choose files to upload'), new File(['a'], 'a.txt'));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Upload failed', { description: 'The request is too large.' }),
    );
  });

  it('deletes a document only after the confirmation', async () => {
    let deleted = false;
    const fetchMock = routeFetch({
      [LIST]: () => jsonResponse(200, { data: deleted ? [] : [makeDocument()] }),
      'DELETE /api/projects/p-1/documents/d-1': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderWithProviders(<ProductDocuments productId="p-1" canEdit />);

    await user.click(await screen.findByRole('button', { name: 'Delete spec.pdf' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete spec.pdf? This action cannot be undone.',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo(fetchMock, 'DELETE', '/api/projects/p-1/documents/d-1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete spec.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Document deleted', {
        description: 'spec.pdf has been deleted.',
      }),
    );
    expect(callsTo(fetchMock, 'DELETE', '/api/projects/p-1/documents/d-1')).toHaveLength(1);
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('offers neither upload nor delete to a read-only viewer', async () => {
    routeFetch({ [LIST]: jsonResponse(200, { data: [makeDocument()] }) });
    renderWithProviders(<ProductDocuments productId="p-1" canEdit={false} />);

    expect(await screen.findByText('spec.pdf')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upload' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete spec.pdf' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download spec.pdf' })).toBeInTheDocument();
  });
});

describe('documentType', () => {
  it("reads the name's extension, else the media type", () => {
    expect(documentType({ name: 'plan.docx', contentType: 'application/octet-stream' })).toBe('DOCX');
    expect(documentType({ name: 'README', contentType: 'text/plain; charset=utf-8' })).toBe('PLAIN');
    expect(documentType({ name: '.env', contentType: '' })).toBe('File');
  });
});
