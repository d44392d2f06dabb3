import {
  canEditProduct,
  productMessages as m,
  type Product,
  type Role,
  trashMessages,
} from '@shipyard/shared';
import { useIsMutating } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useAppExtensions } from '../../../components/app-extensions.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import {
  updateProductKey,
  useArchiveProduct,
  useDeleteProduct,
  useRestoreProduct,
} from '../api/manage-product.ts';
import { ProductForm } from './product-form.tsx';

export type ProductViewer = { id: string; role: Role };

/** Whether the viewer may edit, archive and delete this product (its creator or an admin). */
const mayManage = (viewer: ProductViewer | undefined, product: Pick<Product, 'created_by'>) =>
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
  const archive = useArchiveProduct();
  const remove = useDeleteProduct();
  const restore = useRestoreProduct();
  const saving = useIsMutating({ mutationKey: updateProductKey }) > 0;
  // Other features' items (issue 29: Save as template), which the app composes.
  const { productActions } = useAppExtensions();

  if (!viewer || !mayManage(viewer, product)) return null;
  const extras = productActions?.(product, viewer) ?? [];
  const archived = product.archived_at !== null;

  function toggleArchived() {
    archive.mutateAsync({ id: product.id, archived: !archived }).then(
      () => toast.success(t(archived ? m.unarchivedToast : m.archivedToast)),
      (error: unknown) =>
        toast.error(t(m.archiveFailed), { description: getErrorMessage(error, t(m.archiveFailed)) }),
    );
  }

  return (
    <>
      {variant === 'header' ? (
        <Button variant="outline" size="sm" disabled={archived} onClick={() => setEditing(true)}>
          <Pencil aria-hidden="true" />
          {t('Edit')}
        </Button>
      ) : null}
      <RowActionsMenu
        label={t('Actions for {{name}}', { name: product.name })}
        triggerVariant={variant === 'header' ? 'outline' : 'ghost'}
        triggerClassName={
          variant === 'header'
            ? 'size-8'
            : 'relative z-10 size-8 text-muted-foreground data-[state=open]:bg-accent'
        }
        contentClassName="w-48"
        actions={[
          variant === 'row' && {
            key: 'edit',
            label: t('Edit'),
            icon: <Pencil aria-hidden="true" />,
            disabled: archived,
            opensDialog: true,
            onSelect: () => setEditing(true),
          },
          {
            key: 'archive',
            label: archived ? t('Unarchive') : t('Archive'),
            icon: archived ? <ArchiveRestoreIcon aria-hidden="true" /> : <ArchiveIcon aria-hidden="true" />,
            disabled: archive.isPending,
            onSelect: toggleArchived,
          },
          ...extras,
        ]}
        confirm={{
          label: t('Delete'),
          icon: <Trash2 aria-hidden="true" />,
          title: t('Delete product'),
          description: t(
            'Are you sure you want to delete "{{name}}"? It goes to the trash with its tasks, teams and documents, where you can restore it for 30 days.',
            { name: product.name },
          ),
          pending: remove.isPending,
          onConfirm: confirmedDelete(
            () => remove.mutateAsync(product.id),
            {
              deleted: t(m.deleted),
              failed: t(m.deleteFailed),
              undo: () => restore.mutateAsync(product.id),
              undoFailed: t(trashMessages.restoreFailed),
            },
            onDeleted,
          ),
        }}
      />

      <FormDialog
        open={editing}
        onOpenChange={setEditing}
        pending={saving}
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl"
      >
        <DialogHeader>
          <DialogTitle>{t('Edit Product')}</DialogTitle>
          <DialogDescription>
            {t('Change {{name}}: its timeline, status and team.', { name: product.name })}
          </DialogDescription>
        </DialogHeader>
        {editing ? (
          <ProductForm
            product={product}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : null}
      </FormDialog>
    </>
  );
}
