import type { Field } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { productOptionsPage } from '../../../test/product-fixtures.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { layOutScrollAreas } from '../../../test/virtual-layout.ts';
import { TasksPage } from './tasks-page.tsx';
import { makeTask, taskList } from './test-tasks.ts';

// Issue 29 on /tasks: custom fields as filter chips and in the sort and group menus, in the URL.

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const SEVERITY = '11111111-1111-4111-8111-111111111111';
const ESTIMATE = '22222222-2222-4222-8222-222222222222';
const CUSTOMER = '33333333-3333-4333-8333-333333333333';
const P1 = '44444444-4444-4444-8444-444444444444';
const P2 = '55555555-5555-4555-8555-555555555555';

const field = (f: Partial<Field> & Pick<Field, 'id' | 'name' | 'type' | 'productId'>): Field => ({
  options: [],
  showOnCards: false,
  position: 0,
  ...f,
});
const fields: Field[] = [
  field({
    id: SEVERITY,
    productId: P1,
    name: 'Severity',
    type: 'select',
    options: [
      { id: 'low', name: 'Low', color: '#22c55e' },
      { id: 'high', name: 'High', color: '#ef4444' },
    ],
  }),
  field({ id: CUSTOMER, productId: P1, name: 'Customer', type: 'text', position: 1 }),
  field({ id: ESTIMATE, productId: P2, name: 'Estimate', type: 'number' }),
];

function serve() {
  return routeFetch({
    'GET /api/tasks/all': () =>
      jsonResponse(200, taskList([makeTask({ id: 't-1', title: 'Wire the radio' })])),
    'GET /api/projects': jsonResponse(
      200,
      productOptionsPage({ id: P1, name: 'Apollo' }, { id: P2, name: 'Borealis' }),
    ),
    'GET /api/fields': jsonResponse(200, { data: fields }),
  });
}

const lastFieldParams = (fetchMock: ReturnType<typeof routeFetch>) =>
  callsTo(fetchMock, 'GET', '/api/tasks/all').at(-1)?.url.searchParams.getAll('field');

