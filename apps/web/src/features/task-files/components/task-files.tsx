import type { ProductDocument } from '@shipyard/shared';
import { FileTextIcon, PaperclipIcon, Trash2Icon } from 'lucide-react';
import { type DragEvent, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DownloadButton } from '../../../components/download-button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getErrorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { documentDownloadUrl } from '../../../lib/documents.ts';
import { formatBytes, formatDate, formatDateTime } from '../../../lib/format.ts';
import { k, t } from '../../../lib/i18n/index.ts';
import { toast } from '../../../lib/toast.ts';
import { useTaskFiles, useTaskFileWrites } from '../api/task-files.ts';

const taskFileTexts = {
  title: k('Files'),
  attach: k('Attach files'),
  dropHint: k('Drop files here to attach them'),
  empty: k('No files attached.'),
  loadFailed: k('Failed to load files'),
  uploaded: k('File attached'),
  uploadFailed: k('Upload failed'),
  deleted: k('File deleted'),
  deleteFailed: k('Failed to delete file'),
  uploading: (name: string) => t('Uploading {{name}}…', { name }),
} as const;

/** documentMessages.taskFileDeleteConfirm in the reader's language (a test checks the English is the same). */
export const deleteFileText = (name: string) => t('Delete "{{name}}"? This cannot be undone.', { name });

type Props = { taskId: string; canEdit: boolean };

/**
 * The files attached to a task (issue 15): name, size, who uploaded it and when, a download link;
 * for those who may change the task an upload button, a drop zone and a delete with confirmation.
 * They follow the product documents' rules, limits and quotas (the server enforces them).
 */
export function TaskFiles({ taskId, canEdit }: Props) {
  const files = useTaskFiles(taskId);
  const { upload, remove } = useTaskFileWrites(taskId);
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);
  const [toDelete, setToDelete] = useState<ProductDocument | undefined>();

  async function uploadAll(list: File[]) {
    for (const file of list) {
      setUploading(file.name);
      try {
        await upload.mutateAsync(file);
        toast.success(t(taskFileTexts.uploaded), { description: file.name });
      } catch (error) {
        toast.error(t(taskFileTexts.uploadFailed), { description: getErrorMessage(error) });
      }
    }
    setUploading(undefined);
  }

  const dropProps = canEdit
    ? {
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes('Files')) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        },
        onDragLeave: () => setDragging(false),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          setDragging(false);
          if (!uploading) void uploadAll(Array.from(event.dataTransfer.files));
        },
      }
    : {};

  return (
    <section
      aria-label={t(taskFileTexts.title)}
      {...dropProps}
      className={cn(
        'grid gap-2 rounded-md',
        dragging && 'bg-primary/5 outline-2 outline-primary outline-dashed',
      )}
    >
      <div className="flex items-center gap-2">
        <h2 className="font-medium text-sm">{t(taskFileTexts.title)}</h2>
        {uploading ? (
          <Spinner label={taskFileTexts.uploading(uploading)} className="text-muted-foreground" />
        ) : null}
        {canEdit ? (
          <>
            <Button
              variant="outline"
              size="sm"
              className="ms-auto h-7"
              disabled={uploading !== undefined}
              onClick={() => input.current?.click()}
            >
              <PaperclipIcon aria-hidden="true" />
              {t(taskFileTexts.attach)}
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              aria-label={t(taskFileTexts.attach)}
              onChange={(event) => {
                const chosen = Array.from(event.currentTarget.files ?? []);
                event.currentTarget.value = '';
                void uploadAll(chosen);
              }}
            />
          </>
        ) : null}
      </div>
      {dragging ? <p className="text-primary text-xs">{t(taskFileTexts.dropHint)}</p> : null}
      {files.isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : files.isError ? (
        <ErrorState
          title={t(taskFileTexts.loadFailed)}
          error={files.error}
          onRetry={() => void files.refetch()}
        />
      ) : files.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t(taskFileTexts.empty)}</p>
      ) : (
        <ul aria-label={t(taskFileTexts.title)} className="grid gap-1">
          {files.data.map((file) => (
            <li key={file.id} className="flex items-center gap-2 rounded-md px-1 py-1 hover:bg-muted/50">
              <FileTextIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <div className="grid min-w-0 flex-1">
                <span className="truncate font-medium text-sm" title={file.name}>
                  {file.name}
                </span>
                <span className="truncate text-muted-foreground text-xs">
                  {formatBytes(file.size)} · {file.uploadedBy?.name ?? t('Unknown User')} ·{' '}
                  <time dateTime={file.createdAt} title={formatDateTime(file.createdAt)}>
                    {formatDate(file.createdAt)}
                  </time>
                </span>
              </div>
              <DownloadButton href={documentDownloadUrl(file.projectId, file.id)} fileName={file.name} />
              {canEdit ? (
                <Button
                  variant="ghost"
                  size="icon"
                  className="size-8"
                  aria-label={t('Delete {{name}}', { name: file.name })}
                  onClick={() => setToDelete(file)}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== undefined}
        onOpenChange={(open) => !open && setToDelete(undefined)}
        title={t('Delete file?')}
        description={toDelete ? deleteFileText(toDelete.name) : ''}
        confirmLabel={t('Delete')}
        pendingLabel={t('Deleting...')}
        pending={remove.isPending}
        onConfirm={() => {
          const file = toDelete;
          if (!file) return;
          remove.mutate(file.id, {
            onSuccess: () => toast.success(t(taskFileTexts.deleted), { description: file.name }),
            onError: (error) =>
              toast.error(t(taskFileTexts.deleteFailed), { description: getErrorMessage(error) }),
            onSettled: () => setToDelete(undefined),
          });
        }}
      />
    </section>
  );
}
