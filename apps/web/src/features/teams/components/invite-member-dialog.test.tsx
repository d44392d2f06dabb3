import { peopleSearchHint } from '@shipyard/shared';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { InviteMemberDialog, searchHintText } from './invite-member-dialog.tsx';
import { makeCandidate, makeMember, PRODUCT_ID, TEAM_ID } from './test-teams.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CANDIDATES_PATH = `/api/team/${TEAM_ID}/candidates`;
const INVITE_PATH = `/api/team/${TEAM_ID}/${PRODUCT_ID}/invite`;

const linus = makeCandidate({ id: 'u-linus', name: 'Linus Torvalds', email: 'linus@example.com' });
const margaret = makeCandidate({
  id: 'u-margaret',
  name: 'Margaret Hamilton',
  email: 'margaret@example.com',
});

/** The candidates endpoint, matching name or e-mail like the server does. */
function candidatesAnswer({ url }: { url: URL }) {
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const data = [linus, margaret].filter(
    (c) => c.name.toLowerCase().includes(search) || c.email.toLowerCase().includes(search),
  );
  return jsonResponse(200, { data, restricted: false });
}

/**
 * The endpoint as a lead who is not an admin sees it (decision 010): nobody for a short search,
 * people by the start of a name with masked e-mails.
 */
function restrictedAnswer({ url }: { url: URL }) {
  const search = (url.searchParams.get('search') ?? '').toLowerCase();
  const data =
    search.length < 3
      ? []
      : [linus, margaret]
          .filter((c) => c.name.toLowerCase().startsWith(search))
          .map((c) => ({ ...c, email: `${c.email[0]}•••@example.com` }));
  return jsonResponse(200, { data, restricted: true });
}

function renderDialog() {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(
    <InviteMemberDialog teamId={TEAM_ID} productId={PRODUCT_ID} open onOpenChange={onOpenChange} />,
  );
  return { ...result, onOpenChange };
}

