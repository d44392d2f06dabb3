import { archiveMessages } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { WorkspaceArchiveCard } from './workspace-archive-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

const name = 'Your password';

describe('WorkspaceArchiveCard', () => {
  it('streams the archive with its progress, then saves it under the server’s file name', async () => {
    let push: ((text: string) => void) | undefined;
    let finish: (() => void) | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
        finish = () => controller.close();
      },
    });
    const fetchMock = routeFetch({
      'POST /api/admin/workspace-archive': new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'content-disposition': 'attachment; filename="shipyard-workspace-2026-11-26.json"',
          'x-archive-estimated-bytes': '4000',
        },
      }),
    });
    const createObjectURL = vi.fn(() => 'blob:archive');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    const { user } = renderWithProviders(<WorkspaceArchiveCard />);
    await user.type(screen.getByLabelText(name), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Export workspace' }));
    push?.('x'.repeat(2000));
    expect(await screen.findByText(/received of about/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '50',
    );
    finish?.();

    await waitFor(() => expect(click).toHaveBeenCalled());
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('shipyard-workspace-2026-11-26.json');
    expect(toast.success).toHaveBeenCalledWith('Workspace exported', expect.anything());
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', '/api/admin/workspace-archive')[0]?.init?.body)),
    ).toEqual({
      password: 'correct-horse-42',
    });
    click.mockRestore();
  });

  it('asks for the password, and shows the server’s refusal under it', async () => {
    routeFetch({
      'POST /api/admin/workspace-archive': apiError(
        400,
        'CURRENT_PASSWORD_WRONG',
        archiveMessages.passwordWrong,
      ),
    });
    const { user } = renderWithProviders(<WorkspaceArchiveCard />);
    await user.click(screen.getByRole('button', { name: 'Export workspace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(archiveMessages.passwordRequired);
    await user.type(screen.getByLabelText(name), 'nope');
    await user.click(screen.getByRole('button', { name: 'Export workspace' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(archiveMessages.passwordWrong));
  });
});
