import type { SearchHit, SearchResult } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../../components/theme-provider.tsx';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import CommandPalette, { hitPath } from './command-palette.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const hit = (fields: Partial<SearchHit> & Pick<SearchHit, 'kind' | 'id'>): SearchHit => ({
  title: [{ text: 'Untitled', mark: false }],
  snippet: [],
  taskId: null,
  productId: null,
  context: '',
  ...fields,
});

const result: SearchResult = {
  groups: [
    {
      kind: 'product',
      hits: [
        hit({ kind: 'product', id: 'p-1', title: [{ text: 'Shipyard', mark: true }], context: 'Product' }),
      ],
    },
    {
      kind: 'task',
      hits: [
        hit({
          kind: 'task',
          id: 't-1',
          title: [
            { text: 'Paint the ', mark: false },
            { text: 'ship', mark: true },
          ],
          snippet: [{ text: '<b>not bold</b>', mark: false }],
          taskId: 't-1',
          productId: 'p-1',
          context: 'Shipyard',
        }),
      ],
    },
    {
      kind: 'comment',
      hits: [
        hit({ kind: 'comment', id: 'c-1', taskId: 't-1', title: [{ text: 'Paint the ship', mark: false }] }),
      ],
    },
  ],
};

function renderPalette(overrides: Partial<Parameters<typeof CommandPalette>[0]> = {}) {
  const props = {
    open: true,
    onOpenChange: vi.fn(),
    role: 'member' as const,
    pages: [
      { to: '/d', label: 'Dashboard' },
      { to: '/tasks', label: 'Tasks' },
    ],
    onNewTask: vi.fn(),
    onSignOut: vi.fn(),
    onShowShortcuts: vi.fn(),
    ...overrides,
  };
  const rendered = renderWithProviders(
    <ThemeProvider>
      <CommandPalette {...props} />
    </ThemeProvider>,
  );
  return { ...rendered, props };
}

