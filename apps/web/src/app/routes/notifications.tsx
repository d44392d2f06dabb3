import { NotificationsPage } from '../../features/notifications/components/notifications-page.tsx';

export function Component() {
  return <NotificationsPage />;
}

export default Component;
