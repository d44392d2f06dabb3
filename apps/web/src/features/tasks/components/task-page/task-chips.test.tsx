import type { Role, Task, TaskDetail } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { makeTaskOptions, PRODUCT_ID } from '../test-tasks.ts';
import { TaskPage } from './task-page.tsx';
import { makeDetail, none, task } from './test-task-detail.ts';

vi.mock('../../../../lib/toast.ts', () => ({
  toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() },
}));

// Issue 33: on a phone (below 768 px) the task's properties are chips under its title.

const member = { id: 'u-1', role: 'member' as Role };

/** The viewport's width as the media queries see it. */
function stubViewport(width: number) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => {
      const max = /max-width:\s*(\d+)px/.exec(query)?.[1];
      return {
        matches: max !== undefined && width <= Number(max),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      };
    }),
  );
}

function renderPage(detail: TaskDetail, viewer = member, routes = {}) {
  const fetchMock = routeFetch({ 'GET /api/tasks/t-1/detail': jsonResponse(200, detail), ...routes });
  const result = renderWithProviders(<TaskPage taskId="t-1" viewer={viewer} />, { route: '/tasks/t-1' });
  return { ...result, fetchMock };
}

const chips = () => screen.findByRole('list', { name: 'Properties' });

describe('the task page on a phone', () => {
  beforeEach(() => stubViewport(390));

  it('shows the properties as chips under the title, and folds the side panel away until asked', async () => {
    const { user } = renderPage(makeDetail({ task: { ...task, dueDate: '2030-05-06', estimate: '3' } }));
    const list = await chips();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'In Progress',
      'High',
      'Unassigned',
      expect.stringContaining('2030'),
      'Labels',
      'No phase',
      'Design',
      '3',
      'Apollo',
      'All properties',
    ]);
    expect(within(list).getByRole('link', { name: 'Product: Apollo' })).toHaveAttribute(
      'href',
      `/products/${PRODUCT_ID}`,
    );
    // The title comes first, then the chips: they are part of its header.
    const heading = screen.getByRole('heading', { level: 1, name: /Wire the radio/ });
    expect(heading.compareDocumentPosition(list) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const panel = document.getElementById('task-properties-panel');
    expect(panel).not.toBeVisible();
    const more = within(list).getByRole('button', { name: 'All properties' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(panel).toBeVisible();
    expect(within(list).getByRole('button', { name: 'Fewer properties' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('changes the status from its chip with the side panel’s save', async () => {
    // A little server: the page reads the detail again after the save.
    let stored: Task = { ...task, status: 'Pending' };
    const { user, fetchMock } = renderPage(makeDetail({ task: stored }), member, {
      'GET /api/tasks/t-1/detail': () => jsonResponse(200, makeDetail({ task: stored })),
      'PATCH /api/tasks/t-1/task/update': () => {
        stored = { ...stored, status: 'In Progress' };
        return jsonResponse(200, {
          ...stored,
          previous: { status: 'Pending', stateId: null, afterId: null, beforeId: null },
        });
      },
    });
    const status = within(await chips()).getByRole('combobox', { name: 'Status: Pending' });
    await user.click(status);
    await user.click(await screen.findByRole('option', { name: /In Progress/ }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/task/update')).toHaveLength(1));
    const [move] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/task/update');
    expect(JSON.parse(String(move?.init?.body))).toEqual({ status: 'In Progress' });
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Properties' }))
          .getAllByRole('combobox')
          .map((c) => c.getAttribute('aria-label')),
      ).toContain('Status: In Progress'),
    );
  });

  it('assigns from its chip: the people load when it opens, the choice is saved', async () => {
    const options = makeTaskOptions();
    const person = options.assignees[0];
    if (!person) throw new Error('the options have no assignee');
    let stored = task;
    const { user, fetchMock } = renderPage(makeDetail(), member, {
      'GET /api/tasks/t-1/detail': () => jsonResponse(200, makeDetail({ task: stored })),
      [`GET /api/tasks/${PRODUCT_ID}/options`]: jsonResponse(200, options),
      'PATCH /api/tasks/t-1/update': () => {
        stored = {
          ...task,
          assigneeId: person.id,
          assignee: { id: person.id, name: person.name, avatar_url: null },
        };
        return jsonResponse(200, stored);
      },
    });
    const list = await chips();
    expect(callsTo(fetchMock, 'GET', `/api/tasks/${PRODUCT_ID}/options`)).toHaveLength(0);
    await user.click(within(list).getByRole('combobox', { name: 'Assignee: Unassigned' }));
    await user.click(await screen.findByRole('option', { name: person.name }));
    await waitFor(() => expect(callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update')).toHaveLength(1));
    const [patch] = callsTo(fetchMock, 'PATCH', '/api/tasks/t-1/update');
    expect(JSON.parse(String(patch?.init?.body))).toEqual({ assigneeId: person.id });
    expect(
      await within(list).findByRole('combobox', { name: `Assignee: ${person.name}` }),
    ).toBeInTheDocument();
  });

  it('opens the keyboard’s label picker from the Labels chip', async () => {
    const { user } = renderPage(makeDetail(), member, {
      [`GET /api/projects/${PRODUCT_ID}/labels`]: jsonResponse(200, {
        data: [{ id: 'l-1', name: 'Bug', color: '#ef4444' }],
        canManage: false,
      }),
    });
    await user.click(within(await chips()).getByRole('button', { name: 'Labels: none' }));
    expect(await screen.findByRole('option', { name: 'Bug' })).toBeInTheDocument();
  });

  it('shows a viewer who may change nothing the same chips without pickers', async () => {
    renderPage(makeDetail({ permissions: none }), { id: 'u-9', role: 'guest' });
    const list = await chips();
    expect(within(list).queryByRole('combobox')).not.toBeInTheDocument();
    const texts = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(texts).toEqual(
      expect.arrayContaining(['Status: In Progress', 'Priority: High', 'Assignee: Unassigned']),
    );
    expect(within(list).queryByRole('button', { name: /^Labels/ })).not.toBeInTheDocument();
  });

  it('keeps the desktop page as it was from 768 px up: the side panel, no chips', async () => {
    stubViewport(1440);
    renderPage(makeDetail());
    expect(await screen.findByRole('complementary', { name: 'Properties' })).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Properties' })).not.toBeInTheDocument();
  });
});
