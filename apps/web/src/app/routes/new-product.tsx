import { useSession } from '../../features/auth/api/get-session.ts';
import { NewProductPage } from '../../features/products/components/new-product-page.tsx';
import { useStartFrom } from '../../features/templates/components/start-from.tsx';

export function Component() {
  const { data: user } = useSession();
  // Issue 29: "Start from" a product template, above the spec's form.
  const startFrom = useStartFrom();
  return <NewProductPage role={user?.role} startFrom={startFrom.field} createWith={startFrom.create} />;
}
