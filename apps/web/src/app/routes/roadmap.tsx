import { useSession } from '../../features/auth/api/get-session.ts';
import {
  ForecastListLine,
  ForecastRoadmapMarker,
} from '../../features/forecast/components/forecast-roadmap.tsx';
import { RoadmapPage } from '../../features/roadmap/components/roadmap-page.tsx';
import type { RoadmapRowExtras } from '../../features/roadmap/components/row-extras.ts';

// Issue 32: each product's forecast, a P50–P85 band on its row and a line in the phone list.
const rowExtras: RoadmapRowExtras = {
  timeline: (product, place) => (
    <ForecastRoadmapMarker productId={product.id} name={product.name} place={place} />
  ),
  list: (product) => <ForecastListLine productId={product.id} />,
};

// Every role that sees products sees the roadmap (issue 31); the server shows each their own.
export function Component() {
  // RequireSession has loaded the user before any signed-in page renders.
  const { data: user } = useSession();
  if (!user) return null;
  return <RoadmapPage viewerRole={user.role} rowExtras={rowExtras} />;
}
