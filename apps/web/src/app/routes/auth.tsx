import { AuthPage } from '../../features/auth/components/auth-page.tsx';

export function Component() {
  return <AuthPage />;
}
