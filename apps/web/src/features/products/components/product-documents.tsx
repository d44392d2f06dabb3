import { DOCUMENT_MAX_BYTES, type ProductDocument } from '@shipyard/shared';
import { FileText, Trash2, Upload } from 'lucide-react';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { formatBytes, formatDate, formatDateTime } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { aroundSlot, slot } from '../../../lib/text-slots.tsx';
import { toast } from '../../../lib/toast.ts';
import { useDeleteDocument } from '../api/delete-document.ts';
import { documentDownloadUrl, useProductDocuments } from '../api/get-product-documents.ts';
import { documentFileProblem, useUploadDocument } from '../api/upload-document.ts';

const documentMessages = {
  empty: k('No documents yet'),
  emptyHint: k('Upload specs, designs and other files to keep them with this product.'),
  emptyHintReadOnly: k('Files uploaded to this product will appear here.'),
  loadFailed: k('Failed to load documents'),
  uploaded: k('Document uploaded'),
  uploadedDescription: (name: string) => t('{{name}} has been uploaded.', { name }),
  uploadFailed: k('Upload failed'),
  deleted: k('Document deleted'),
  deletedDescription: (name: string) => t('{{name}} has been deleted.', { name }),
  deleteFailed: k('Failed to delete document'),
} as const;

/** The kind of file, for the Type column: the name's extension, else the media type's subtype. */
export function documentType(document: Pick<ProductDocument, 'name' | 'contentType'>): string {
  const dot = document.name.lastIndexOf('.');
  if (dot > 0 && dot < document.name.length - 1) return document.name.slice(dot + 1).toUpperCase();
  const subtype = document.contentType.split('/')[1]?.split(';')[0];
  return subtype ? subtype.toUpperCase() : t('File');
}

type ProductDocumentsProps = { productId: string; canEdit: boolean };

