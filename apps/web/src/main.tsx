import '@fontsource-variable/inter';
import './public.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';
import { startLanguage } from './lib/i18n/boot.ts';
import { applyTheme, readStoredTheme, resolveTheme } from './lib/theme.ts';

// Before the first render, so a stored choice that differs from the system's never flashes
// (index.html may not carry an inline script: the CSP forbids them).
applyTheme(resolveTheme(readStoredTheme()));

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A plainly English page starts at once; another language first loads its texts.
void startLanguage().then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
