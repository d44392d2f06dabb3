import { canEditProduct, productMessages as m, type Product, type Role } from '@shipyard/shared';
import { useIsMutating } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu.tsx';
import { useAfterMenuClose } from '../../../hooks/use-after-menu-close.ts';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { toast } from '../../../lib/toast.ts';
import { updateProductKey, useArchiveProduct, useDeleteProduct } from '../api/manage-product.ts';
import { ProductForm } from './product-form.tsx';

export type ProductViewer = { id: string; role: Role };

/** Whether the viewer may edit, archive and delete this product (its creator or an admin). */
export const mayManage = (viewer: ProductViewer | undefined, product: Pick<Product, 'created_by'>) =>
  viewer !== undefined && canEditProduct(viewer, { createdBy: product.created_by });

export type ProductActionsMenuProps = {
  product: Product;
  viewer: ProductViewer | undefined;
  /** After a delete (the detail page then leaves for /products). */
  onDeleted?: () => void;
  /** 'row': Edit, Archive and Delete in the menu (list and board). 'header': an Edit button beside it. */
  variant?: 'row' | 'header';
};

/**
 * Edit, Archive/Unarchive and Delete of one product, for whoever the server lets do them. An
 * archived product is read-only: it can be unarchived or deleted, not edited. Delete asks first,
 * naming the product.
 */
export function ProductActionsMenu({ product, viewer, onDeleted, variant = 'row' }: ProductActionsMenuProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const archive = useArchiveProduct();
  const remove = useDeleteProduct();
  const saving = useIsMutating({ mutationKey: updateProductKey }) > 0;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { runAfterClose, onCloseAutoFocus } = useAfterMenuClose(triggerRef);

  if (!mayManage(viewer, product)) return null;
  const archived = product.archived_at !== null;

  function toggleArchived() {
    archive.mutateAsync({ id: product.id, archived: !archived }).then(
      () => toast.success(archived ? m.unarchivedToast : m.archivedToast),
      (error: unknown) =>
        toast.error(m.archiveFailed, { description: getErrorMessage(error, m.archiveFailed) }),
    );
  }

  function confirmDelete() {
    remove.mutateAsync(product.id).then(
      () => {
        toast.success(m.deleted);
        setConfirming(false);
        onDeleted?.();
      },
      (error: unknown) =>
        toast.error(m.deleteFailed, { description: getErrorMessage(error, m.deleteFailed) }),
    );
  }

  const editItem = (
    <DropdownMenuItem disabled={archived} onSelect={() => runAfterClose(() => setEditing(true))}>
      <Pencil aria-hidden="true" />
      Edit
    </DropdownMenuItem>
  );

  return (
    <>
      {variant === 'header' ? (
        <Button variant="outline" size="sm" disabled={archived} onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
      ) : null}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            ref={triggerRef}
            variant={variant === 'header' ? 'outline' : 'ghost'}
            size="icon"
            className={
              variant === 'header'
                ? 'size-8'
                : 'relative z-10 size-8 text-muted-foreground data-[state=open]:bg-accent'
            }
            aria-label={`Actions for ${product.name}`}
          >
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-44" onCloseAutoFocus={onCloseAutoFocus}>
          {variant === 'row' ? editItem : null}
          <DropdownMenuItem disabled={archive.isPending} onSelect={toggleArchived}>
            {archived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />}
            {archived ? 'Unarchive' : 'Archive'}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => runAfterClose(() => setConfirming(true))}>
            <Trash2 aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <FormDialog
        open={editing}
        onOpenChange={setEditing}
        pending={saving}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      >
        <DialogHeader>
          <DialogTitle>Edit Product</DialogTitle>
          <DialogDescription>Change {product.name}: its timeline, status and team.</DialogDescription>
        </DialogHeader>
        {editing ? (
          <ProductForm
            product={product}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : null}
      </FormDialog>

      <ConfirmDialog
        open={confirming}
        onOpenChange={() => setConfirming(false)}
        title="Delete product"
        description={
          <>
            Are you sure you want to delete "{product.name}"? Its tasks, teams and documents are deleted with
            it. This action cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={confirmDelete}
        returnFocusRef={triggerRef}
      />
    </>
  );
}
