import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../lib/toast.ts';
import { apiError } from '../test/fetch-stubs.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ExportCsvButton } from './export-csv-button.tsx';

vi.mock('../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const encoder = new TextEncoder();

/** A streamed CSV answer whose chunks the test pushes one by one. */
function streamedCsv(headers: Record<string, string>) {
  let push: (text: string) => void = () => {};
  let end: () => void = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (text) => controller.enqueue(encoder.encode(text));
      end = () => controller.close();
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', ...headers },
  });
  return { response, push: (text: string) => push(text), end: () => end() };
}

let saved: { name: string; blob: Blob }[] = [];
beforeEach(() => {
  saved = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const href = `blob:test/${blobs.size}`;
        blobs.set(href, blob);
        return href;
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) saved.push({ name: this.download, blob });
  });
});
afterEach(() => vi.clearAllMocks());

describe('ExportCsvButton', () => {
  it('asks for the path it is given, counts the rows as they stream in, then saves the file', async () => {
    const csv = streamedCsv({
      'x-total-count': '3',
      'content-disposition': `attachment; filename="shipyard-products-2026-11-26.csv"`,
    });
    const fetchMock = vi.fn<typeof fetch>(async () => csv.response);
    vi.stubGlobal('fetch', fetchMock);
    const { user } = renderWithProviders(
      <ExportCsvButton path="/projects/export.csv?status=testing" fileName="fallback.csv" />,
    );

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/projects/export.csv?status=testing');
    expect(await screen.findByRole('button', { name: /Exporting… 0 of 3 rows/ })).toBeDisabled();

    csv.push('\uFEFFid,name\r\n1,A\r\n2,B\r\n');
    expect(await screen.findByText('Exporting… 2 of 3 rows')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '67',
    );

    csv.push('3,C\r\n');
    csv.end();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe('shipyard-products-2026-11-26.csv');
    expect(await saved[0]?.blob.text()).toBe('\uFEFFid,name\r\n1,A\r\n2,B\r\n3,C\r\n');
    expect(toast.success).toHaveBeenCalledWith('Export ready', {
      description: 'shipyard-products-2026-11-26.csv · 3 rows',
    });
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('shows a row counter without a total, and falls back to its own file name', async () => {
    const csv = streamedCsv({});
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => csv.response),
    );
    const { user } = renderWithProviders(
      <ExportCsvButton path="/activities/export.csv" fileName="log.csv" />,
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    csv.push('at,action\r\n2026,x\r\n');
    expect(await screen.findByText('Exporting… 1 row')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    csv.end();
    await waitFor(() => expect(saved[0]?.name).toBe('log.csv'));
  });

  it("tells the server's refusal in a toast and saves nothing", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () =>
        apiError(429, 'RATE_LIMITED', 'Too many exports. Please wait a minute and try again.'),
      ),
    );
    const { user } = renderWithProviders(<ExportCsvButton path="/tasks/export.csv" fileName="t.csv" />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('The export failed', {
        description: 'Too many exports. Please wait a minute and try again.',
      }),
    );
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });
});
