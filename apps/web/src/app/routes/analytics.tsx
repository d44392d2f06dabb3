import { AnalyticsPage } from '../../features/analytics/components/analytics-page.tsx';
import { VelocityCard } from '../../features/cycles/components/velocity-card.tsx';

export function Component() {
  // Issue 31: the velocity of a product's last finished cycles, below the analytics.
  return <AnalyticsPage extra={(products) => <VelocityCard preferred={products} />} />;
}
