import type { Task } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatDate } from '../../../lib/format.ts';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MyWorkCard } from './my-work-card.tsx';

const task = (id: string, title: string, dueDate: string | null = null) =>
  ({ id, title, dueDate, status: 'Pending' }) as Task;

function serve() {
  return routeFetch({
    'GET /api/tasks/all': ({ url }) => {
      const p = url.searchParams;
      if (p.get('due') === 'overdue')
        return jsonResponse(200, {
          data: [
            task('t-1', 'Fix the double charge', '2026-01-02'),
            task('t-2', 'Renew the certificate', '2026-01-05'),
          ],
          total: 7,
          nextCursor: 'c',
        });
      if (p.get('due') === 'week') return jsonResponse(200, { data: [], total: 0, nextCursor: null });
      return jsonResponse(200, {
        data: [task('t-3', 'Write the release notes')],
        total: 1,
        nextCursor: null,
      });
    },
  });
}

const list = (name: string) => {
  const section = screen.getByRole('heading', { name: new RegExp(`^${name}`) }).closest('section');
  if (!section) throw new Error(`no list ${name}`);
  return section;
};

describe('MyWorkCard (issue 28)', () => {
  it('shows my overdue, due this week and in progress, each with its count and a link to /tasks filtered', async () => {
    const fetchMock = serve();
    renderWithProviders(<MyWorkCard />);

    expect(await screen.findByText('Fix the double charge')).toBeInTheDocument();
    expect(await screen.findByText('Write the release notes')).toBeInTheDocument();

    const overdue = list('Overdue');
    expect(within(overdue).getByRole('heading')).toHaveTextContent('Overdue7');
    expect(within(overdue).getByRole('link', { name: 'Fix the double charge' })).toHaveAttribute(
      'href',
      '/tasks/t-1',
    );
    expect(within(overdue).getByText(formatDate('2026-01-02'))).toBeInTheDocument();
    expect(within(overdue).getByRole('link', { name: 'View all overdue' })).toHaveAttribute(
      'href',
      '/tasks?assignee=me&due=overdue&status=pending,in-progress&sort=due&order=asc',
    );

    const week = list('Due this week');
    expect(within(week).getByText('Nothing due this week.')).toBeInTheDocument();
    expect(within(week).getByRole('link', { name: 'View all due this week' })).toHaveAttribute(
      'href',
      '/tasks?assignee=me&due=week&status=pending,in-progress&sort=due&order=asc',
    );

    const progress = list('In progress');
    expect(within(progress).getByRole('heading')).toHaveTextContent('In progress1');
    expect(within(progress).getByRole('link', { name: 'View all in progress' })).toHaveAttribute(
      'href',
      '/tasks?assignee=me&status=in-progress&sort=updated&order=desc',
    );

    // Each list asks for my tasks only, a few of them, from the browser's date.
    const queries = callsTo(fetchMock, 'GET', '/api/tasks/all').map(({ url }) =>
      Object.fromEntries(url.searchParams),
    );
    expect(queries).toHaveLength(3);
    for (const query of queries) {
      expect(query).toMatchObject({ assignee: 'me', limit: '5', today: format(new Date(), 'yyyy-MM-dd') });
    }
  });

  it('says what went wrong when a list cannot load', async () => {
    routeFetch({ 'GET /api/tasks/all': jsonResponse(500, { message: 'Database unavailable' }) });
    renderWithProviders(<MyWorkCard />);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(3));
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent('Database unavailable');
  });
});
