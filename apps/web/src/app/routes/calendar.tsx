import { useSession } from '../../features/auth/api/get-session.ts';
import { CalendarPage } from '../../features/calendar/components/calendar-page.tsx';

// RequireMenuAccess lets only admins and members this far (spec §6: Calendar).
export function Component() {
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  if (!user) return null;
  return <CalendarPage viewer={{ id: user.id, role: user.role }} />;
}
