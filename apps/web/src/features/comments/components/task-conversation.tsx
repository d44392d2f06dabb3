import { commentMessages, type PersonRef, type Role } from '@shipyard/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ErrorState } from '../../../components/error-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { t } from '../../../lib/i18n/index.ts';
import { loadedComments, useComments, usePostComment } from '../api/comments.ts';
import { CommentComposer } from './comment-composer.tsx';
import { CommentItem } from './comment-item.tsx';

export type TaskConversationProps = {
  taskId: string;
  /** The signed-in user (the author of what they post; own and admin actions). */
  viewer: PersonRef & { role: Role };
  /** Whether the viewer may write here: canCommentOnTask(viewer, task) and the product not archived. */
  canComment: boolean;
  /** Why they may not, shown instead of the composer (e.g. commentMessages.guestHint, translated here). */
  readOnlyHint?: string;
};

/** Earlier pages loaded at most to reach the comment a link points to. */
const MAX_PAGES_FOR_ANCHOR = 20;

/**
 * A task's conversation: the newest comments (newest last), "Show earlier comments", and a
 * composer. Comments others write appear live (realtime invalidates the list). A link to
 * #comment-<id> scrolls to that comment and highlights it.
 */
export function TaskConversation({ taskId, viewer, canComment, readOnlyHint }: TaskConversationProps) {
  const comments = useComments(taskId);
  const post = usePostComment(taskId, { id: viewer.id, name: viewer.name, avatar_url: viewer.avatar_url });
  const now = useNow();
  const { hash } = useLocation();
  const anchored = hash.startsWith('#comment-') ? hash.slice('#comment-'.length) : undefined;
  const shown = loadedComments(comments.data);
  const total = comments.data?.pages[0]?.total ?? 0;
  const anchorFound = anchored !== undefined && shown.some((c) => c.id === anchored);
  const scrolledTo = useRef<string | undefined>(undefined);
  const [highlight, setHighlight] = useState<string | undefined>();

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = comments;
  const pagesLoaded = comments.data?.pages.length ?? 0;
  // The linked comment may sit on an earlier page: load back until it shows (bounded).
  useEffect(() => {
    if (!anchored || anchorFound || !hasNextPage || isFetchingNextPage) return;
    if (pagesLoaded >= MAX_PAGES_FOR_ANCHOR) return;
    void fetchNextPage();
  }, [anchored, anchorFound, hasNextPage, isFetchingNextPage, pagesLoaded, fetchNextPage]);

  useEffect(() => {
    if (!anchored || !anchorFound || scrolledTo.current === anchored) return;
    scrolledTo.current = anchored;
    document.getElementById(`comment-${anchored}`)?.scrollIntoView?.({ block: 'center' });
    setHighlight(anchored);
    const timer = window.setTimeout(() => setHighlight(undefined), 4_000);
    return () => window.clearTimeout(timer);
  }, [anchored, anchorFound]);

  return (
    <section aria-labelledby={`conversation-${taskId}`} className="flex flex-col gap-3">
      <h2 id={`conversation-${taskId}`} className="font-semibold text-base">
        {t(commentMessages.title)}
        {total > 0 ? <span className="ms-2 text-muted-foreground text-sm tabular-nums">{total}</span> : null}
      </h2>

      {comments.isPending ? (
        <div className="flex flex-col gap-3" aria-busy="true">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : comments.isError ? (
        <ErrorState
          title={t(commentMessages.loadFailed)}
          error={comments.error}
          onRetry={() => void comments.refetch()}
          retrying={comments.isFetching}
        />
      ) : (
        <>
          {hasNextPage ? (
            <Button
              variant="link"
              size="sm"
              className="self-start px-0"
              pending={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            >
              {t(commentMessages.showEarlier)}
            </Button>
          ) : null}
          {shown.length === 0 ? (
            <p className="text-muted-foreground text-sm">{t(commentMessages.empty)}</p>
          ) : (
            <ol className="flex flex-col divide-y" aria-label={t('Comments')}>
              {shown.map((comment) => (
                <CommentItem
                  key={comment.id}
                  comment={comment}
                  viewer={viewer}
                  canComment={canComment}
                  highlighted={highlight === comment.id}
                  now={now}
                />
              ))}
            </ol>
          )}
        </>
      )}

      {canComment ? (
        <CommentComposer
          taskId={taskId}
          label={t('New comment')}
          submitLabel={t(commentMessages.send)}
          pending={post.isPending}
          failedText={t(commentMessages.postFailed)}
          onSubmit={(body) => post.mutateAsync(body)}
        />
      ) : readOnlyHint ? (
        <p className="text-muted-foreground text-sm">{t(readOnlyHint)}</p>
      ) : null}
    </section>
  );
}
