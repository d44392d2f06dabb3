import type { User } from '@shipyard/shared';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { t } from '../../../lib/i18n/index.ts';
import { AvatarPicker } from './avatar-picker.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SignOutCard } from './sign-out-card.tsx';

export type ProfilePageProps = {
  /** The signed-in user; undefined while the profile loads. */
  user: User | undefined;
  onUserUpdated: (user: User) => void;
  onSignedOut: () => void;
  /** The language picker (issue 33), from the languages feature: the page composes it. */
  languagePicker?: ReactNode;
};

/** Spec §2.18 /profile. */
export function ProfilePage({ user, onUserUpdated, onSignedOut, languagePicker }: ProfilePageProps) {
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6">
      <PageHeader
        title={t('Profile Settings')}
        description={t('Manage your personal information and account.')}
      />
      {user ? (
        <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <Card className="gap-4">
            <CardHeader>
              <CardTitle className="text-base">{t('Avatar')}</CardTitle>
              <CardDescription>{t('How others see you across Shipyard.')}</CardDescription>
            </CardHeader>
            <CardContent>
              <AvatarPicker user={user} onUpdated={onUserUpdated} />
            </CardContent>
          </Card>
          <div className="grid gap-6">
            <Card className="gap-4">
              <CardHeader>
                <CardTitle className="text-base">{t('Personal Information')}</CardTitle>
                <CardDescription>{t('Update your name and username.')}</CardDescription>
              </CardHeader>
              <CardContent>
                <ProfileForm user={user} onUpdated={onUserUpdated} />
              </CardContent>
            </Card>
            {languagePicker}
            <SignOutCard onSignedOut={onSignedOut} />
          </div>
        </div>
      ) : (
        <div className="flex justify-center py-24">
          <Spinner label={t('Loading profile')} className="size-6 text-muted-foreground" />
        </div>
      )}
    </div>
  );
}
