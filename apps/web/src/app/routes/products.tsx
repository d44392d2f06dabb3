import { useSession } from '../../features/auth/api/get-session.ts';
import { ProductsPage } from '../../features/products/components/products-page.tsx';

export function Component() {
  const { data: user } = useSession();
  return <ProductsPage role={user?.role} userId={user?.id} />;
}
