import { z } from 'zod/mini';
import { canEditTasks, type Role } from './permissions.ts';
import { multiLine, singleLine } from './text.ts';

// A task's conversation (issue 15): comments in markdown, @mentions, watchers, and the
// notifications they send. Who may do what: docs/decisions/012-task-page.md.

/** Characters in one comment. */
export const COMMENT_BODY_MAX = 10_000;
/** Different people one comment may mention. */
export const COMMENT_MENTIONS_MAX = 20;
/** Comments per page (default and most). */
export const COMMENT_PAGE_DEFAULT = 20;
export const COMMENT_PAGE_MAX = 50;
/** Comments (and, counted apart, edits) per minute per account. */
export const COMMENTS_PER_MINUTE = 30;
/** People the mention autocomplete lists at once, and its searches per minute per account. */
export const MENTIONABLE_LIMIT = 8;
export const MENTION_SEARCHES_PER_MINUTE = 60;
/** Watchers a task's watcher list names (the count is exact). */
export const WATCHERS_LISTED_MAX = 50;

export const commentMessages = {
  bodyRequired: 'Write a comment first.',
  bodyTooLong: `A comment can have at most ${COMMENT_BODY_MAX.toLocaleString('en-US')} characters.`,
  tooManyMentions: `A comment can mention at most ${COMMENT_MENTIONS_MAX} people.`,
  notFound: 'Comment not found',
  editOwnOnly: 'You can only edit your own comments.',
  deleteOwnOnly: 'You can only delete your own comments.',
  guestNotAssigned: 'Guests can only comment on tasks assigned to them.',
  rateLimited: `You can post at most ${COMMENTS_PER_MINUTE} comments a minute. Please wait a minute and try again.`,
  editRateLimited: `You can edit comments at most ${COMMENTS_PER_MINUTE} times a minute. Please wait a minute and try again.`,
  searchRateLimited: `You can search for people at most ${MENTION_SEARCHES_PER_MINUTE} times a minute. Please wait a minute and try again.`,
  // The conversation's screen texts.
  title: 'Conversation',
  empty: 'No comments yet. Start the conversation.',
  showEarlier: 'Show earlier comments',
  loadFailed: 'Could not load the comments.',
  placeholder: 'Write a comment… Markdown and @mentions work.',
  write: 'Write',
  preview: 'Preview',
  nothingToPreview: 'Nothing to preview.',
  send: 'Comment',
  sending: 'Posting…',
  sendHint: 'Ctrl+Enter to send',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  edited: 'edited',
  deletedUser: 'Deleted user',
  postFailed: 'Failed to post comment',
  updated: 'Comment updated',
  updateFailed: 'Failed to update comment',
  deleted: 'Comment deleted',
  deleteFailed: 'Failed to delete comment',
  deleteTitle: 'Delete this comment?',
  deleteDescription: 'The comment is removed for everyone. This cannot be undone.',
  guestHint: 'Guests can comment only on tasks assigned to them.',
  archivedHint: 'This product is archived: its tasks can be read, not changed.',
  noPeople: 'Nobody found.',
  watch: 'Watch',
  unwatch: 'Unwatch',
  watchFailed: 'Failed to change watching',
  noWatchers: 'Nobody watches this task yet.',
} as const;

/** The notifications' texts (stored with the row and shown as they are). */
export const conversationNotificationTexts = {
  mention: (author: string, title: string) => `${author} mentioned you on “${title}”`,
  comment: (author: string, title: string) => `${author} commented on “${title}”`,
  status: (actor: string, title: string, status: string) => `${actor} moved “${title}” to ${status}`,
};

// ---- Mentions ----

/** `[@Name](user:<uuid>)`, as the composer writes it; the name may hold escaped brackets. */
const MENTION =
  /\[@((?:\\.|[^\]\\\n])+)\]\(user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\)/gi;

/** The people a comment mentions, each once (lower-case ids, in order of first mention). */
export function mentionedUserIds(body: string): string[] {
  return [...new Set([...body.matchAll(MENTION)].map((m) => (m[2] as string).toLowerCase()))];
}

