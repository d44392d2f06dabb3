import type { Field } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TaskFieldsSection } from './task-fields-section.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PRODUCT = 'p-1';
const TASK = 't-1';
const base = { productId: PRODUCT, showOnCards: false, options: [] };
const fields: Field[] = [
  {
    ...base,
    id: 'f-1',
    name: 'Severity',
    type: 'select',
    position: 0,
    options: [
      { id: 'o-1', name: 'Low', color: '#22c55e' },
      { id: 'o-2', name: 'High', color: '#ef4444' },
    ],
  },
  { ...base, id: 'f-2', name: 'Estimate', type: 'number', position: 1 },
  { ...base, id: 'f-3', name: 'Signed off', type: 'checkbox', position: 2 },
];

function serve(status = 200) {
  return routeFetch({
    [`GET /api/projects/${PRODUCT}/fields`]: () => jsonResponse(200, { data: fields, canManage: false }),
    [`PUT /api/tasks/${TASK}/fields`]: ({ init }) =>
      status === 200
        ? jsonResponse(200, { taskId: TASK, fields: JSON.parse(String(init?.body)).fields })
        : jsonResponse(status, { error: 'Bad Request', message: 'Estimate must be a number' }),
  });
}
const sent = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, 'PUT', `/api/tasks/${TASK}/fields`).map((c) => JSON.parse(String(c.init?.body)).fields);

describe('TaskFieldsSection', () => {
  it('shows each field of the product with the task’s value and saves a change by type', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(
      <TaskFieldsSection taskId={TASK} productId={PRODUCT} values={{ 'f-1': 'o-2', 'f-2': 3 }} canEdit />,
    );
    expect(await screen.findByRole('heading', { name: 'Fields' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveTextContent('High');
    const estimate = screen.getByRole('spinbutton', { name: 'Estimate' });
    expect(estimate).toHaveValue(3);

    await user.clear(estimate);
    await user.type(estimate, '5{Enter}');
    await waitFor(() => expect(sent(fetchMock)).toEqual([{ 'f-2': 5 }]));

    await user.click(screen.getByRole('checkbox', { name: 'Signed off' }));
    await waitFor(() => expect(sent(fetchMock).at(-1)).toEqual({ 'f-3': true }));
  });

  it('is read-only for whoever may not edit the task, and absent without fields', async () => {
    serve();
    renderWithProviders(<TaskFieldsSection taskId={TASK} productId={PRODUCT} values={{}} canEdit={false} />);
    expect(await screen.findByRole('spinbutton', { name: 'Estimate' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Signed off' })).toBeDisabled();
  });
});
