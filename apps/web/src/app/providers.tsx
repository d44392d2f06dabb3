import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ThemeProvider } from '../components/theme-provider.tsx';
import { ToasterHost } from '../components/toaster-host.tsx';
import { createQueryClient } from '../lib/query-client.ts';

// Tooltips live only in the signed-in shell, whose SidebarProvider brings the TooltipProvider:
// public pages then do not download Radix's popper stack.
export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (not per module), so tests and remounts start from an empty cache.
  const [queryClient] = useState(createQueryClient);
  return (
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <ToasterHost />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