/** The people a comment mentions by id and name as written, each once (chat messages name them). */
export function mentionedPeople(body: string): { id: string; name: string }[] {
  const seen = new Map<string, string>();
  for (const m of body.matchAll(MENTION)) {
    const id = (m[2] as string).toLowerCase();
    if (!seen.has(id)) seen.set(id, (m[1] as string).replace(/\\(.)/g, '$1'));
  }
  return [...seen].map(([id, name]) => ({ id, name }));
}

/** The markdown of a mention: the name with markdown's brackets and backslashes escaped. */
export const mentionMarkdown = (name: string, userId: string) =>
  `[@${name.replace(/[\\[\]]/g, '\\$&')}](user:${userId})`;

// ---- Who may comment ----

/**
 * Who may write on a task they can see: members and admins; a guest only on a task assigned to
 * them (docs/decisions/012-task-page.md). Editing and deleting one's own comments follow it.
 */
export const canCommentOnTask = (
  viewer: { id: string; role: Role },
  task: { assigneeId: string | null },
): boolean => canEditTasks(viewer.role) || task.assigneeId === viewer.id;

// ---- Schemas ----

const CommentBodySchema = z.string(commentMessages.bodyRequired).check(
  z.trim(),
  z.minLength(1, commentMessages.bodyRequired),
  z.maxLength(COMMENT_BODY_MAX, commentMessages.bodyTooLong),
  multiLine(),
  z.refine((body) => mentionedUserIds(body).length <= COMMENT_MENTIONS_MAX, {
    error: commentMessages.tooManyMentions,
  }),
);

/** POST /api/tasks/{id}/comments and PATCH /api/comments/{id}. */
export const CommentInputSchema = z.object({ body: CommentBodySchema });
export type CommentInput = z.infer<typeof CommentInputSchema>;

export const CommentIdParamsSchema = z.object({ id: z.uuid(commentMessages.notFound) });

/**
 * GET /api/tasks/{id}/comments: the newest `limit` comments (oldest first within the page);
 * `before` (a page's `previousCursor`) gives the ones just before that page.
 */
export const CommentListQuerySchema = z.object({
  before: z.optional(z.string().check(z.maxLength(200), singleLine())),
  limit: z._default(
    z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(COMMENT_PAGE_MAX))),
    COMMENT_PAGE_DEFAULT,
  ),
});
export type CommentListQuery = z.infer<typeof CommentListQuerySchema>;

const PersonRefSchema = z.object({ id: z.string(), name: z.string(), avatar_url: z.nullable(z.string()) });
export type PersonRef = z.infer<typeof PersonRefSchema>;

export const CommentSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  /** Null once the author's account is deleted. */
  author: z.nullable(PersonRefSchema),
  /** Markdown; mentions as `[@Name](user:<uuid>)`. */
  body: z.string(),
  createdAt: z.string(),
  /** When the author last edited it; null if never. */
  editedAt: z.nullable(z.string()),
});
export type Comment = z.infer<typeof CommentSchema>;

export const CommentListSchema = z.object({
  /** Oldest first (newest last). */
  data: z.array(CommentSchema),
  /** The task's comments in all. */
  total: z.number(),
  /** Pass as `before` for the comments before this page; null when this page holds the first. */
  previousCursor: z.nullable(z.string()),
});
export type CommentList = z.infer<typeof CommentListSchema>;

/** GET /api/tasks/{id}/mentionable?q=: people who can see the task's product, by name. */
export const MentionableQuerySchema = z.object({
  q: z._default(z.string().check(z.trim(), z.maxLength(100), singleLine()), ''),
});
export const MentionableListSchema = z.object({ data: z.array(PersonRefSchema) });
export type MentionableList = z.infer<typeof MentionableListSchema>;

/** GET /api/tasks/{id}/watchers, and the answer of PUT and DELETE /api/tasks/{id}/watch. */
export const WatcherListSchema = z.object({
  /** The first WATCHERS_LISTED_MAX watchers by name. */
  data: z.array(PersonRefSchema),
  total: z.number(),
  /** Whether the caller watches the task. */
  watching: z.boolean(),
});
export type WatcherList = z.infer<typeof WatcherListSchema>;
