const themes = ['light', 'dark', 'system'] as const;
export type Theme = (typeof themes)[number];
export type ResolvedTheme = Exclude<Theme, 'system'>;

export const THEME_STORAGE_KEY = 'shipyard-theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value);
}

/** The stored choice, or 'system' when there is none (or storage is blocked). */
export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode or blocked storage: the choice lasts for this page only.
  }
}

function darkQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : undefined;
}

export function systemTheme(): ResolvedTheme {
  return darkQuery()?.matches ? 'dark' : 'light';
}

/** Calls `onChange` whenever the system switches between light and dark; returns the unsubscribe. */
export function subscribeToSystemTheme(onChange: () => void): () => void {
  const query = darkQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

export function resolveTheme(theme: Theme, system: ResolvedTheme = systemTheme()): ResolvedTheme {
  return theme === 'system' ? system : theme;
}

/**
 * Puts `.dark` or `.light` on <html>. index.css follows the system preference unless the root has
 * `.light` and forces dark with `.dark`, so setting the resolved class always wins, in both
 * directions, and a 'system' choice is re-applied when the system changes.
 */
export function applyTheme(theme: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle('dark', theme === 'dark');
  root.classList.toggle('light', theme === 'light');
}
