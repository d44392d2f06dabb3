import { ActivityPage } from '../../features/activity/components/activity-page.tsx';

export function Component() {
  return <ActivityPage />;
}
