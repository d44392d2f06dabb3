import { DEFAULT_NOTIFICATION_PREFERENCES } from '@shipyard/shared';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast.ts';
import { apiError, callsTo, jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { browserTimeZone, NotificationSettings } from './notification-settings.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const PATH = '/api/user/notification-preferences';
const bodyOf = (call: { init: RequestInit | undefined } | undefined) => JSON.parse(String(call?.init?.body));

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe('NotificationSettings', () => {
  it('shows each kind’s choices, and saves the changes with this browser’s time zone on the first save', async () => {
    const fetchMock = routeFetch({
      [`GET ${PATH}`]: jsonResponse(200, { timeZone: null, preferences: DEFAULT_NOTIFICATION_PREFERENCES }),
      [`PUT ${PATH}`]: ({ init }) => jsonResponse(200, JSON.parse(String(init?.body))),
    });
    const { user } = renderWithProviders(<NotificationSettings />);

    const mentionedMail = await screen.findByRole('combobox', { name: 'Mentioned: e-mail' });
    expect(mentionedMail).toHaveValue('instant');
    expect(screen.getByRole('combobox', { name: 'Comments on tasks I watch: e-mail' })).toHaveValue('digest');
    expect(screen.getByRole('checkbox', { name: 'Mentioned: in-app' })).toBeChecked();
    expect(screen.getByLabelText('Time zone')).toHaveValue(browserTimeZone());
    expect(screen.getByText(/From this browser until you save/)).toBeInTheDocument();

    expect(screen.getByRole('checkbox', { name: 'Mentioned: push' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Comments on tasks I watch: push' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Mentioned: in-app' }));
    await user.click(screen.getByRole('checkbox', { name: 'Mentioned: push' }));
    await user.click(screen.getByRole('checkbox', { name: 'Product stage changes: push' }));
    await user.selectOptions(mentionedMail, 'Never');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Asia/Tokyo');
    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));

    await waitFor(() => expect(callsTo(fetchMock, 'PUT', PATH)).toHaveLength(1));
    expect(bodyOf(callsTo(fetchMock, 'PUT', PATH)[0])).toEqual({
      timeZone: 'Asia/Tokyo',
      preferences: {
        ...DEFAULT_NOTIFICATION_PREFERENCES,
        mentioned: { inApp: false, email: 'never', push: false },
        productStage: { inApp: true, email: 'digest', push: true },
      },
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Notification settings saved.'));
    expect(screen.getByText('Reminders and the daily digest follow this time zone.')).toBeInTheDocument();
  });

  it('keeps a saved time zone, and says why a save failed', async () => {
    routeFetch({
      [`GET ${PATH}`]: jsonResponse(200, {
        timeZone: 'America/Los_Angeles',
        preferences: {
          ...DEFAULT_NOTIFICATION_PREFERENCES,
          overdue: { inApp: false, email: 'digest', push: false },
        },
      }),
      [`PUT ${PATH}`]: apiError(400, 'VALIDATION_ERROR', 'Unknown time zone.'),
    });
    const { user } = renderWithProviders(<NotificationSettings />);
    expect(await screen.findByLabelText('Time zone')).toHaveValue('America/Los_Angeles');
    expect(screen.getByRole('checkbox', { name: 'Overdue: in-app' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Overdue: e-mail' })).toHaveValue('digest');
    expect(screen.getByRole('checkbox', { name: 'Overdue: push' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to save notification settings.', {
        description: 'Unknown time zone.',
      }),
    );
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    routeFetch({ [`GET ${PATH}`]: apiError(500, 'INTERNAL', 'Something went wrong') });
    renderWithProviders(<NotificationSettings />);
    expect(await screen.findByText('Failed to load notification settings.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry|try again/i })).toBeInTheDocument();
  });
});
