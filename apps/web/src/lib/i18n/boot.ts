// Issue 33: before the first render, the page's language. A page that is plainly English (the
// device was set to it, or the browser's first language is English) loads nothing more: the texts
// are their own keys. Any other case loads start.ts, which picks and loads the language
// (docs/decisions/053-languages.md; the public pages' budget: 005-bundle-budget.md).

export const LANGUAGE_STORAGE_KEY = 'shipyard.language';

function plainlyEnglish(): boolean {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    if (stored) return stored === 'en';
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  return (navigator.languages?.[0] ?? navigator.language ?? 'en').toLowerCase().startsWith('en');
}

/** Answers once the first render may use `t`. */
export function startLanguage(): Promise<void> {
  if (plainlyEnglish()) return Promise.resolve();
  return import('./start.ts').then((start) => start.startLanguage());
}
