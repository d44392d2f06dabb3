import { AuthCallback } from '../../features/auth/components/auth-callback.tsx';

export function Component() {
  return <AuthCallback />;
}
