import type { User } from '@shipyard/shared';
import { BellIcon, KeyRoundIcon, PaletteIcon, ShieldIcon, UserIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page-header.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useUrlState } from '../../../hooks/use-url-state.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { ApiTokensCard } from './api-tokens-card.tsx';
import { AvatarPicker } from './avatar-picker.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';
import { ProfileForm } from './profile-form.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { SignInProvidersCard } from './sign-in-providers-card.tsx';
import { ThemeChoice } from './theme-choice.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

const tabs = [
  { value: 'profile', label: k('Profile'), icon: UserIcon },
  { value: 'account', label: k('Account'), icon: KeyRoundIcon },
  { value: 'notifications', label: k('Notifications'), icon: BellIcon },
  { value: 'display', label: k('Display'), icon: PaletteIcon },
  { value: 'security', label: k('Security'), icon: ShieldIcon },
] as const;
type Tab = (typeof tabs)[number]['value'];

const isTab = (value: string | null): value is Tab => tabs.some((tab) => tab.value === value);

export type SettingsPageProps = {
  user: User | undefined;
  onUserUpdated: (user: User) => void;
  /** The admins' Security tab (audit log, instance settings), composed by the route; none for others. */
  security?: ReactNode;
  /** The calendar feed's section of the Account tab (calendar feature), composed by the route. */
  calendarFeed?: ReactNode;
  /** The Notifications tab's content (the notifications feature's settings), composed by the route. */
  notifications?: ReactNode;
  /** The trash's section of the Account tab (trash feature, issue 28), composed by the route. */
  trash?: ReactNode;
};

/** Spec §2.17 /settings; the open tab is in the address (?tab=account), so it can be linked to. */
export function SettingsPage({
  user,
  onUserUpdated,
  security,
  calendarFeed,
  notifications,
  trash,
}: SettingsPageProps) {
  const { values, set } = useUrlState({ tab: 'profile' });
  const shown = tabs.filter((tab) => tab.value !== 'security' || security);
  const tab: Tab =
    isTab(values.tab) && shown.some((tab) => tab.value === values.tab) ? values.tab : 'profile';
  const onTabChange = (next: string) => set({ tab: next });

  return (
    <div className="mx-auto grid w-full max-w-4xl gap-6">
      <PageHeader title={t('Settings')} description={t('Manage your account settings and preferences.')} />
      <Tabs value={tab} onValueChange={onTabChange} className="gap-4">
        {/* Five tabs are wider than a phone: there they wrap onto a second row instead of widening the page. */}
        <TabsList className="h-auto w-full flex-wrap justify-start sm:h-9 sm:w-fit sm:flex-nowrap">
          {shown.map(({ value, label, icon: Icon }) => (
            <TabsTrigger
              key={value}
              value={value}
              className="h-8 flex-none px-2.5 sm:h-[calc(100%-1px)] sm:flex-1"
            >
              <Icon aria-hidden="true" className="hidden sm:block" />
              {t(label)}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="profile">
          {user ? (
            <Card className="gap-6">
              <CardHeader>
                <CardTitle className="text-base">{t('Profile')}</CardTitle>
                <CardDescription>{t('Your avatar, name and username.')}</CardDescription>
              </CardHeader>
              <CardContent className="grid items-start gap-8 md:grid-cols-[14rem_minmax(0,1fr)]">
                <AvatarPicker user={user} onUpdated={onUserUpdated} />
                <ProfileForm user={user} onUpdated={onUserUpdated} />
              </CardContent>
            </Card>
          ) : (
            <div className="flex justify-center py-16">
              <Spinner label={t('Loading profile')} className="size-6 text-muted-foreground" />
            </div>
          )}
        </TabsContent>

        <TabsContent value="account" className="grid gap-6">
          <Card className="gap-6">
            <CardHeader>
              <CardTitle className="text-base">{t('Change Password')}</CardTitle>
              <CardDescription>
                {t('Use at least 8 characters. Your other sessions are signed out when it changes.')}
              </CardDescription>
            </CardHeader>
            <CardContent className="max-w-md">
              <ChangePasswordForm />
            </CardContent>
          </Card>
          <TwoFactorCard />
          <SignInProvidersCard />
          <SessionsCard />
          <ApiTokensCard />
          {calendarFeed}
          {trash}
        </TabsContent>

        <TabsContent value="notifications" className="grid gap-6">
          {notifications}
        </TabsContent>

        {security && (
          <TabsContent value="security" className="grid gap-6">
            {security}
          </TabsContent>
        )}

        <TabsContent value="display">
          <Card className="gap-6">
            <CardHeader>
              <CardTitle className="text-base">{t('Display')}</CardTitle>
              <CardDescription>{t('Choose how Shipyard looks on this device.')}</CardDescription>
            </CardHeader>
            <CardContent>
              <ThemeChoice />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
