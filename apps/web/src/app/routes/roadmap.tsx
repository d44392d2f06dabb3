import { useSession } from '../../features/auth/api/get-session.ts';
import { RoadmapPage } from '../../features/roadmap/components/roadmap-page.tsx';

// Every role that sees products sees the roadmap (issue 31); the server shows each their own.
export function Component() {
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  if (!user) return null;
  return <RoadmapPage viewerRole={user.role} />;
}
