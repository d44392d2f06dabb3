import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CreateTeamDialog } from './create-team-dialog.tsx';
import { makeTeam, PRODUCT_ID } from './test-teams.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const CREATE_PATH = `/api/team/${PRODUCT_ID}/create-team`;

function renderDialog() {
  const onOpenChange = vi.fn();
  const result = renderWithProviders(
    <CreateTeamDialog productId={PRODUCT_ID} open onOpenChange={onOpenChange} />,
  );
  return { ...result, onOpenChange };
}

async function chooseType(user: UserEvent, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Team Type' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

describe('CreateTeamDialog', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it("opens as 'Create New Team' with a name, a description and the five team types", async () => {
    routeFetch({});
    const { user } = renderDialog();

    const dialog = screen.getByRole('dialog', { name: 'Create New Team' });
    expect(within(dialog).getByLabelText('Team Name')).toHaveValue('');
    expect(within(dialog).getByLabelText('Description')).toHaveValue('');
    await user.click(within(dialog).getByRole('combobox', { name: 'Team Type' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Development',
      'Design',
      'QA',
      'Marketing',
      'General',
    ]);
  });

  it('refuses a short name and a missing type with the spec texts, and sends nothing', async () => {
    const fetchMock = routeFetch({});
    const { user } = renderDialog();

    await user.type(screen.getByLabelText('Team Name'), 'A');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));

    expect(await screen.findByText('Team name must be at least 2 characters.')).toBeInTheDocument();
    expect(screen.getByText('Please select a team type.')).toBeInTheDocument();
    expect(screen.getByLabelText('Team Name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends {name, description, teamType}, toasts 'Team created' with the name, and closes", async () => {
    const fetchMock = routeFetch({
      [`POST ${CREATE_PATH}`]: jsonResponse(201, makeTeam({ name: 'Platform', teamType: 'qa' })),
    });
    const { user, onOpenChange } = renderDialog();

    await user.type(screen.getByLabelText('Team Name'), '  Platform ');
    await user.type(screen.getByLabelText('Description'), 'APIs and infrastructure.');
    await chooseType(user, 'QA');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));

    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [call] = callsTo(fetchMock, 'POST', CREATE_PATH);
    expect(sentJson(call?.init)).toEqual({
      name: 'Platform',
      description: 'APIs and infrastructure.',
      teamType: 'qa',
    });
    expect(toast.success).toHaveBeenCalledWith('Team created', { description: 'Platform' });
  });

  it("toasts 'Failed to create team' with the server's message and stays open", async () => {
    routeFetch({
      [`POST ${CREATE_PATH}`]: apiError(403, 'FORBIDDEN', 'You may not add teams to this product.'),
    });
    const { user, onOpenChange } = renderDialog();

    await user.type(screen.getByLabelText('Team Name'), 'Platform');
    await chooseType(user, 'Development');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create team', {
        description: 'You may not add teams to this product.',
      }),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Create New Team' })).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields instead of toasting", async () => {
    routeFetch({
      [`POST ${CREATE_PATH}`]: apiError(409, 'CONFLICT', 'Invalid input', {
        fields: { name: ['A team with this name already exists.'] },
      }),
    });
    const { user } = renderDialog();

    await user.type(screen.getByLabelText('Team Name'), 'Platform');
    await chooseType(user, 'Design');
    await user.click(screen.getByRole('button', { name: 'Create Team' }));

    expect(await screen.findByText('A team with this name already exists.')).toBeInTheDocument();
    expect(toast.error).not.toHaveBeenCalled();
  });
});
