import { useSession } from '../../features/auth/api/get-session.ts';
import { TeamMembersPage } from '../../features/user-management/components/team-members-page.tsx';

// RequireMenuAccess lets only admins this far (spec §6: Team is for admins).
export function Component() {
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  if (!user) return null;
  return <TeamMembersPage viewer={{ id: user.id, role: user.role, owner: user.owner }} />;
}
