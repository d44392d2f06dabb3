import type { MenuItem } from '@shipyard/shared';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMenuPages, usePrefetchMenuPages } from './menu-pages.ts';

// The pages' loaders are counters here; the idle callbacks run when the test says so.
describe('usePrefetchMenuPages', () => {
  let loaded: MenuItem[];
  let idle: Array<() => void>;
  let request: ReturnType<typeof vi.fn>;
  let cancel: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    loaded = [];
    idle = [];
    const loader = (item: MenuItem) => () => {
      loaded.push(item);
      return item === 'team' ? Promise.reject(new Error('offline')) : Promise.resolve({});
    };
    const items: MenuItem[] = ['dashboard', 'products', 'team', 'calendar', 'roadmap', 'reports'];
    const extra: MenuItem[] = ['tasks', 'analytics', 'activity', 'services', 'settings', 'notifications'];
    setMenuPages(
      Object.fromEntries([...items, ...extra].map((item) => [item, loader(item)])) as Record<
        MenuItem,
        () => Promise<unknown>
      >,
    );
    request = vi.fn((run: () => void) => idle.push(run));
    cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', cancel);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'connection');
  });

  const runIdle = () => idle.shift()?.();

  it('loads the pages one idle moment at a time, in the menu’s order, past one that fails', async () => {
    const { unmount } = renderHook(() => usePrefetchMenuPages(['dashboard', 'team', 'calendar']));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[1]).toEqual({ timeout: 2000 });
    expect(loaded).toEqual([]);
    runIdle();
    expect(loaded).toEqual(['dashboard']);
    await waitFor(() => expect(idle).toHaveLength(1));
    runIdle();
    await waitFor(() => expect(idle).toHaveLength(1));
    runIdle();
    expect(loaded).toEqual(['dashboard', 'team', 'calendar']);
    unmount();
  });

  it('stops when the shell goes', () => {
    const { unmount } = renderHook(() => usePrefetchMenuPages(['dashboard', 'calendar']));
    unmount();
    expect(cancel).toHaveBeenCalledTimes(1);
    expect(loaded).toEqual([]);
  });

  it('loads nothing when the connection saves data or is slow', () => {
    for (const connection of [{ saveData: true }, { effectiveType: 'slow-2g' }, { effectiveType: '2g' }]) {
      Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
      renderHook(() => usePrefetchMenuPages(['calendar'])).unmount();
    }
    expect(request).not.toHaveBeenCalled();
  });

  it('does not start again when the same entries render again', () => {
    const { rerender, unmount } = renderHook(({ items }) => usePrefetchMenuPages(items), {
      initialProps: { items: ['dashboard', 'calendar'] as MenuItem[] },
    });
    rerender({ items: ['dashboard', 'calendar'] });
    expect(request).toHaveBeenCalledTimes(1);
    unmount();
  });
});
