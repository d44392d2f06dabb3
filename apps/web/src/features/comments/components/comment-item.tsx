import { commentMessages, isAdmin, type Role } from '@shipyard/shared';
import { PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Markdown } from '../../../components/markdown.tsx';
import { confirmedDelete, RowActionsMenu } from '../../../components/row-actions-menu.tsx';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDateTime, formatRelative, initials } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n/index.ts';
import { type ShownComment, useDeleteComment, useEditComment } from '../api/comments.ts';
import { CommentComposer } from './comment-composer.tsx';

export type CommentItemProps = {
  comment: ShownComment;
  viewer: { id: string; role: Role };
  /** Whether the viewer may write on this task now (guests: only when assigned; not archived). */
  canComment: boolean;
  /** Reached through #comment-<id>: scrolled to and highlighted. */
  highlighted: boolean;
  now: number;
};

/** The element id a notification's link (#comment-<id>) scrolls to. */
const commentAnchor = (id: string) => `comment-${id}`;

/** One comment: author, time, "edited", the markdown; Edit for its author, Delete for them or an admin. */
export function CommentItem({ comment, viewer, canComment, highlighted, now }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  const edit = useEditComment(comment.taskId);
  const remove = useDeleteComment(comment.taskId);
  const own = comment.author?.id === viewer.id;
  const canEdit = own && canComment && !comment.pending;
  const canDelete = !comment.pending && ((own && canComment) || isAdmin(viewer.role));
  const name = comment.author?.name ?? t(commentMessages.deletedUser);

  return (
    <li
      id={commentAnchor(comment.id)}
      aria-busy={comment.pending || undefined}
      className={cn(
        'flex scroll-mt-24 gap-3 rounded-lg px-2 py-3 transition-colors',
        highlighted && 'bg-primary/10 ring-2 ring-primary/40',
        comment.pending && 'opacity-60',
      )}
    >
      <Avatar className="size-8 shrink-0">
        {comment.author?.avatar_url ? <AvatarImage src={comment.author.avatar_url} alt="" /> : null}
        <AvatarFallback className="text-xs">{initials(name)}</AvatarFallback>
      </Avatar>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <span className="font-medium text-sm">{name}</span>
          <time
            dateTime={comment.createdAt}
            title={formatDateTime(comment.createdAt)}
            className="text-muted-foreground text-xs"
          >
            {comment.pending ? t(commentMessages.sending) : formatRelative(comment.createdAt, now)}
          </time>
          {comment.editedAt ? (
            <span className="text-muted-foreground text-xs" title={formatDateTime(comment.editedAt)}>
              ({t(commentMessages.edited)})
            </span>
          ) : null}
          {canEdit || canDelete ? (
            <div className="ms-auto">
              <RowActionsMenu
                label={t('Actions for the comment by {{name}}', { name })}
                triggerClassName="size-7 text-muted-foreground data-[state=open]:bg-accent"
                actions={[
                  canEdit && {
                    key: 'edit',
                    label: t(commentMessages.edit),
                    icon: <PencilIcon aria-hidden="true" />,
                    onSelect: () => setEditing(true),
                  },
                ]}
                confirm={
                  canDelete && {
                    label: t(commentMessages.delete),
                    icon: <Trash2Icon aria-hidden="true" />,
                    title: t(commentMessages.deleteTitle),
                    description: t(commentMessages.deleteDescription),
                    pending: remove.isPending,
                    onConfirm: confirmedDelete(() => remove.mutateAsync(comment.id), {
                      deleted: t(commentMessages.deleted),
                      failed: t(commentMessages.deleteFailed),
                    }),
                  }
                }
              />
            </div>
          ) : null}
        </div>
        {editing ? (
          <div className="mt-2">
            <CommentComposer
              taskId={comment.taskId}
              initialValue={comment.body}
              label={t('Edit comment')}
              submitLabel={t(commentMessages.save)}
              pending={edit.isPending}
              failedText={t(commentMessages.updateFailed)}
              onSubmit={async (body) => {
                await edit.mutateAsync({ id: comment.id, body });
                setEditing(false);
              }}
              onCancel={() => setEditing(false)}
              autoFocus
            />
          </div>
        ) : (
          <Markdown source={comment.body} className="mt-1 text-sm" />
        )}
      </div>
    </li>
  );
}
