import { Direction } from 'radix-ui';
import type { ReactNode } from 'react';
import { ConfirmHost } from '../components/confirm-host.tsx';
import { ThemeProvider } from '../components/theme-provider.tsx';
import { ToasterHost } from '../components/toaster-host.tsx';

// Tooltips live only in the signed-in shell, whose SidebarProvider brings the TooltipProvider:
// public pages then do not download Radix's popper stack. TanStack Query's provider is a lazy
// layout route around every page but the landing page (query-layout.tsx, router.tsx).
//
// Radix's tabs, menus and toggle groups write their own `dir` (ltr unless told): the page's
// direction tells them, or an Arabic page's /tasks list laid out left to right (issue 33). Read
// from <html dir>, set by startLanguage before the first render: lib/i18n stays off English pages.
const pageDirection = () => (document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr');

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Direction.Provider dir={pageDirection()}>
      <ThemeProvider>
        {children}
        <ToasterHost />
        <ConfirmHost />
      </ThemeProvider>
    </Direction.Provider>
  );
}
