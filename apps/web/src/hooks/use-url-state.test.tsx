import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { applyUrlPatch, useUrlSearchState, useUrlState } from './use-url-state.ts';

type Setter = ReturnType<typeof useUrlState<'tab' | 'q'>>['set'];

function renderAt(url: string) {
  const captured: { set?: Setter } = {};
  function Page() {
    const { values, set } = useUrlState({ tab: 'overview', q: '' });
    captured.set = set;
    return <p>{`${values.tab}|${values.q}`}</p>;
  }
  const router = createMemoryRouter(
    [
      { path: '/p', element: <Page /> },
      { path: '/other', element: null },
    ],
    {
      initialEntries: ['/other', url],
      initialIndex: 1,
    },
  );
  render(<RouterProvider router={router} />);
  return { router, set: () => captured.set as Setter };
}

describe('applyUrlPatch', () => {
  it('sets values, removes null, undefined and default values, and keeps the other keys', () => {
    const next = applyUrlPatch(
      new URLSearchParams('tab=files&team=t1&keep=1'),
      { tab: 'overview', team: null, q: 'apollo', gone: undefined },
      { tab: 'overview' },
    );
    expect(next.toString()).toBe('keep=1&q=apollo');
  });

  it("keeps '' for a key without a default (a cleared date input)", () => {
    expect(applyUrlPatch(new URLSearchParams('from=2026-01-01'), { from: '' }).toString()).toBe('from=');
  });
});

describe('useUrlState', () => {
  it('keeps both of two writes made before the page renders again (a tab click, then a debounced search)', async () => {
    const { router, set } = renderAt('/p');
    const write = set();
    await act(async () => {
      write({ tab: 'board' });
      write({ q: 'apollo' });
    });
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('board');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('apollo');
    expect(screen.getByText('board|apollo')).toBeInTheDocument();
  });

  it('reads each key from the URL or its default', () => {
    renderAt('/p?tab=files');
    expect(screen.getByText('files|')).toBeInTheDocument();
  });

  it('replaces the history entry by default and drops a value equal to its default from the URL', async () => {
    const { router, set } = renderAt('/p?tab=files&x=1');

    await act(() => set()({ tab: 'overview', q: 'apollo' }));

    expect(router.state.location.search).toBe('?x=1&q=apollo');
    expect(screen.getByText('overview|apollo')).toBeInTheDocument();
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/other');
  });

  it('pushes a history entry when asked, so Back returns to the previous state', async () => {
    const { router, set } = renderAt('/p');

    await act(() => set()({ tab: 'files' }, { replace: false }));
    expect(router.state.location.search).toBe('?tab=files');

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/p');
    expect(screen.getByText('overview|')).toBeInTheDocument();
  });
});

describe('useUrlSearchState', () => {
  type State = { view: string; page: number };
  const read = (params: URLSearchParams): State => ({
    view: params.get('view') ?? 'list',
    page: Number(params.get('page') ?? '1'),
  });
  const write = (state: State) => {
    const params = new URLSearchParams();
    if (state.view !== 'list') params.set('view', state.view);
    if (state.page !== 1) params.set('page', String(state.page));
    return `?${params}`;
  };

  it('merges a patch into the state read from the URL and writes the whole state back', async () => {
    let update: ((patch: Partial<State>) => void) | undefined;
    function Page() {
      const [state, set] = useUrlSearchState(read, write);
      update = set;
      return <p>{`${state.view}|${state.page}`}</p>;
    }
    const router = createMemoryRouter([{ path: '/p', element: <Page /> }], { initialEntries: ['/p?page=3'] });
    render(<RouterProvider router={router} />);
    expect(screen.getByText('list|3')).toBeInTheDocument();

    await act(() => update?.({ view: 'board' }));

    expect(router.state.location.search).toBe('?view=board&page=3');
    expect(screen.getByText('board|3')).toBeInTheDocument();
  });
});
