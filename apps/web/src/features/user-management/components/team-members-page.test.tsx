import type { DirectoryMember } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, renderWithProviders } from '../../../test/render.tsx';
import { TeamMembersPage } from './team-members-page.tsx';
import { makeMember, memberList, VIEWER_ID } from './test-members.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

// The dialog has its own tests; here it only shows what it was opened with.
vi.mock('./team-member-form-dialog.tsx', () => ({
  TeamMemberFormDialog: ({ open, member }: { open: boolean; member?: DirectoryMember }) =>
    open ? <div role="dialog" aria-label={member ? `Edit ${member.name}` : 'New member'} /> : null,
}));

const LIST = 'GET /api/team/all-team-members';
const bea = makeMember();
const ada = makeMember({
  id: VIEWER_ID,
  name: 'Ada Admin',
  email: 'ada@example.com',
  role: 'admin',
  department: 'engineering',
  position: null,
  projects: [],
  projectCount: 0,
  skills: [],
});
const sam = makeMember({ id: 'u-sam', name: 'Sam Super', email: 'sam@example.com', role: 'super admin' });

function serve(members: DirectoryMember[] = [ada, bea], total?: number) {
  return routeFetch({ [LIST]: jsonResponse(200, memberList(members, { total })) });
}

/** The query of the latest list request, as a plain object. */
function lastQuery(fetchMock: ReturnType<typeof routeFetch>) {
  const last = callsTo(fetchMock, 'GET', '/api/team/all-team-members').at(-1);
  return Object.fromEntries(last?.url.searchParams ?? []);
}

function renderPage(route = '/team') {
  return renderWithProviders(<TeamMembersPage viewer={{ id: VIEWER_ID, role: 'admin' }} />, { route });
}

