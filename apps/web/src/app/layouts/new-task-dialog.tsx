import { TaskFormDialog } from '../../features/tasks/components/task-form-dialog.tsx';
import { useProductOptions } from '../../lib/product-options.ts';

/** The task form opened from anywhere (`c`, the command palette): loaded when first wanted. */
export default function NewTaskDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const products = useProductOptions();
  return <TaskFormDialog open={open} onOpenChange={onOpenChange} products={products.data ?? []} />;
}
