import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SidebarProvider } from '../../../components/ui/sidebar.tsx';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PinnedViews } from './pinned-views.tsx';
import { makeView } from './test-views.ts';

describe('PinnedViews', () => {
  it('lists the pinned views with their counts, each opening the view, and links to all views', async () => {
    routeFetch({
      'GET /api/views': () =>
        jsonResponse(200, {
          data: [
            makeView({ id: 'v-1', name: 'Overdue', pinned: true, count: 4, query: 'due=overdue' }),
            makeView({ id: 'v-2', name: 'Not pinned', pinned: false }),
          ],
        }),
    });
    renderWithProviders(
      <SidebarProvider>
        <PinnedViews />
      </SidebarProvider>,
      { route: '/views/v-1' },
    );
    const link = await screen.findByRole('link', { name: 'Overdue, 4 tasks' });
    expect(link).toHaveAttribute('href', '/views/v-1?due=overdue');
    expect(link).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByText('Not pinned')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All views' })).toHaveAttribute('href', '/views');
  });

  it('says when nothing is pinned', async () => {
    routeFetch({ 'GET /api/views': () => jsonResponse(200, { data: [makeView()] }) });
    renderWithProviders(
      <SidebarProvider>
        <PinnedViews />
      </SidebarProvider>,
    );
    expect(await screen.findByRole('link', { name: 'All views (none pinned)' })).toBeInTheDocument();
  });
});
