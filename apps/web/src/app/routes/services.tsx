import { useSession } from '../../features/auth/api/get-session.ts';
import { ServicesPage } from '../../features/services/components/services-page.tsx';

// Every signed-in user reads the services; admins manage them (ARCHITECTURE §5).
export function Component() {
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  if (!user) return null;
  return <ServicesPage viewer={{ id: user.id, role: user.role }} />;
}