/** The browser's Back button. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

const renderPage = (route = '/tasks') =>
  renderWithProviders(
    <>
      <TasksPage viewer={{ id: 'u-1', role: 'member' }} />
      <BackButton />
    </>,
    { route },
  );

const search = () => new URLSearchParams(currentLocation().split('?')[1] ?? '');

describe('TasksPage: custom fields (issue 29)', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    layOutScrollAreas();
  });

  it('adds a field filter per field of every product in sight, labelled with its product, kept in the URL', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Custom fields')).toBeInTheDocument();
    for (const name of ['Severity · Apollo', 'Customer · Apollo', 'Estimate · Borealis']) {
      expect(within(menu).getByRole('menuitem', { name })).toBeInTheDocument();
    }
    await user.click(within(menu).getByRole('menuitem', { name: 'Severity · Apollo' }));
    const editor = await screen.findByRole('dialog', { name: 'Severity · Apollo filter' });
    await user.click(within(editor).getByRole('button', { name: 'High' }));
    await user.click(within(editor).getByRole('button', { name: 'Low' }));
    expect(search().getAll('field')).toEqual([`${SEVERITY}:is:high,low`]);
    await waitFor(() => expect(lastFieldParams(fetchMock)).toEqual([`${SEVERITY}:is:high,low`]));
    await user.click(within(editor).getByRole('button', { name: 'No value' }));
    expect(search().getAll('field')).toEqual([`${SEVERITY}:empty`]);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Severity · Apollo filter: No value' })).toBeInTheDocument();

    // A number: at least / at most, each its own filter, ANDed.
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Estimate · Borealis' }));
    const range = await screen.findByRole('dialog', { name: 'Estimate · Borealis filter' });
    await user.type(within(range).getByLabelText('At least (≥)'), '3');
    await user.type(within(range).getByLabelText('At most (≤)'), '8');
    expect(search().getAll('field')).toEqual([`${SEVERITY}:empty`, `${ESTIMATE}:gte:3`, `${ESTIMATE}:lte:8`]);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Estimate · Borealis filter: ≥ 3, ≤ 8' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Severity · Apollo filter' }));
    expect(search().getAll('field')).toEqual([`${ESTIMATE}:gte:3`, `${ESTIMATE}:lte:8`]);
    await waitFor(() =>
      expect(lastFieldParams(fetchMock)).toEqual([`${ESTIMATE}:gte:3`, `${ESTIMATE}:lte:8`]),
    );
  });

  it('keeps one history entry for a number bound typed, so Back leaves the filter and not each digit', async () => {
    serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Estimate · Borealis' }));
    const range = await screen.findByRole('dialog', { name: 'Estimate · Borealis filter' });
    await user.type(within(range).getByLabelText('At least (≥)'), '120');
    expect(search().getAll('field')).toEqual([`${ESTIMATE}:gte:120`]);
    await user.type(within(range).getByLabelText('At most (≤)'), '400');
    expect(search().getAll('field')).toEqual([`${ESTIMATE}:gte:120`, `${ESTIMATE}:lte:400`]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(search().getAll('field')).toEqual([`${ESTIMATE}:gte:120`]);
    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(currentLocation()).toBe('/tasks');
  });

  it('shows on each row the values of its product’s fields shown on cards, a person by the page’s name (issue 29)', async () => {
    const OWNER = '66666666-6666-4666-8666-666666666666';
    const MIA = '77777777-7777-4777-8777-777777777777';
    const shown: Field[] = [
      { ...fields[0], showOnCards: true } as Field,
      field({ id: OWNER, productId: P1, name: 'Owner', type: 'person', showOnCards: true, position: 2 }),
      // Not shown on cards: its value stays on the task's page.
      fields[1] as Field,
    ];
    routeFetch({
      'GET /api/tasks/all': () =>
        jsonResponse(
          200,
          taskList(
            [
              makeTask({
                id: 't-1',
                title: 'Wire the radio',
                projectId: P1,
                fields: { [SEVERITY]: 'high', [OWNER]: MIA, [CUSTOMER]: 'Acme' },
              }),
            ],
            { people: [{ id: MIA, name: 'Mia Wong' }] },
          ),
        ),
      'GET /api/projects': jsonResponse(200, productOptionsPage({ id: P1, name: 'Apollo' })),
      'GET /api/fields': jsonResponse(200, { data: shown }),
    });
    renderPage();
    const row = (await screen.findByText('Wire the radio')).closest('tr');
    if (!row) throw new Error('no row');
    const chips = await within(row).findByRole('list', { name: 'Fields' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Severity: High', 'Owner: Mia Wong']);
    expect(row).not.toHaveTextContent('Acme');
  });

  it('offers only the chosen product’s fields, by name, and reads a link’s field filters as chips', async () => {
    serve();
    const { user } = renderPage(`/tasks?productId=${P1}&field=${CUSTOMER}:set`);
    expect(await screen.findByRole('button', { name: 'Customer filter: Is set' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Severity' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: /Estimate/ })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Customer' })).not.toBeInTheDocument();
  });

  it('sorts by a number, date or select field and groups by a select, person or checkbox field', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Wire the radio');

    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    expect(screen.queryByRole('menuitemradio', { name: /Customer/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitemradio', { name: 'Estimate · Borealis' }));
    expect(screen.getByRole('button', { name: 'Sort: Estimate · Borealis, descending' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Group by:/ }));
    expect(screen.queryByRole('menuitemradio', { name: /Estimate/ })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('menuitemradio', { name: 'Severity · Apollo' }));

    expect(Object.fromEntries(search())).toEqual({
      sort: 'field',
      sortField: ESTIMATE,
      group: 'field',
      groupField: SEVERITY,
    });
    await waitFor(() =>
      expect(
        Object.fromEntries(callsTo(fetchMock, 'GET', '/api/tasks/all').at(-1)?.url.searchParams ?? []),
      ).toMatchObject({ sort: 'field', sortField: ESTIMATE, group: 'field', groupField: SEVERITY }),
    );

    // Back to a plain sort: the field leaves the URL.
    await user.click(screen.getByRole('button', { name: /^Sort:/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Title' }));
    expect(search().get('sort')).toBe('title');
    expect(search().has('sortField')).toBe(false);
  });
});
