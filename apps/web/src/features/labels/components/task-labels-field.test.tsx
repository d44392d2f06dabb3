import type { Label, LabelRef } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskLabelsField } from './task-labels-field.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const TASK = 't-1';
const PRODUCT = 'p-1';
const productLabel = (id: string, name: string, color: string): Label => ({
  id,
  name,
  color,
  productId: PRODUCT,
  tasks: 0,
});
const bug = productLabel('l-1', 'Bug', '#ef4444');
const design = productLabel('l-2', 'Design', '#3b82f6');
const docs = productLabel('l-3', 'Docs', '#22c55e');
const ref = ({ id, name, color }: Label): LabelRef => ({ id, name, color });

function serve({ canManage = false, initial = [bug] }: { canManage?: boolean; initial?: Label[] } = {}) {
  let onTask = initial.map(ref);
  let all = [bug, design, docs];
  return routeFetch({
    [`GET /api/tasks/${TASK}/labels`]: () => jsonResponse(200, { taskId: TASK, labels: onTask }),
    [`GET /api/projects/${PRODUCT}/labels`]: () => jsonResponse(200, { data: all, canManage }),
    [`PUT /api/tasks/${TASK}/labels`]: ({ init }) => {
      const ids = JSON.parse(String(init?.body)).labelIds as string[];
      onTask = all.filter((label) => ids.includes(label.id)).map(ref);
      return jsonResponse(200, { taskId: TASK, labels: onTask });
    },
    [`POST /api/projects/${PRODUCT}/labels`]: ({ init }) => {
      const made = productLabel('l-new', JSON.parse(String(init?.body)).name, '#64748b');
      all = [...all, made];
      return jsonResponse(201, made);
    },
  });
}

const chips = () =>
  within(screen.getByRole('list', { name: 'Labels' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);
const sentIds = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, 'PUT', `/api/tasks/${TASK}/labels`).map(
    (c) => JSON.parse(String(c.init?.body)).labelIds,
  );

describe('TaskLabelsField', () => {
  beforeEach(() => vi.clearAllMocks());

  it('shows the task’s labels, and only chips for those who may not change them', async () => {
    serve();
    renderWithProviders(<TaskLabelsField taskId={TASK} productId={PRODUCT} canEdit={false} />);
    await waitFor(() => expect(chips()).toEqual(['Bug']));
    expect(screen.queryByRole('button', { name: 'Edit labels' })).not.toBeInTheDocument();
  });

  it('searches the product’s labels and ticks them on and off, saving each change', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(<TaskLabelsField taskId={TASK} productId={PRODUCT} canEdit />);
    await user.click(await screen.findByRole('button', { name: 'Edit labels' }));
    const picker = await screen.findByRole('dialog');
    await within(picker).findByRole('button', { name: 'Design' });
    expect(within(picker).getByRole('button', { name: 'Bug' })).toHaveAttribute('aria-pressed', 'true');

    await user.type(within(picker).getByRole('textbox', { name: 'Search labels' }), 'do');
    expect(within(picker).queryByRole('button', { name: 'Bug' })).not.toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: 'Design' })).not.toBeInTheDocument();
    await user.click(within(picker).getByRole('button', { name: 'Docs' }));
    await waitFor(() => expect(sentIds(fetchMock)).toEqual([['l-1', 'l-3']]));
    await waitFor(() =>
      expect(within(picker).getByRole('button', { name: 'Docs' })).toHaveAttribute('aria-pressed', 'true'),
    );

    await user.click(within(picker).getByRole('button', { name: 'Docs' }));
    await waitFor(() => expect(sentIds(fetchMock)).toEqual([['l-1', 'l-3'], ['l-1']]));
    // Nobody but a manager may create a label.
    await user.type(within(picker).getByRole('textbox', { name: 'Search labels' }), 'zz');
    expect(within(picker).getByText('No labels match.')).toBeInTheDocument();
    expect(within(picker).queryByRole('button', { name: /^Create/ })).not.toBeInTheDocument();
  });

  it('lets a manager create a label from the search and puts it on the task', async () => {
    const fetchMock = serve({ canManage: true, initial: [] });
    const { user } = renderWithProviders(<TaskLabelsField taskId={TASK} productId={PRODUCT} canEdit />);
    expect(await screen.findByText('No labels')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit labels' }));
    const picker = await screen.findByRole('dialog');
    await within(picker).findByRole('button', { name: 'Bug' });
    await user.type(within(picker).getByRole('textbox', { name: 'Search labels' }), 'Backend');
    await user.click(within(picker).getByRole('button', { name: 'Create “Backend”' }));
    await waitFor(() => expect(sentIds(fetchMock)).toEqual([['l-new']]));
    const created = JSON.parse(
      String(callsTo(fetchMock, 'POST', `/api/projects/${PRODUCT}/labels`)[0]?.init?.body),
    );
    // The first colour of the palette no label uses yet.
    expect(created).toEqual({ name: 'Backend', color: '#64748b' });
  });
});
