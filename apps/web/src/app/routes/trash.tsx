import { useParams } from 'react-router';
import { TrashPage } from '../../features/trash/components/trash-page.tsx';

export function Component() {
  // /trash/:productId: one product's deleted tasks (its Tasks tab links there).
  const { productId } = useParams();
  return <TrashPage key={productId ?? 'all'} productId={productId} />;
}
