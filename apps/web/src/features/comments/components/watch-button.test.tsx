import { commentMessages, type WatcherList } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip.tsx';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { WatchButton } from './watch-button.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const grace = { id: 'u-2', name: 'Grace Hopper', avatar_url: null };
const ada = { id: 'u-1', name: 'Ada Lovelace', avatar_url: null };
const list = (watching: boolean): WatcherList => ({
  data: watching ? [ada, grace] : [grace],
  total: watching ? 2 : 1,
  watching,
});

const render = () =>
  renderWithProviders(
    <TooltipProvider>
      <WatchButton taskId="k-1" />
    </TooltipProvider>,
  );

describe('WatchButton', () => {
  it('shows the count, watches and unwatches', async () => {
    const fetchMock = routeFetch({
      'GET /api/tasks/k-1/watchers': jsonResponse(200, list(false)),
      'PUT /api/tasks/k-1/watch': jsonResponse(200, list(true)),
      'DELETE /api/tasks/k-1/watch': jsonResponse(200, list(false)),
    });
    const { user } = render();
    const button = await screen.findByRole('button', { name: /^Watch, 1 watcher$/ });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    await user.click(button);
    const unwatch = await screen.findByRole('button', { name: /^Unwatch, 2 watchers$/ });
    expect(unwatch).toHaveAttribute('aria-pressed', 'true');
    await user.click(unwatch);
    await screen.findByRole('button', { name: /^Watch, 1 watcher$/ });
    expect(callsTo(fetchMock, 'PUT', '/api/tasks/k-1/watch')).toHaveLength(1);
    expect(callsTo(fetchMock, 'DELETE', '/api/tasks/k-1/watch')).toHaveLength(1);
  });

  it('names the watchers on hover', async () => {
    routeFetch({ 'GET /api/tasks/k-1/watchers': jsonResponse(200, list(true)) });
    const { user } = render();
    await user.hover(await screen.findByRole('button', { name: /Unwatch/ }));
    expect((await screen.findAllByText('Watching: Ada Lovelace, Grace Hopper')).length).toBeGreaterThan(0);
  });

  it('toasts a refusal and keeps the state', async () => {
    routeFetch({
      'GET /api/tasks/k-1/watchers': jsonResponse(200, list(false)),
      'PUT /api/tasks/k-1/watch': apiError(409, 'PRODUCT_ARCHIVED', 'This product is archived.'),
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: /^Watch/ }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(commentMessages.watchFailed, {
        description: 'This product is archived.',
      }),
    );
    expect(screen.getByRole('button', { name: /^Watch, 1 watcher$/ })).toBeInTheDocument();
  });
});
