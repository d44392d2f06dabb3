import { AnalyticsPage } from '../../features/analytics/components/analytics-page.tsx';

export function Component() {
  return <AnalyticsPage />;
}
