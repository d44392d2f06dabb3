import { addDays, type Report, type ReportType } from '@shipyard/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { attachmentFileName } from '../../../lib/download.ts';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, deferred, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { choose } from '../../../test/user-input.ts';
import { localDay } from './report-format.ts';
import { ReportsPage } from './reports-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const today = localDay();

function makeReport(type: ReportType, overrides: Partial<Report> = {}): Report {
  return {
    type,
    title: 'Project Status',
    from: addDays(today, -89),
    to: today,
    generatedAt: '2026-03-01T12:00:00.000Z',
    summary: [
      { key: 'products', label: 'Products', value: 3, kind: 'number' },
      { key: 'averageProgress', label: 'Average progress', value: 42, kind: 'percent' },
      { key: 'averageDaysLate', label: 'Average days late', value: 2.5, kind: 'days' },
      { key: 'topTeam', label: 'Most completed (team)', value: null, kind: 'text' },
    ],
    table: {
      columns: [
        { key: 'product', label: 'Product', kind: 'text' },
        { key: 'progress', label: 'Progress', kind: 'percent' },
        { key: 'targetEndDate', label: 'Target end date', kind: 'date' },
        { key: 'tasks', label: 'Tasks', kind: 'number' },
      ],
      rows: [
        { product: 'Apollo', progress: 50, targetEndDate: '2026-06-30', tasks: 1200 },
        { product: 'Borealis', progress: 0, targetEndDate: '2026-01-31', tasks: 0 },
      ],
      truncated: false,
    },
    charts: [
      {
        key: 'products-by-status',
        kind: 'pie',
        title: 'Products by status',
        categoryKey: 'status',
        categoryLabel: 'Status',
        series: [{ key: 'products', label: 'Products', tone: 'accent' }],
        data: [
          { status: 'Planning', products: 2, tone: 'planning' },
          { status: 'Testing', products: 1, tone: 'testing' },
        ],
      },
      {
        key: 'completed-per-week',
        kind: 'line',
        title: 'Tasks completed per week',
        categoryKey: 'week',
        categoryLabel: 'Week of',
        series: [{ key: 'completed', label: 'Completed', tone: 'accent' }],
        data: [
          { week: '2026-02-02', completed: 0 },
          { week: '2026-02-09', completed: 0 },
        ],
      },
    ],
    ...overrides,
  };
}

/** Answers every report type with `makeReport`, echoing the period asked for. */
function serve(overrides: Partial<Report> = {}) {
  const answer =
    (type: ReportType) =>
    ({ url }: { url: URL }) =>
      jsonResponse(
        200,
        makeReport(type, {
          from: url.searchParams.get('from') ?? '',
          to: url.searchParams.get('to') ?? '',
          ...overrides,
        }),
      );
  return routeFetch({
    'GET /api/reports/project-status': answer('project-status'),
    'GET /api/reports/team-productivity': answer('team-productivity'),
    'GET /api/reports/milestone-analysis': answer('milestone-analysis'),
    'GET /api/reports/resource-allocation': answer('resource-allocation'),
    'GET /api/reports/project-status.csv': new Response('Product,Progress\r\nApollo,50\r\n', {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': 'attachment; filename="shipyard-project-status-2026-01-01-to-2026-03-31.csv"',
      },
    }),
  });
}

const lastRequest = (fetchMock: ReturnType<typeof routeFetch>) => {
  const calls = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
  const last = calls.filter((u) => !u.pathname.endsWith('.csv')).at(-1);
  return { path: last?.pathname, from: last?.searchParams.get('from'), to: last?.searchParams.get('to') };
};

