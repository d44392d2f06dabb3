import type { GateCriterionState, ProductGates } from '@shipyard/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StageGateCard } from './stage-gate-card.tsx';

const base = {
  note: null,
  confirmedBy: null,
  confirmedAt: null,
  approvers: [],
  requestedBy: null,
  requestedAt: null,
  decisions: [],
  canDecide: false,
};
const manual: GateCriterionState = {
  ...base,
  id: 'c-1',
  kind: 'manual',
  label: 'Release notes written',
  met: false,
};
const approval: GateCriterionState = {
  ...base,
  id: 'c-2',
  kind: 'approval',
  label: 'PM approval',
  met: false,
  userIds: ['u-2'],
  roles: ['admin'],
  approvers: [{ id: 'u-2', name: 'Pam' }],
  canDecide: true,
  decisions: [
    {
      by: { id: 'u-2', name: 'Pam' },
      decision: 'rejected',
      comment: 'Docs missing',
      at: '2026-03-01T10:00:00Z',
    },
  ],
};
const gates = (current: GateCriterionState[], extra: Partial<ProductGates> = {}): ProductGates => ({
  productId: 'p-1',
  currentStage: 'testing',
  current,
  stages: [],
  canEdit: true,
  canAct: true,
  ...extra,
});

describe('StageGateCard', () => {
  it('lists the current stage’s criteria with their state, and confirms a manual item with a click', async () => {
    const fetchMock = routeFetch({
      'GET /api/projects/p-1/gates': () => jsonResponse(200, gates([manual, approval])),
      'PUT /api/projects/p-1/gates/criteria/c-1/confirmation': () =>
        jsonResponse(
          200,
          gates([
            {
              ...manual,
              met: true,
              confirmedBy: { id: 'u-1', name: 'Mia' },
              confirmedAt: '2026-03-01T10:00:00Z',
            },
            approval,
          ]),
        ),
    });
    renderWithProviders(<StageGateCard productId="p-1" readOnly={false} />);
    const card = await screen.findByTestId('stage-gate-card');
    expect(await within(card).findByText('0 of 2 met')).toBeInTheDocument();
    expect(
      within(card).getByText('What must be true before the product leaves Testing.'),
    ).toBeInTheDocument();
    expect(within(card).getByText('Approvers: Pam, Admin')).toBeInTheDocument();
    expect(within(card).getByText('Rejected by Pam')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Release notes written' }));
    expect(await within(card).findByText('1 of 2 met')).toBeInTheDocument();
    expect(
      sentJson(callsTo(fetchMock, 'PUT', '/api/projects/p-1/gates/criteria/c-1/confirmation')[0]?.init),
    ).toEqual({
      confirmed: true,
    });
    expect(within(card).getByText(/Confirmed by Mia/)).toBeInTheDocument();
  });

  it('requests an approval, and lets an approver approve with a comment', async () => {
    const fetchMock = routeFetch({
      'GET /api/projects/p-1/gates': () => jsonResponse(200, gates([approval])),
      'POST /api/projects/p-1/gates/criteria/c-2/approval-request': () =>
        jsonResponse(200, gates([approval])),
      'POST /api/projects/p-1/gates/criteria/c-2/decision': () =>
        jsonResponse(200, gates([{ ...approval, met: true }])),
    });
    renderWithProviders(<StageGateCard productId="p-1" readOnly={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request approval' }));
    expect(callsTo(fetchMock, 'POST', '/api/projects/p-1/gates/criteria/c-2/approval-request')).toHaveLength(
      1,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve “PM approval”' });
    await userEvent.type(within(dialog).getByLabelText('Comment (optional)'), 'Looks good');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('1 of 1 met')).toBeInTheDocument();
    expect(
      sentJson(callsTo(fetchMock, 'POST', '/api/projects/p-1/gates/criteria/c-2/decision')[0]?.init),
    ).toEqual({
      decision: 'approve',
      comment: 'Looks good',
    });
  });

  it('offers nothing to click to a guest, and says where to set criteria when there are none', async () => {
    routeFetch({
      'GET /api/projects/p-1/gates': () =>
        jsonResponse(200, gates([manual], { canAct: false, canEdit: false })),
    });
    const { unmount } = renderWithProviders(<StageGateCard productId="p-1" readOnly={false} />);
    expect(await screen.findByText('Release notes written')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    unmount();
    routeFetch({ 'GET /api/projects/p-1/gates': () => jsonResponse(200, gates([])) });
    renderWithProviders(<StageGateCard productId="p-1" readOnly={false} />);
    expect(await screen.findByText(/No exit criteria for Testing\./)).toHaveTextContent(
      'Set them in the Settings tab.',
    );
  });
});