async function chooseRole(user: UserEvent, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Role' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('InviteMemberDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it("opens as 'Add Team Member' with the spec's description and lists who could be invited", async () => {
    routeFetch({ [`GET ${CANDIDATES_PATH}`]: candidatesAnswer });
    const { user } = renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Add Team Member' });
    expect(dialog).toHaveAccessibleDescription('Invite an existing user to join your team.');
    expect(await within(dialog).findByRole('radio', { name: /Linus Torvalds/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('radio', { name: /Margaret Hamilton/ })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Manager',
      'Developer',
      'Designer',
      'QA Engineer',
    ]);
  });

  it('searches the candidates once typing stops', async () => {
    const fetchMock = routeFetch({ [`GET ${CANDIDATES_PATH}`]: candidatesAnswer });
    const { user } = renderDialog();
    await screen.findByRole('radio', { name: /Linus Torvalds/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'marg');

    await waitFor(() =>
      expect(screen.queryByRole('radio', { name: /Linus Torvalds/ })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('radio', { name: /Margaret Hamilton/ })).toBeInTheDocument();
    const searches = callsTo(fetchMock, 'GET', CANDIDATES_PATH).map(({ url }) =>
      url.searchParams.get('search'),
    );
    // One call on opening, one for the settled text: not one per keystroke.
    expect(searches).toEqual([null, 'marg']);
  });

  it('says so when nobody matches', async () => {
    routeFetch({ [`GET ${CANDIDATES_PATH}`]: candidatesAnswer });
    const { user } = renderDialog();
    await screen.findByRole('radio', { name: /Linus Torvalds/ });

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');

    expect(await screen.findByText('No users match “zzz”.')).toBeInTheDocument();
  });

  it("asks for a user and a role with the spec's texts, and sends nothing", async () => {
    const fetchMock = routeFetch({ [`GET ${CANDIDATES_PATH}`]: candidatesAnswer });
    const { user } = renderDialog();
    await screen.findByRole('radio', { name: /Linus Torvalds/ });

    await user.click(screen.getByRole('button', { name: 'Send Invite' }));

    expect(await screen.findByText('User ID is required')).toBeInTheDocument();
    expect(screen.getByText('Role is required')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveFocus();
    expect(callsTo(fetchMock, 'POST', INVITE_PATH)).toHaveLength(0);
  });

  it("sends the picked user's id and the role in lowercase, toasts, and closes", async () => {
    const fetchMock = routeFetch({
      [`GET ${CANDIDATES_PATH}`]: candidatesAnswer,
      [`POST ${INVITE_PATH}`]: jsonResponse(201, makeMember({ status: 'invited', role: 'qa engineer' })),
    });
    const { user, onOpenChange } = renderDialog();

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'linus');
    await waitFor(() => expect(screen.queryByRole('radio', { name: /Margaret/ })).not.toBeInTheDocument());
    await user.click(screen.getByRole('radio', { name: /Linus Torvalds/ }));
    await chooseRole(user, 'QA Engineer');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [call] = callsTo(fetchMock, 'POST', INVITE_PATH);
    expect(JSON.parse(String(call?.init?.body))).toEqual({ userId: 'u-linus', role: 'qa engineer' });
    expect(toast.success).toHaveBeenCalledWith('Team member invited successfully');
  });

  it('keeps the picked user listed while the search moves on', async () => {
    routeFetch({ [`GET ${CANDIDATES_PATH}`]: candidatesAnswer });
    const { user } = renderDialog();

    await user.click(await screen.findByRole('radio', { name: /Linus Torvalds/ }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'marg');
    await waitFor(() =>
      expect(screen.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual([
        'u-linus',
        'u-margaret',
      ]),
    );
    expect(screen.getByRole('radio', { name: /Linus Torvalds/ })).toBeChecked();
  });

  it("shows the server's refusal in a toast and stays open", async () => {
    routeFetch({
      [`GET ${CANDIDATES_PATH}`]: candidatesAnswer,
      [`POST ${INVITE_PATH}`]: apiError(409, 'CONFLICT', 'This user has already been invited to the team.'),
    });
    const { user, onOpenChange } = renderDialog();

    await user.click(await screen.findByRole('radio', { name: /Margaret Hamilton/ }));
    await chooseRole(user, 'Developer');
    await user.click(screen.getByRole('button', { name: 'Send Invite' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to invite team member', {
        description: 'This user has already been invited to the team.',
      }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('tells a lead who is not an admin to type a full e-mail or 3 letters, and asks the server only then', async () => {
    const fetchMock = routeFetch({ [`GET ${CANDIDATES_PATH}`]: restrictedAnswer });
    const { user } = renderDialog();
    const hint = 'Type a full e-mail address or at least 3 letters of a name.';

    expect(await screen.findByText(hint)).toBeInTheDocument();
    expect(screen.queryByText('Everyone is already in this team.')).not.toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(box, 'li');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByText(hint)).toBeInTheDocument();

    await user.type(box, 'n');
    expect(await screen.findByRole('radio', { name: /Linus Torvalds/ })).toHaveAccessibleName(
      /l•••@example\.com/,
    );
    expect(screen.queryByText(hint)).not.toBeInTheDocument();
    const searches = callsTo(fetchMock, 'GET', CANDIDATES_PATH).map(({ url }) =>
      url.searchParams.get('search'),
    );
    expect(searches).toEqual([null, 'lin']);
  });

  it('shows why the users could not be loaded', async () => {
    routeFetch({ [`GET ${CANDIDATES_PATH}`]: apiError(403, 'FORBIDDEN', 'Only managers can invite.') });
    renderDialog();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load users');
    expect(alert).toHaveTextContent('Only managers can invite.');
  });

  it("tells a restricted searcher what to type in the spec's words", () => {
    expect(searchHintText()).toBe(peopleSearchHint);
  });
});
