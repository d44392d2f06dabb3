import { ProfilePage } from '../../features/account/components/profile-page.tsx';
import { LanguagePicker } from '../../features/languages/components/language-picker.tsx';
import { useAccountBindings } from '../layouts/account-bindings.ts';

export function Component() {
  const { user, onUserUpdated, onSignedOut } = useAccountBindings();
  return (
    <ProfilePage
      user={user}
      onUserUpdated={onUserUpdated}
      onSignedOut={onSignedOut}
      languagePicker={user ? <LanguagePicker user={user} /> : undefined}
    />
  );
}
