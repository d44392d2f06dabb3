import type { ReactNode } from 'react';
import { ConfirmHost } from '../components/confirm-host.tsx';
import { ThemeProvider } from '../components/theme-provider.tsx';
import { ToasterHost } from '../components/toaster-host.tsx';

// Tooltips live only in the signed-in shell, whose SidebarProvider brings the TooltipProvider:
// public pages then do not download Radix's popper stack. TanStack Query's provider is a lazy
// layout route around every page but the landing page (query-layout.tsx, router.tsx).
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {children}
      <ToasterHost />
      <ConfirmHost />
    </ThemeProvider>
  );
}
