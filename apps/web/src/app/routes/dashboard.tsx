import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';

export function Component() {
  return <DashboardPage />;
}

export default Component;
