import { SettingsPage } from '../../features/account/components/settings-page.tsx';
import { useAccountBindings } from '../layouts/account-bindings.ts';

export function Component() {
  const { user, onUserUpdated } = useAccountBindings();
  return <SettingsPage user={user} onUserUpdated={onUserUpdated} />;
}

export default Component;