describe('ReportsPage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks for Project Status over the last 90 days at first, and draws its charts with a text alternative', async () => {
    const fetchMock = serve();
    renderWithProviders(<ReportsPage />, { route: '/reports' });

    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Report type' })).toHaveTextContent('Project Status');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Last 90 days');
    expect(screen.getByRole('tab', { name: 'Charts', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading report');

    const pie = await screen.findByRole('figure', { name: 'Products by status' });
    expect(lastRequest(fetchMock)).toEqual({
      path: '/api/reports/project-status',
      from: addDays(today, -89),
      to: today,
    });
    // The figures as a table for screen readers.
    const alternative = within(pie).getByRole('table', { name: 'Products by status' });
    expect(
      within(alternative)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['StatusProducts', 'Planning2', 'Testing1']);
    // A series of zeros has nothing to draw.
    const weekly = screen.getByRole('figure', { name: 'Tasks completed per week' });
    expect(within(weekly).getByText('Nothing to chart for this period')).toBeInTheDocument();
  });

  it('asks for another report and period when the selectors change', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(<ReportsPage />, { route: '/reports' });
    await screen.findByRole('figure', { name: 'Products by status' });

    await choose(user, 'Report type', 'Team Productivity');
    await waitFor(() => expect(lastRequest(fetchMock).path).toBe('/api/reports/team-productivity'));
    expect(screen.getByRole('heading', { level: 2, name: 'Team Productivity' })).toBeInTheDocument();

    await choose(user, 'Period', 'Last 30 days');
    await waitFor(() =>
      expect(lastRequest(fetchMock)).toEqual({
        path: '/api/reports/team-productivity',
        from: addDays(today, -29),
        to: today,
      }),
    );

    await choose(user, 'Period', 'Last 365 days');
    await waitFor(() => expect(lastRequest(fetchMock).from).toBe(addDays(today, -364)));
  });

  it('takes a custom range from the dates on screen, follows the inputs, and waits for a valid one', async () => {
    const fetchMock = serve();
    const { user } = renderWithProviders(<ReportsPage />, { route: '/reports?period=30' });
    await screen.findByRole('figure', { name: 'Products by status' });

    await choose(user, 'Period', 'Custom range');
    expect(screen.getByLabelText('From')).toHaveValue(addDays(today, -29));
    expect(screen.getByLabelText('To')).toHaveValue(today);
    // A date picker commits a whole date at once.
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-01-15' } });
    await waitFor(() => expect(lastRequest(fetchMock)).toMatchObject({ from: '2025-01-15', to: today }));

    const before = fetchMock.mock.calls.length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-01-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The start date must be on or before the end date.',
    );
    expect(screen.getByRole('button', { name: 'Generate Report' })).toBeDisabled();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a date as YYYY-MM-DD.');
    expect(fetchMock.mock.calls.length).toBe(before);
  });

  it('shows the rows under their columns in Tables, and the figures in Summary', async () => {
    serve();
    const { user } = renderWithProviders(<ReportsPage />, { route: '/reports' });
    await screen.findByRole('figure', { name: 'Products by status' });

    await user.click(screen.getByRole('tab', { name: 'Tables' }));
    const table = await screen.findByRole('table', { name: /^Project Status,/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Product', 'Progress', 'Target end date', 'Tasks']);
    const [, apollo] = within(table).getAllByRole('row');
    expect(
      within(apollo as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Apollo',
      '50%',
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(2026, 5, 30)),
      new Intl.NumberFormat().format(1200),
    ]);

    await user.click(screen.getByRole('tab', { name: 'Summary' }));
    const figures = await screen.findByRole('list', { name: 'Summary figures' });
    const card = (label: string) => within(figures).getByRole('heading', { name: label }).closest('li');
    expect(card('Products')).toHaveTextContent('3');
    expect(card('Average progress')).toHaveTextContent('42%');
    expect(card('Average days late')).toHaveTextContent(`${(2.5).toLocaleString()} days`);
    expect(card('Most completed (team)')).toHaveTextContent('—');
  });

  it('says so when the period holds no data, and points to the products', async () => {
    serve({ table: { columns: [], rows: [], truncated: false } });
    renderWithProviders(<ReportsPage />, { route: '/reports' });

    expect(await screen.findByText('No data for this period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Products' })).toHaveAttribute('href', '/products');
  });

  it('shows an error with Try again when the report fails to load', async () => {
    let fail = true;
    const gate = deferred<void>();
    routeFetch({
      'GET /api/reports/project-status': async () => {
        await gate.promise;
        return fail
          ? apiError(500, 'INTERNAL', 'An error occurred on the server.')
          : jsonResponse(200, makeReport('project-status'));
      },
    });
    const { user } = renderWithProviders(<ReportsPage />, { route: '/reports' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading report');
    gate.resolve();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the report');
    expect(alert).toHaveTextContent('An error occurred on the server.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('figure', { name: 'Products by status' })).toBeInTheDocument();
  });

  it("Generate Report fetches the CSV with the session and saves it under the server's file name", async () => {
    const fetchMock = serve();
    const createObjectURL = vi.fn((_: Blob) => 'blob:report');
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    onTestFinished(() => {
      Object.assign(URL, original);
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderWithProviders(<ReportsPage />, {
      route: '/reports?type=project-status&period=30',
    });
    await screen.findByRole('figure', { name: 'Products by status' });

    await user.click(screen.getByRole('button', { name: 'Generate Report' }));

    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [csv] = callsTo(fetchMock, 'GET', '/api/reports/project-status.csv');
    expect(Object.fromEntries(csv?.url.searchParams ?? [])).toEqual({ from: addDays(today, -29), to: today });
    expect(csv?.init?.credentials).toBe('include');
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('shipyard-project-status-2026-01-01-to-2026-03-31.csv');
    expect(link.href).toBe('blob:report');
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('Product,Progress\r\nApollo,50\r\n');
    expect(toast.success).toHaveBeenCalledWith('Report downloaded', {
      description: 'shipyard-project-status-2026-01-01-to-2026-03-31.csv',
    });
    click.mockRestore();
  });

  it('toasts the failure when the CSV cannot be generated', async () => {
    const fetchMock = serve();
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('.csv'))
        return apiError(403, 'FORBIDDEN', 'Only super admins can view reports.');
      return jsonResponse(200, makeReport('project-status'));
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = renderWithProviders(<ReportsPage />, { route: '/reports' });
    await screen.findByRole('figure', { name: 'Products by status' });

    await user.click(screen.getByRole('button', { name: 'Generate Report' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to generate report', {
        description: 'Only super admins can view reports.',
      }),
    );
    expect(click).not.toHaveBeenCalled();
    click.mockRestore();
  });
});

describe('attachmentFileName', () => {
  it('reads the quoted, bare and UTF-8 forms', () => {
    expect(attachmentFileName('attachment; filename="a b.csv"')).toBe('a b.csv');
    expect(attachmentFileName('attachment; filename=plain.csv')).toBe('plain.csv');
    expect(attachmentFileName(`attachment; filename="x.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe(
      'résumé.csv',
    );
    expect(attachmentFileName(null)).toBeUndefined();
  });
});
