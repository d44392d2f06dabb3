import { createBrowserRouter, Outlet } from 'react-router';
import { RootErrorBoundary } from './root-error-boundary.tsx';

export const router = createBrowserRouter([
  {
    id: 'root',
    Component: Outlet,
    ErrorBoundary: RootErrorBoundary,
    // Shown while the first page's chunk loads; an empty page avoids a flash of anything else.
    HydrateFallback: () => null,
    children: [
      { index: true, lazy: () => import('./routes/home.tsx') },
      { path: 'verify', lazy: () => import('./routes/verify.tsx') },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
]);
