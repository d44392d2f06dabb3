import { ProfilePage } from '../../features/account/components/profile-page.tsx';
import { useAccountBindings } from '../layouts/account-bindings.ts';

export function Component() {
  const { user, onUserUpdated, onSignedOut } = useAccountBindings();
  return <ProfilePage user={user} onUserUpdated={onUserUpdated} onSignedOut={onSignedOut} />;
}
