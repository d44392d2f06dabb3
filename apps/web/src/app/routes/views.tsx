import { ViewsPage } from '../../features/views/components/views-page.tsx';

export function Component() {
  return <ViewsPage />;
}
