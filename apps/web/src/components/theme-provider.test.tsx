import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from '../lib/theme.ts';
import { ThemeProvider, useTheme } from './theme-provider.tsx';

type Listener = () => void;

/** A controllable `prefers-color-scheme: dark` media query. */
function mockSystemTheme(initiallyDark: boolean) {
  const listeners = new Set<Listener>();
  const query = {
    matches: initiallyDark,
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => query),
  );
  return {
    set(dark: boolean) {
      query.matches = dark;
      for (const listener of listeners) listener();
    },
  };
}

function ThemeSwitch() {
  const { theme, resolvedTheme, setTheme } = useTheme();
  return (
    <div>
      <p>
        {theme} shows {resolvedTheme}
      </p>
      <button type="button" onClick={() => setTheme('dark')}>
        Dark
      </button>
      <button type="button" onClick={() => setTheme('light')}>
        Light
      </button>
      <button type="button" onClick={() => setTheme('system')}>
        System
      </button>
    </div>
  );
}

function renderSwitch() {
  return render(
    <ThemeProvider>
      <ThemeSwitch />
    </ThemeProvider>,
  );
}

const root = document.documentElement;

describe('ThemeProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    root.className = '';
  });
  afterEach(() => {
    localStorage.clear();
    root.className = '';
  });

  it('follows the system when nothing is stored', () => {
    mockSystemTheme(true);

    renderSwitch();

    expect(screen.getByText('system shows dark')).toBeInTheDocument();
    expect(root).toHaveClass('dark');
    expect(root).not.toHaveClass('light');
  });

  it('stores the chosen theme and puts its class on <html>', async () => {
    mockSystemTheme(true);
    const user = userEvent.setup();
    renderSwitch();

    await user.click(screen.getByRole('button', { name: 'Light' }));

    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(root).toHaveClass('light');
    expect(root).not.toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Dark' }));

    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(root).toHaveClass('dark');
    expect(root).not.toHaveClass('light');
  });

  it('starts from the stored theme and ignores a stored value it does not know', () => {
    mockSystemTheme(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const { unmount } = renderSwitch();
    expect(screen.getByText('dark shows dark')).toBeInTheDocument();
    unmount();

    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    renderSwitch();
    expect(screen.getByText('system shows light')).toBeInTheDocument();
    expect(root).toHaveClass('light');
  });

  it("re-applies a 'system' choice when the system switches, but not an explicit one", async () => {
    const system = mockSystemTheme(false);
    const user = userEvent.setup();
    renderSwitch();

    act(() => system.set(true));
    expect(screen.getByText('system shows dark')).toBeInTheDocument();
    expect(root).toHaveClass('dark');

    await user.click(screen.getByRole('button', { name: 'Light' }));
    act(() => system.set(false));
    act(() => system.set(true));
    expect(screen.getByText('light shows light')).toBeInTheDocument();
    expect(root).toHaveClass('light');
  });
});
