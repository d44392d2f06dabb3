import type { Checklist, ChecklistItem } from '@shipyard/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskChecklist } from './task-checklist.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TASK = 't-1';
const item = (id: string, title: string, done = false): ChecklistItem => ({
  id,
  taskId: TASK,
  title,
  done,
  createdAt: '2025-03-01T10:00:00.000Z',
  updatedAt: '2025-03-01T10:00:00.000Z',
});

/** A little server keeping the checklist: every write answers the whole list, as the API does. */
function serve(initial: ChecklistItem[]) {
  let items = initial;
  const list = (): Checklist => ({
    taskId: TASK,
    items,
    total: items.length,
    done: items.filter((i) => i.done).length,
  });
  const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
  const routes: Parameters<typeof routeFetch>[0] = {
    [`GET /api/tasks/${TASK}/checklist`]: () => jsonResponse(200, list()),
    [`POST /api/tasks/${TASK}/checklist`]: ({ init }) => {
      items = [...items, item(`i-${items.length + 1}`, body(init).title)];
      return jsonResponse(201, list());
    },
  };
  for (const { id } of [...initial, item('i-3', ''), item('i-4', '')]) {
    routes[`PATCH /api/checklist-items/${id}`] = ({ init }) => {
      items = items.map((i) => (i.id === id ? { ...i, ...body(init) } : i));
      return jsonResponse(200, list());
    };
    routes[`POST /api/checklist-items/${id}/move`] = ({ init }) => {
      const moved = items.find((i) => i.id === id) as ChecklistItem;
      const others = items.filter((i) => i.id !== id);
      const at = body(init).position as number;
      items = [...others.slice(0, at), moved, ...others.slice(at)];
      return jsonResponse(200, list());
    };
    routes[`DELETE /api/checklist-items/${id}`] = () => {
      items = items.filter((i) => i.id !== id);
      return jsonResponse(200, list());
    };
  }
  return routeFetch(routes);
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Checklist' }))
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('aria-label'));

describe('TaskChecklist', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the items in order with the progress, and ticks one at once', async () => {
    const fetchMock = serve([item('i-1', 'Write the copy', true), item('i-2', 'Check the links')]);
    const { user } = renderWithProviders(<TaskChecklist taskId={TASK} canEdit />);
    expect(await screen.findByRole('checkbox', { name: 'Write the copy' })).toBeChecked();
    expect(titles()).toEqual(['Write the copy', 'Check the links']);
    expect(screen.getByRole('progressbar', { name: 'Checklist progress' })).toHaveAttribute(
      'aria-valuetext',
      '1 of 2 done',
    );
    expect(screen.getByText('1/2')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Check the links' }));
    expect(screen.getByRole('checkbox', { name: 'Check the links' })).toBeChecked();
    expect(screen.getByText('2/2')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/checklist-items/i-2')).toHaveLength(1));
    expect(
      JSON.parse(String(callsTo(fetchMock, 'PATCH', '/api/checklist-items/i-2')[0]?.init?.body)),
    ).toEqual({
      done: true,
    });
  });

  it('adds an item from the input and clears it', async () => {
    const fetchMock = serve([item('i-1', 'Write the copy')]);
    const { user } = renderWithProviders(<TaskChecklist taskId={TASK} canEdit />);
    const input = await screen.findByRole('textbox', { name: 'Add an item' });
    await user.type(input, '  Publish  {Enter}');
    await waitFor(() => expect(titles()).toEqual(['Write the copy', 'Publish']));
    expect(input).toHaveValue('');
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', `/api/tasks/${TASK}/checklist`)[0]?.init?.body)),
    ).toEqual({
      title: 'Publish',
    });
    expect(screen.getByText('0/2')).toBeInTheDocument();
  });

  it('moves the focused item with Alt+Down and Alt+Up, and says where it went', async () => {
    const fetchMock = serve([item('i-1', 'A'), item('i-2', 'B'), item('i-3', 'C')]);
    const { user } = renderWithProviders(<TaskChecklist taskId={TASK} canEdit />);
    const a = await screen.findByRole('checkbox', { name: 'A' });
    act(() => a.focus());
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(titles()).toEqual(['B', 'A', 'C']);
    expect(screen.getByText('Moved “A” to position 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/checklist-items/i-1/move')).toHaveLength(1));
    expect(
      JSON.parse(String(callsTo(fetchMock, 'POST', '/api/checklist-items/i-1/move')[0]?.init?.body)),
    ).toEqual({
      position: 1,
    });

    act(() => screen.getByRole('checkbox', { name: 'C' }).focus());
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    await waitFor(() => expect(titles()).toEqual(['B', 'C', 'A']));
    // The first item goes no higher.
    act(() => screen.getByRole('checkbox', { name: 'B' }).focus());
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(callsTo(fetchMock, 'POST', '/api/checklist-items/i-2/move')).toHaveLength(0);
  });

  it('puts a refused tick back and says why', async () => {
    routeFetch({
      [`GET /api/tasks/${TASK}/checklist`]: jsonResponse(200, {
        taskId: TASK,
        items: [item('i-1', 'A')],
        done: 0,
        total: 1,
      }),
      'PATCH /api/checklist-items/i-1': apiError(409, 'PRODUCT_ARCHIVED', 'This product is archived.'),
    });
    const { user } = renderWithProviders(<TaskChecklist taskId={TASK} canEdit />);
    await user.click(await screen.findByRole('checkbox', { name: 'A' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'A' })).not.toBeChecked());
    expect(toast.error).toHaveBeenCalledWith('Failed to update the item', {
      description: 'This product is archived.',
    });
  });

  it('is read only without canEdit: no input, no handles, no delete, boxes disabled', async () => {
    serve([item('i-1', 'A', true)]);
    renderWithProviders(<TaskChecklist taskId={TASK} canEdit={false} />);
    expect(await screen.findByRole('checkbox', { name: 'A' })).toBeDisabled();
    expect(screen.queryByRole('textbox', { name: 'Add an item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reorder A' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete A' })).not.toBeInTheDocument();
  });

  it('renames an item in place and deletes one', async () => {
    const fetchMock = serve([item('i-1', 'Draft'), item('i-2', 'Ship')]);
    const { user } = renderWithProviders(<TaskChecklist taskId={TASK} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Draft' }));
    const field = screen.getByRole('textbox', { name: 'Rename Draft' });
    await user.clear(field);
    await user.type(field, 'Final draft{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Final draft', 'Ship']));
    expect(callsTo(fetchMock, 'PATCH', '/api/checklist-items/i-1')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Delete Ship' }));
    await waitFor(() => expect(titles()).toEqual(['Final draft']));
    expect(callsTo(fetchMock, 'DELETE', '/api/checklist-items/i-2')).toHaveLength(1);
  });
});
