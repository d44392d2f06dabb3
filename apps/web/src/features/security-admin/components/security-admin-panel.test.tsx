import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SecurityAdminPanel } from './security-admin-panel.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const entry = (id: string, action: string, actor: string | null, target: string) => ({
  id,
  at: '2026-03-02T10:00:00.000Z',
  action,
  actor_id: null,
  actor,
  target_type: 'user',
  target_id: 'u1',
  target,
  ip: '10.0.0.9',
  user_agent: null,
  details: action === 'sign_in.failure' ? { reason: 'wrong_password' } : null,
});

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('SecurityAdminPanel', () => {
  it('turns required two-factor sign-in on', async () => {
    const fetchMock = routeFetch({
      'GET /api/admin/settings': jsonResponse(200, { require_two_factor: false }),
      'PATCH /api/admin/settings': jsonResponse(200, { require_two_factor: true }),
      'GET /api/admin/audit-log': jsonResponse(200, { data: [], nextCursor: null }),
    });
    const { user } = renderWithProviders(<SecurityAdminPanel />);
    const box = await screen.findByRole('checkbox', { name: 'Require two-factor sign-in for everyone' });
    expect(box).not.toBeChecked();
    await user.click(box);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Two-factor sign-in is required'));
    expect(JSON.parse(String(callsTo(fetchMock, 'PATCH', '/api/admin/settings')[0]?.init?.body))).toEqual({
      require_two_factor: true,
    });
    expect(screen.getByRole('checkbox', { name: 'Require two-factor sign-in for everyone' })).toBeChecked();
  });

  it('lists entries, filters by event, pages on, and links the CSV export to the same filters', async () => {
    const fetchMock = routeFetch({
      'GET /api/admin/settings': jsonResponse(200, { require_two_factor: false }),
      'GET /api/admin/audit-log': ({ url }) =>
        url.searchParams.get('cursor')
          ? jsonResponse(200, {
              data: [entry('1', 'user.created', 'sue@example.com', 'nia@example.com')],
              nextCursor: null,
            })
          : url.searchParams.get('action') === 'sign_in.failure'
            ? jsonResponse(200, {
                data: [entry('3', 'sign_in.failure', null, 'mia@example.com')],
                nextCursor: null,
              })
            : jsonResponse(200, {
                data: [entry('2', 'two_factor.enabled', 'mia@example.com', 'mia@example.com')],
                nextCursor: '2',
              }),
    });
    const { user } = renderWithProviders(<SecurityAdminPanel />);
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(table).toHaveTextContent('two factor: enabled');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('user: created')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Event'), 'sign_in.failure');
    expect(await screen.findByText('reason: wrong_password')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/admin/audit-log').at(-1)?.url.searchParams.get('action')).toBe(
      'sign_in.failure',
    );
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      '/api/admin/audit-log.csv?action=sign_in.failure',
    );
  });
});
