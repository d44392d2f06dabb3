import { useSession } from '../../features/auth/api/get-session.ts';
import { DashboardPage } from '../../features/dashboard/components/dashboard-page.tsx';

export function Component() {
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  return <DashboardPage userRole={user?.role ?? 'guest'} />;
}
