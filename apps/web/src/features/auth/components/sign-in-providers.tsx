import { lazy, Suspense } from 'react';
import { useAuthProviders } from '../api/get-providers.ts';

const ProviderButtons = lazy(() =>
  import('./provider-buttons.tsx').then((m) => ({ default: m.ProviderButtons })),
);

/** Google and the generic OpenID provider, once the server says either is configured. */
export function SignInProviders() {
  const providers = useAuthProviders().data;
  if (!providers?.google && !providers?.oidc) return null;
  return (
    <Suspense fallback={null}>
      <ProviderButtons providers={providers} />
    </Suspense>
  );
}
