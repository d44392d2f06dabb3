import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../../components/theme-provider.tsx';
import { THEME_STORAGE_KEY } from '../../../lib/theme.ts';
import { jsonResponse, routeFetch } from '../../../test/fetch-stubs.ts';
import { currentLocation, makeUser, renderWithProviders } from '../../../test/render.tsx';
import { SettingsPage } from './settings-page.tsx';

vi.mock('../../../lib/toast.ts', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

function renderSettings(route = '/settings') {
  return renderWithProviders(
    <ThemeProvider>
      <SettingsPage
        user={makeUser()}
        onUserUpdated={vi.fn()}
        notifications={<p>Notification choices here</p>}
      />
    </ThemeProvider>,
    { route },
  );
}

describe('SettingsPage', () => {
  beforeEach(() => {
    localStorage.clear();
    // The Account tab's security cards read the account's two-factor state, tokens and sessions.
    routeFetch({
      'GET /api/auth/two-factor': jsonResponse(200, {
        enabled: false,
        required: false,
        recovery_codes_left: 0,
      }),
      'GET /api/auth/tokens': jsonResponse(200, { data: [] }),
      'GET /api/auth/sessions': jsonResponse(200, { data: [] }),
    });
  });
  afterEach(() => {
    document.documentElement.classList.remove('light', 'dark');
  });

  it('has the tabs Profile, Account, Notifications and Display, opening on Profile', () => {
    renderSettings();

    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Profile',
      'Account',
      'Notifications',
      'Display',
    ]);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Full Name')).toHaveValue('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Change Avatar' })).toBeInTheDocument();
  });

  it('holds the password change on the Account tab, and keeps the tab in the address', async () => {
    const { user } = renderSettings();

    await user.click(screen.getByRole('tab', { name: 'Account' }));

    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm Password')).toBeInTheDocument();
    expect(currentLocation()).toBe('/settings?tab=account');
  });

  it('shows what the route composes on the Notifications tab', () => {
    renderSettings('/settings?tab=notifications');
    expect(screen.getByText('Notification choices here')).toBeInTheDocument();
  });

  it('lets the user pick light, dark or system on the Display tab', async () => {
    const { user } = renderSettings('/settings?tab=display');

    expect(screen.getByRole('radio', { name: /System/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /Dark/ }));

    expect(screen.getByRole('radio', { name: /Dark/ })).toBeChecked();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement).toHaveClass('dark');
  });
});