describe('CommandPalette', () => {
  it('is a dialog with a combobox, listing pages and actions before anything is typed', () => {
    routeFetch({});
    renderPalette();
    const dialog = screen.getByRole('dialog', { name: 'Command palette' });
    expect(within(dialog).getByRole('combobox')).toHaveFocus();
    expect(within(dialog).getByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'New task' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'New product' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('9 results');
  });

  it('searches once typing pauses and shows the results grouped by kind with <mark>ed matches', async () => {
    const fetchMock = routeFetch({ 'GET /api/search': jsonResponse(200, result) });
    const { user } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'ship');
    expect(await screen.findByRole('group', { name: 'Tasks' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Comments' })).toBeInTheDocument();
    const task = within(screen.getByRole('group', { name: 'Tasks' })).getByRole('option');
    expect(task.querySelector('mark')).toHaveTextContent('ship');
    // Text from the server is text, shown plain (issue 28): its markup is never interpreted.
    expect(task).toHaveTextContent('not bold');
    expect(task.querySelector('b')).toBeNull();
    // Debounced: one request for the whole word, not one per letter.
    const calls = callsTo(fetchMock, 'GET', '/api/search');
    expect(calls.map(({ url }) => url.searchParams.get('q'))).toEqual(['ship']);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('3 results'));
  });

  it('shows a task result with its key, as a key typed finds it (issue 28)', async () => {
    const byKey: SearchResult = {
      groups: [
        {
          kind: 'task',
          hits: [
            hit({
              kind: 'task',
              id: 't-7',
              title: [{ text: 'Fix double charge', mark: false }],
              taskId: 't-7',
              taskKey: 'ATL-12',
              productId: 'p-1',
              context: 'Atlas',
            }),
          ],
        },
      ],
    };
    const fetchMock = routeFetch({ 'GET /api/search': jsonResponse(200, byKey) });
    const { user } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'atl-12');
    const task = within(await screen.findByRole('group', { name: 'Tasks' })).getByRole('option');
    expect(task).toHaveTextContent('ATL-12Fix double charge');
    expect(callsTo(fetchMock, 'GET', '/api/search').map(({ url }) => url.searchParams.get('q'))).toEqual([
      'atl-12',
    ]);
  });

  it('shows a comment’s mention as "@Name", never its markup or user id, with the query marked', async () => {
    const id = '0f0e0d0c-0b0a-4908-8706-050403020100';
    routeFetch({
      'GET /api/search': jsonResponse(200, {
        groups: [
          {
            kind: 'comment',
            hits: [
              hit({
                kind: 'comment',
                id: 'c-9',
                taskId: 't-1',
                title: [{ text: 'Paint the ship', mark: false }],
                snippet: [
                  { text: `Ask [@Ada Lovelace](user:${id}) to `, mark: false },
                  { text: 'sign', mark: true },
                  { text: ' **today**', mark: false },
                ],
              }),
            ],
          },
        ],
      }),
    });
    const { user } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'sign');
    const comment = within(await screen.findByRole('group', { name: 'Comments' })).getByRole('option');
    expect(comment).toHaveTextContent('Ask @Ada Lovelace to sign today');
    expect(comment).not.toHaveTextContent(id);
    expect(comment).not.toHaveTextContent('](user:');
    expect(comment.querySelector('mark')).toHaveTextContent('sign');
  });

  it('ranks a command whose name is what was typed above content, so Enter runs it', async () => {
    routeFetch({
      'GET /api/search': jsonResponse(200, {
        groups: [
          {
            kind: 'comment',
            hits: [
              hit({
                kind: 'comment',
                id: 'c-9',
                taskId: 't-1',
                title: [{ text: 'Sign the form', mark: false }],
              }),
            ],
          },
        ],
      }),
    });
    const { user, props } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'sign out');
    await screen.findByRole('group', { name: 'Comments' });
    const options = screen.getAllByRole('option');
    expect(options[0]).toHaveTextContent('Sign out');
    await waitFor(() => expect(options[0]).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{Enter}');
    expect(props.onSignOut).toHaveBeenCalled();
  });

  it('opens a task result at /tasks/<id> and closes', async () => {
    routeFetch({ 'GET /api/search': jsonResponse(200, result) });
    const { user, props } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'paint');
    await user.click(within(await screen.findByRole('group', { name: 'Tasks' })).getByRole('option'));
    expect(currentLocation()).toBe('/tasks/t-1');
    expect(props.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('selects the first result when the results arrive, so Enter opens it', async () => {
    routeFetch({ 'GET /api/search': jsonResponse(200, result) });
    const { user } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'ship');
    const product = within(await screen.findByRole('group', { name: 'Products' })).getByRole('option');
    await waitFor(() => expect(product).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('group', { name: 'Tasks' })).getByRole('option')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.keyboard('{ArrowUp}{Enter}');
    expect(currentLocation()).toBe('/products/p-1');
  });

  it('links each kind to its page, a comment to its place on its task', () => {
    expect(hitPath(hit({ kind: 'comment', id: 'c-1', taskId: 't-1' }))).toBe('/tasks/t-1#comment-c-1');
    expect(hitPath(hit({ kind: 'product', id: 'p-1' }))).toBe('/products/p-1');
    expect(hitPath(hit({ kind: 'event', id: 'e-1' }))).toBe('/calendar');
    expect(hitPath(hit({ kind: 'person', id: 'u-1' }))).toBe('/team');
  });

  it('filters pages and actions by what is typed, and runs them', async () => {
    routeFetch({ 'GET /api/search': jsonResponse(200, { groups: [] }) });
    const { user, props } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'task');
    expect(screen.queryByRole('option', { name: 'Dashboard' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'New task' }));
    expect(props.onNewTask).toHaveBeenCalledTimes(1);
  });

  it('switches the theme and signs out', async () => {
    routeFetch({});
    const { user, props } = renderPalette();
    await user.click(screen.getByRole('option', { name: 'Switch theme: Dark' }));
    expect(document.documentElement).toHaveClass('dark');
    await user.click(screen.getByRole('option', { name: 'Sign out' }));
    expect(props.onSignOut).toHaveBeenCalledTimes(1);
  });

  it('offers no new task or product to a guest', () => {
    routeFetch({});
    renderPalette({ role: 'guest', onNewTask: undefined });
    expect(screen.queryByRole('option', { name: 'New task' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'New product' })).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    routeFetch({ 'GET /api/search': jsonResponse(200, { groups: [] }) });
    const { user } = renderPalette();
    await user.type(screen.getByRole('combobox'), 'zzzz');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 results');
  });
});
