import { isAdmin, isSuperAdmin } from '@shipyard/shared';
import { SettingsPage } from '../../features/account/components/settings-page.tsx';
import { CalendarFeedCard } from '../../features/calendar/components/calendar-feed-card.tsx';
import { WorkspaceGatesCard } from '../../features/gates/components/workspace-gates-card.tsx';
import { NotificationSettings } from '../../features/notifications/components/notification-settings.tsx';
import { PushSettingsCard } from '../../features/push/components/push-settings-card.tsx';
import { SecurityAdminPanel } from '../../features/security-admin/components/security-admin-panel.tsx';
import { TrashCard } from '../../features/trash/components/trash-card.tsx';
import { useAccountBindings } from '../layouts/account-bindings.ts';

export function Component() {
  const { user, onUserUpdated } = useAccountBindings();
  return (
    <SettingsPage
      user={user}
      onUserUpdated={onUserUpdated}
      // Admins also get the Security tab; the server refuses its calls to anyone else anyway.
      security={
        user && isAdmin(user.role) ? (
          <>
            <SecurityAdminPanel canExportWorkspace={isSuperAdmin(user.role)} />
            {/* Issue 32: the workspace's default exit criteria of each stage. */}
            <WorkspaceGatesCard />
          </>
        ) : undefined
      }
      calendarFeed={<CalendarFeedCard />}
      notifications={
        <>
          <NotificationSettings />
          <PushSettingsCard />
        </>
      }
      // Guests restore nothing (they delete nothing).
      trash={user && user.role !== 'guest' ? <TrashCard /> : undefined}
    />
  );
}
