import { useSession } from '../../features/auth/api/get-session.ts';
import { NewProductPage } from '../../features/products/components/new-product-page.tsx';

export function Component() {
  const { data: user } = useSession();
  return <NewProductPage role={user?.role} />;
}
