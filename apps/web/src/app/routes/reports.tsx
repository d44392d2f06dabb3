import { ReportsPage } from '../../features/reports/components/reports-page.tsx';

export function Component() {
  return <ReportsPage />;
}
