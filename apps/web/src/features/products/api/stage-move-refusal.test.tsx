import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch, sentJson } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { type StageMoveRefusal, StageMoveRefusalContext } from './stage-move-refusal.ts';
import { useUpdateProductStatus } from './update-product-status.ts';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn(), undoable: vi.fn() } }));

function Mover() {
  const move = useUpdateProductStatus();
  return (
    <button type="button" onClick={() => move.mutate({ id: 'p-1', status: 'Production' })}>
      Move
    </button>
  );
}

describe('a move a stage gate refuses (issue 32)', () => {
  it('goes to the page’s handler, not a toast, and its retry sends the override', async () => {
    const details = {
      unmet: [{ id: 'c-1', kind: 'manual', label: 'Notes', stage: 'testing' }],
      canOverride: true,
    };
    let refused = true;
    const fetchMock = routeFetch({
      'PATCH /api/projects/p-1/status': () =>
        refused
          ? apiError(
              409,
              'GATE_UNMET',
              'The product cannot leave Testing: 1 exit criterion is not met',
              details,
            )
          : jsonResponse(200, { id: 'p-1', status: 'production', rank: 'a0' }),
    });
    const onRefused = vi.fn<(refusal: StageMoveRefusal) => void>();
    const { user } = renderWithProviders(
      <StageMoveRefusalContext.Provider value={onRefused}>
        <Mover />
      </StageMoveRefusalContext.Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await vi.waitFor(() => expect(onRefused).toHaveBeenCalledTimes(1));
    const refusal = onRefused.mock.calls[0]?.[0];
    expect(refusal).toMatchObject({ productId: 'p-1', details });
    expect(toast.error).not.toHaveBeenCalled();
    refused = false;
    await refusal?.retry({ reason: 'Hotfix' });
    const sent = callsTo(fetchMock, 'PATCH', '/api/projects/p-1/status');
    expect(sentJson(sent[1]?.init)).toEqual({ status: 'Production', override: { reason: 'Hotfix' } });
  });

  it('is a toast where no page composed a handler', async () => {
    routeFetch({ 'PATCH /api/projects/p-1/status': () => apiError(409, 'GATE_UNMET', 'Not met', {}) });
    const { user } = renderWithProviders(<Mover />);
    await user.click(screen.getByRole('button', { name: 'Move' }));
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Not met'));
  });
});
