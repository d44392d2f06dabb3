import { useSession } from '../../features/auth/api/get-session.ts';
import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';

export function Component() {
  const { data: user } = useSession();
  return <NotificationsPage userId={user?.id} />;
}
