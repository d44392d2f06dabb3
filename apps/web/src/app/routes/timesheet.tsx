import { isAdmin } from '@shipyard/shared';
import { useSession } from '../../features/auth/api/get-session.ts';
import { TimesheetPage } from '../../features/time/components/timesheet-page.tsx';

/** /timesheet?week=2026-W05: one's logged time, week by week (issue 31); admins: anyone's (&user=). */
export function Component() {
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  return <TimesheetPage viewerId={user?.id ?? ''} canSeeOthers={user ? isAdmin(user.role) : false} />;
}
