import { useSession } from '../../features/auth/api/get-session.ts';
import { useGateRefusal } from '../../features/gates/components/gate-refusal-dialog.tsx';
import { StageMoveRefusalContext } from '../../features/products/api/stage-move-refusal.ts';
import { ProductsPage } from '../../features/products/components/products-page.tsx';

export function Component() {
  const { data: user } = useSession();
  // Issue 32: a drag the stage gate refuses opens the gates' dialog (the card has gone back).
  const refusal = useGateRefusal();
  return (
    <StageMoveRefusalContext.Provider value={refusal.onRefused}>
      {refusal.dialog}
      <ProductsPage role={user?.role} userId={user?.id} />
    </StageMoveRefusalContext.Provider>
  );
}