/** The product's Documents tab (ARCHITECTURE §5): upload, list, download and delete its files. */
export function ProductDocuments({ productId, canEdit }: ProductDocumentsProps) {
  const documents = useProductDocuments(productId);
  const upload = useUploadDocument(productId);
  const remove = useDeleteDocument(productId);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [uploading, setUploading] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<ProductDocument | undefined>();

  async function uploadFiles(files: File[]) {
    for (const file of files) {
      const problem = documentFileProblem(file);
      if (problem) {
        toast.error(t(documentMessages.uploadFailed), { description: problem });
        continue;
      }
      setUploading(file.name);
      try {
        await upload.mutateAsync(file);
        toast.success(t(documentMessages.uploaded), {
          description: documentMessages.uploadedDescription(file.name),
        });
      } catch (error) {
        toast.error(t(documentMessages.uploadFailed), { description: getErrorMessage(error) });
      }
    }
    setUploading(undefined);
  }

  function onDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    if (!canEdit || uploading) return;
    void uploadFiles(Array.from(event.dataTransfer.files));
  }

  function onDragOver(event: DragEvent<HTMLElement>) {
    if (!canEdit || !event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  }

  function confirmDelete() {
    const document = toDelete;
    if (!document) return;
    remove.mutate(document.id, {
      onSuccess: () =>
        toast.success(t(documentMessages.deleted), {
          description: documentMessages.deletedDescription(document.name),
        }),
      onError: (error) =>
        toast.error(t(documentMessages.deleteFailed), { description: getErrorMessage(error) }),
      onSettled: () => setToDelete(undefined),
    });
  }

  const browse = () => inputRef.current?.click();
  const [browseBefore, browseAfter] = aroundSlot(
    t('Drop files here, or {{browse}}', { browse: slot('browse') }),
  );

  let body: ReactNode;
  if (documents.isPending) {
    body = (
      <div className="flex flex-col gap-3">
        <span role="status" className="sr-only">
          {t('Loading documents')}
        </span>
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-3">
            <Skeleton className="size-8" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-16" />
          </div>
        ))}
      </div>
    );
  } else if (documents.isError) {
    body = (
      <ErrorState
        title={t(documentMessages.loadFailed)}
        error={documents.error}
        onRetry={() => void documents.refetch()}
      />
    );
  } else if (documents.data.length === 0) {
    body = (
      <EmptyState
        icon={FileText}
        title={t(documentMessages.empty)}
        description={t(canEdit ? documentMessages.emptyHint : documentMessages.emptyHintReadOnly)}
        className="py-8"
      />
    );
  } else {
    body = (
      <DataTable
        aria-label={t('Documents')}
        rows={documents.data}
        rowKey={(document) => document.id}
        columns={[
          {
            header: t('Name'),
            className: 'w-full max-w-0',
            // max-w-0 with w-full: the name takes the room left and truncates in it.
            cell: (document) => (
              <span className="flex min-w-0 items-center gap-2">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="flex min-w-0 flex-col">
                  <span className="truncate font-medium" title={document.name}>
                    {document.name}
                  </span>
                  <span className="text-muted-foreground text-xs sm:hidden">
                    {formatBytes(document.size)} · {formatDate(document.createdAt)}
                  </span>
                </span>
              </span>
            ),
          },
          {
            header: t('Size'),
            headClassName: 'hidden text-end sm:table-cell',
            className: 'hidden text-end text-muted-foreground tabular-nums sm:table-cell',
            cell: (document) => formatBytes(document.size),
          },
          {
            header: t('Type'),
            headClassName: 'hidden md:table-cell',
            className: 'hidden text-muted-foreground md:table-cell',
            cell: documentType,
          },
          {
            header: t('Uploaded by'),
            headClassName: 'hidden lg:table-cell',
            className: 'hidden text-muted-foreground lg:table-cell',
            cell: (document) => document.uploadedBy?.name ?? t('Unknown User'),
          },
          {
            header: t('Date'),
            headClassName: 'hidden sm:table-cell',
            className: 'hidden text-muted-foreground sm:table-cell',
            cell: (document) => (
              <time dateTime={document.createdAt} title={formatDateTime(document.createdAt)}>
                {formatDate(document.createdAt)}
              </time>
            ),
          },
          {
            header: <span className="sr-only">{t('Actions')}</span>,
            cell: (document) => (
              <div className="flex justify-end gap-1">
                <DownloadButton
                  href={documentDownloadUrl(productId, document.id)}
                  fileName={document.name}
                  title={t('Download')}
                />
                {canEdit ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="size-8 text-muted-foreground hover:text-destructive"
                    aria-label={t('Delete {{name}}', { name: document.name })}
                    title={t('Delete')}
                    onClick={() => setToDelete(document)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            ),
          },
        ]}
      />
    );
  }

  return (
    <SectionCard
      className="gap-5"
      title={t('Documents')}
      description={t('Files kept with this product, up to {{size}} each.', {
        size: formatBytes(DOCUMENT_MAX_BYTES),
      })}
      contentClassName="flex flex-col gap-4"
      action={
        canEdit ? (
          <Button size="sm" onClick={browse} disabled={uploading !== undefined}>
            {uploading ? <Spinner label={t('Uploading')} /> : <Upload aria-hidden="true" />}
            {t('Upload')}
          </Button>
        ) : undefined
      }
    >
      {canEdit ? (
        <>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-label={t('Choose files to upload')}
            onChange={(event) => {
              const files = Array.from(event.target.files ?? []);
              event.target.value = '';
              void uploadFiles(files);
            }}
          />
          {/* Drag and drop is a shortcut; the Upload button is the keyboard path. */}
          <section
            aria-label={t('Drop files to upload')}
            onDragOver={onDragOver}
            onDragEnter={onDragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              // Touch screens have nothing to drag: there the Upload button does it all.
              'hidden flex-col items-center justify-center gap-1 rounded-lg border border-dashed px-4 py-6 text-center text-muted-foreground text-sm transition-colors sm:flex',
              dragging && 'border-primary bg-primary/5 text-foreground',
            )}
          >
            {uploading ? (
              <span className="flex items-center gap-2">
                <Spinner aria-hidden="true" label="" />
                {t('Uploading {{name}}...', { name: uploading })}
              </span>
            ) : (
              <>
                <Upload className="size-5" aria-hidden="true" />
                <span>
                  {browseBefore}
                  <button
                    type="button"
                    onClick={browse}
                    className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:text-ring"
                  >
                    {t('browse')}
                  </button>
                  {browseAfter}
                </span>
              </>
            )}
          </section>
        </>
      ) : null}
      {body}
      <ConfirmDialog
        open={toDelete !== undefined}
        onOpenChange={() => setToDelete(undefined)}
        title={t('Delete Document')}
        description={t('Are you sure you want to delete {{name}}? This action cannot be undone.', {
          name: toDelete?.name ?? '',
        })}
        confirmLabel={t('Delete')}
        pendingLabel={t('Deleting...')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </SectionCard>
  );
}