describe('TeamMembersPage', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('exports User Management as CSV with the search and department of the URL', async () => {
    const fetchMock = routeFetch({
      [LIST]: jsonResponse(200, memberList([ada, bea])),
      'GET /api/team/all-team-members.csv': () => new Response('\uFEFFname\r\n', { status: 200 }),
    });
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = renderPage('/team?search=ada&department=engineering');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/team/all-team-members.csv')).toHaveLength(1));
    const query = callsTo(fetchMock, 'GET', '/api/team/all-team-members.csv')[0]?.url.searchParams;
    expect(query?.get('search')).toBe('ada');
    expect(query?.get('department')).toBe('engineering');
  });

  it('shows the title, search, department filter, tabs, and a row per member with every column', async () => {
    const fetchMock = serve();
    renderPage();

    expect(screen.getByRole('heading', { level: 1, name: 'Team' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New User' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search team members' })).toHaveAttribute(
      'placeholder',
      'Search team members...',
    );
    expect(screen.getByRole('combobox', { name: 'Filter by department' })).toHaveTextContent(/^All$/);
    expect(screen.getByRole('tab', { name: 'List View' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Grid View' })).toHaveAttribute('aria-selected', 'false');

    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Department', 'Role', 'Projects', 'Skills', 'Actions']);
    const row = within(table).getByText('Bea Builder').closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('bea@example.com');
    expect(row).toHaveTextContent('Design');
    expect(row).toHaveTextContent('Member');
    expect(row).toHaveTextContent('Designer');
    const projects = within(row).getByRole('list', { name: 'Projects of Bea Builder' });
    expect(
      within(projects)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Apollo', 'Borealis', 'Comet', '+1and 1 more']);
    const skills = within(row).getByRole('list', { name: 'Skills of Bea Builder' });
    expect(
      within(skills)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Figma', 'CSS']);
    expect(screen.getByText('2 team members')).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toEqual({ page: '1', limit: '50' });
  });

  it('counts every product of a member in +N, not only the names it received', async () => {
    serve([makeMember({ projects: ['A', 'B', 'C', 'D'], projectCount: 14 })]);
    renderPage();
    const projects = await screen.findByRole('list', { name: 'Projects of Bea Builder' });
    expect(within(projects).getByText('+11')).toBeInTheDocument();
  });

  it('sends the search once typing pauses, and keeps it in the URL', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Bea Builder');

    await user.type(screen.getByRole('searchbox', { name: 'Search team members' }), '  Designer ');

    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ search: 'Designer', page: '1', limit: '50' }));
    expect(currentLocation()).toBe('/team?search=Designer');
  });

  it('offers All plus the eight stored departments, and filters by the one chosen', async () => {
    const fetchMock = serve();
    const { user } = renderPage();
    await screen.findByText('Bea Builder');

    await user.click(screen.getByRole('combobox', { name: 'Filter by department' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      'All',
      'Engineering',
      'Product',
      'Design',
      'Data',
      'Marketing',
      'Sales',
      'HR',
      'Other',
    ]);
    await user.click(screen.getByRole('option', { name: 'Design' }));

    await waitFor(() =>
      expect(lastQuery(fetchMock)).toEqual({ department: 'design', page: '1', limit: '50' }),
    );
    expect(currentLocation()).toBe('/team?department=design');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastQuery(fetchMock)).toEqual({ page: '1', limit: '50' }));
  });

  it('reads the search, department and tab from the URL', async () => {
    const fetchMock = serve();
    renderPage('/team?search=bea&department=HR&view=grid');

    expect(await screen.findByRole('list', { name: 'Team members' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search team members' })).toHaveValue('bea');
    expect(screen.getByRole('combobox', { name: 'Filter by department' })).toHaveTextContent('HR');
    expect(lastQuery(fetchMock)).toEqual({ search: 'bea', department: 'hr', page: '1', limit: '50' });
  });

  it('switches between List View and Grid View, the grid showing the same fields on cards', async () => {
    serve();
    const { user } = renderPage();
    await screen.findByRole('table', { name: 'Team members' });

    await user.click(screen.getByRole('tab', { name: 'Grid View' }));

    expect(currentLocation()).toBe('/team?view=grid');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Team members' })).getByRole('listitem', {
      name: 'Bea Builder',
    });
    expect(card).toHaveTextContent('bea@example.com');
    expect(card).toHaveTextContent('Design');
    expect(within(card).getByRole('list', { name: 'Projects of Bea Builder' })).toBeInTheDocument();
    expect(within(card).getByRole('list', { name: 'Skills of Bea Builder' })).toHaveTextContent('Figma');
    expect(within(card).getByRole('button', { name: 'Actions for Bea Builder' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'List View' }));
    expect(currentLocation()).toBe('/team');
    expect(screen.getByRole('table', { name: 'Team members' })).toBeInTheDocument();
  });

  it('offers Edit, Reset two-factor and Delete on others, only Edit on yourself, nothing on someone who outranks you', async () => {
    serve([ada, bea, sam]);
    const { user } = renderPage();
    await screen.findByText('Bea Builder');

    await user.click(screen.getByRole('button', { name: 'Actions for Bea Builder' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual([
      'Edit',
      'Reset two-factor',
      'Delete',
    ]);
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Actions for Ada Admin' }));
    expect(screen.getAllByRole('menuitem').map((i) => i.textContent)).toEqual(['Edit']);
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('button', { name: 'Actions for Sam Super' })).not.toBeInTheDocument();
  });

  it('opens the dialog empty from Add New User, and with the member from Edit', async () => {
    serve();
    const { user } = renderPage();
    await screen.findByText('Bea Builder');

    await user.click(screen.getByRole('button', { name: 'Add New User' }));
    expect(screen.getByRole('dialog', { name: 'New member' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for Bea Builder' }));
    await user.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Bea Builder' })).toBeInTheDocument();
  });

  it('loads the next page on Load more', async () => {
    const fifty = Array.from({ length: 50 }, (_, n) =>
      makeMember({ id: `u-${n}`, name: `Person ${String(n).padStart(2, '0')}`, email: `p${n}@example.com` }),
    );
    const first = memberList(fifty, { total: 51 });
    const second = memberList([bea], { total: 51, page: 2 });
    const fetchMock = routeFetch({
      [LIST]: ({ url }) => jsonResponse(200, url.searchParams.get('page') === '2' ? second : first),
    });
    const { user } = renderPage();
    await screen.findByText('Person 00');

    await user.click(screen.getByRole('button', { name: 'Load more (50 of 51)' }));

    expect(await screen.findByText('Bea Builder')).toBeInTheDocument();
    expect(lastQuery(fetchMock)).toEqual({ page: '2', limit: '50' });
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
  });

  it('shows a skeleton while loading, then the empty state with its next action', async () => {
    serve([]);
    const { user } = renderPage('/team?department=sales');
    expect(document.querySelector('[data-slot="skeleton"]')).not.toBeNull();

    expect(await screen.findByText('No team members found')).toBeInTheDocument();
    expect(screen.getByText('No one matches this search and department.')).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear.at(-1) as HTMLElement);
    expect(currentLocation()).toBe('/team');
  });

  it('shows the error with a way to try again when the list fails', async () => {
    const fetchMock = routeFetch({
      [LIST]: apiError(403, 'FORBIDDEN', 'You do not have permission to do this.'),
    });
    const { user } = renderPage();

    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have permission to do this.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/team/all-team-members')).toHaveLength(2));
  });
});
