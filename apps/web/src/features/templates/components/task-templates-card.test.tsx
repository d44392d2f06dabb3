import { type TaskTemplate, templateMessages } from '@shipyard/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deleteTemplateText, TaskTemplatesCard } from './task-templates-card.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PRODUCT = 'p-1';
const bugReport: TaskTemplate = {
  id: 't-1',
  productId: PRODUCT,
  name: 'Bug report',
  title: 'Bug:',
  description: '',
  priority: 'high',
  teamId: null,
  dueInDays: 2,
  parts: { checklist: ['Reproduce', 'Fix', 'Test'], labels: ['Bug'] },
  createdBy: 'u-1',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function serve(canManage: boolean) {
  return routeFetch({
    [`GET /api/projects/${PRODUCT}/task-templates`]: () =>
      jsonResponse(200, { data: [bugReport], canManage }),
    [`GET /api/projects/${PRODUCT}/labels`]: () =>
      jsonResponse(200, {
        data: [{ id: 'l-1', productId: PRODUCT, name: 'Bug', color: '#ef4444', tasks: 0 }],
      }),
    [`POST /api/projects/${PRODUCT}/task-templates`]: ({ init }) =>
      jsonResponse(201, { ...bugReport, id: 't-2', ...JSON.parse(String(init?.body)) }),
  });
}

describe('TaskTemplatesCard', () => {
  beforeEach(() => vi.clearAllMocks());

  it('lists the product’s templates with what each holds, without controls for those who do not manage it', async () => {
    serve(false);
    renderWithProviders(<TaskTemplatesCard productId={PRODUCT} readOnly={false} />);
    expect(await screen.findByText('Bug report')).toBeInTheDocument();
    expect(screen.getByText('“Bug:” · 3 checklist items · 1 label · due in 2 days')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New template' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for Bug report' })).not.toBeInTheDocument();
  });

  it('creates a template from the dialog, one checklist item a line', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<TaskTemplatesCard productId={PRODUCT} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task template' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Release');
    await user.type(within(dialog).getByRole('textbox', { name: 'Due in (days)' }), '5');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Checklist' }),
      'Tag{Enter}{Enter}  Announce  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    await vi.waitFor(() =>
      expect(callsTo(fetchMock, 'POST', `/api/projects/${PRODUCT}/task-templates`)).toHaveLength(1),
    );
    const sent = JSON.parse(
      String(callsTo(fetchMock, 'POST', `/api/projects/${PRODUCT}/task-templates`)[0]?.init?.body),
    );
    expect(sent).toMatchObject({
      name: 'Release',
      dueInDays: 5,
      priority: 'medium',
      parts: { labels: [], checklist: ['Tag', 'Announce'], subtasks: [] },
    });
  });

  it('says the name is needed and sends nothing without one', async () => {
    const fetchMock = serve(true);
    const { user } = renderWithProviders(<TaskTemplatesCard productId={PRODUCT} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = await screen.findByRole('dialog', { name: 'New task template' });
    await user.click(within(dialog).getByRole('button', { name: 'Create template' }));
    expect(await within(dialog).findByText('Name the template.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', `/api/projects/${PRODUCT}/task-templates`)).toHaveLength(0);
  });

  it("asks before deleting a template in the spec's words", () => {
    expect(deleteTemplateText('Bug report')).toBe(templateMessages.deleteConfirm('Bug report'));
  });
});
