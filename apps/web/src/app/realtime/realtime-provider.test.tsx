import { REALTIME_CLOSE } from '@shipyard/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionKey } from '../../features/auth/api/get-session.ts';
import { productDetailKey } from '../../features/products/api/get-product.ts';
import { setUnauthorizedHandler } from '../../lib/api-client.ts';
import { fakeSockets } from '../../test/fake-socket.ts';
import { jsonResponse, mockFetch } from '../../test/fetch-stubs.ts';
import { createTestQueryClient, makeUser } from '../../test/render.tsx';
import { RealtimeProvider, useRealtime } from './realtime-provider.tsx';
import { RealtimeStatus } from './realtime-status.tsx';

function StatusProbe() {
  const { status } = useRealtime();
  return (
    <>
      <span data-testid="status">{status}</span>
      <RealtimeStatus status={status} />
    </>
  );
}

function renderProvider(createSocket?: (url: string) => WebSocket) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(sessionKey, makeUser());
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider createSocket={createSocket}>
        <StatusProbe />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

const status = () => screen.getByTestId('status').textContent;

afterEach(() => setUnauthorizedHandler(undefined));

describe('RealtimeProvider', () => {
  it('stays idle, without a pill, where there is no WebSocket', () => {
    renderProvider();
    expect(status()).toBe('closed');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('connects to /api/realtime on this origin, and shows Reconnecting... only while a lost socket is replaced', () => {
    const fake = fakeSockets();
    renderProvider(fake.createSocket);
    expect(fake.last().url).toBe(`ws://${window.location.host}/api/realtime`);
    expect(status()).toBe('connecting');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    act(() => fake.last().ready());
    expect(status()).toBe('open');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    act(() => fake.last().serverClose(1006));
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting...');
  });

  it('refreshes the caches a change touches', async () => {
    const fake = fakeSockets();
    const { queryClient } = renderProvider(fake.createSocket);
    queryClient.setQueryData(productDetailKey('p-1'), {});
    act(() => {
      fake.last().ready();
      fake
        .last()
        .receive({ type: 'change', kind: 'product', op: 'updated', id: 'p-1', productId: 'p-1', version: 1 });
    });
    await waitFor(() => expect(queryClient.getQueryState(productDetailKey('p-1'))?.isInvalidated).toBe(true));
  });

  it('hands a 4401 to the app’s 401 handling once the server confirms the session ended', async () => {
    const fake = fakeSockets();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const fetchMock = mockFetch(
      jsonResponse(401, { error: 'Unauthorized', message: 'Sign in', code: 'UNAUTHORIZED' }),
    );
    renderProvider(fake.createSocket);
    act(() => {
      fake.last().ready();
      fake.last().serverClose(REALTIME_CLOSE.unauthorized);
    });
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledTimes(1));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/user/me');
    expect(status()).toBe('closed');
    expect(fake.sockets).toHaveLength(1);
  });

  it('says live updates are off, and stops trying, when the server refuses the socket for too many tabs', () => {
    vi.useFakeTimers();
    try {
      const fake = fakeSockets();
      renderProvider(fake.createSocket);
      act(() => fake.last().serverClose(REALTIME_CLOSE.tooManySockets));
      expect(status()).toBe('refused');
      expect(screen.getByRole('status')).toHaveTextContent(
        'Live updates are off: too many open tabs. Close some and reload.',
      );
      act(() => vi.advanceTimersByTime(60_000));
      expect(fake.sockets).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the socket when the shell goes away', () => {
    const fake = fakeSockets();
    const { unmount } = renderProvider(fake.createSocket);
    act(() => fake.last().ready());
    unmount();
    expect(fake.last().closed).toBe(true);
  });
});
