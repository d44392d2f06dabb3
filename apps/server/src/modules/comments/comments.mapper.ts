import type { Comment, PersonRef } from '@shipyard/shared';
import type { TaskCommentRow } from '../../db/schema/index.ts';

type Person = { id: string; name: string; avatarUrl: string | null };

export const toPerson = (p: Person): PersonRef => ({ id: p.id, name: p.name, avatar_url: p.avatarUrl });

/** The API's comment; the author is null once their account is deleted. */
export function toComment({ comment, author }: { comment: TaskCommentRow; author: Person | null }): Comment {
  return {
    id: comment.id,
    taskId: comment.taskId,
    author: author ? toPerson(author) : null,
    body: comment.body,
    createdAt: comment.createdAt.toISOString(),
    editedAt: comment.editedAt?.toISOString() ?? null,
  };
}
