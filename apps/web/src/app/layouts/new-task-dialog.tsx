import type { TaskDefaults } from '../../features/tasks/components/task-defaults.ts';
import { TaskFormDialog } from '../../features/tasks/components/task-form-dialog.tsx';
import { useProductOptions } from '../../lib/product-options.ts';

/**
 * The task form opened from anywhere (`c`, the command palette): loaded when first wanted, with
 * the defaults of the page it was opened on (issue 28: the product page's product, /tasks' filters).
 */
export default function NewTaskDialog({
  open,
  onOpenChange,
  defaults,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaults: TaskDefaults;
}) {
  const products = useProductOptions();
  return (
    <TaskFormDialog
      // A new opening from another page starts from that page's defaults.
      key={JSON.stringify(defaults)}
      open={open}
      onOpenChange={onOpenChange}
      products={products.data ?? []}
      defaults={defaults}
    />
  );
}
