import { useSearchParams } from 'react-router';
import { TrashPage } from '../../features/trash/components/trash-page.tsx';

export function Component() {
  const [params] = useSearchParams();
  return <TrashPage productId={params.get('product') ?? undefined} />;
}
