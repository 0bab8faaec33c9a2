import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { communityApi, type CommentTarget } from '../../api/community';
import { keys, useViewer } from '../../api/queries';
import { refreshAfterWrite, underViewer } from '../../api/viewerCache';
import type { Comment, CommentPage } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { HalfStarRating } from '../../components/HalfStarRating';
import { HiddenNote } from '../../components/HiddenNote';
import { Icon } from '../../components/icons';
import { WithMentions } from '../../components/Mentions';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { ReportButton } from '../../components/Report';
import { AuthorLink, authorName } from './Avatar';
import { CommentComposer } from './CommentComposer';
import { WrittenOn } from '../../components/WrittenOn';

export type CommentKind = 'album' | 'review' | 'post' | 'list';

function targetOf(kind: CommentKind, id: number): CommentTarget {
  if (kind === 'album') return { albumId: id };
  if (kind === 'review') return { reviewId: id };
  if (kind === 'list') return { listId: id };
  return { postId: id };
}

function totalOf(page: CommentPage): number | undefined {
  return page.totalAlbumComments ?? page.totalReviewComments ?? page.totalPostComments ?? page.totalListComments;
}

function CommentItem({
  comment,
  canDelete,
  onDelete,
}: {
  comment: Comment;
  canDelete: boolean;
  onDelete: () => void;
}) {
  return (
    <li class="album-comment" id={`comment-${comment.commentId}`}>
      <div class="album-comment-meta">
        <AuthorLink author={comment.user} />
        <WrittenOn class="album-date" at={comment.createdAt} />
        {comment.rating != null && (
          <HalfStarRating value={comment.rating} label={`${authorName(comment.user)}'s rating`} size="small" />
        )}
        <ReportButton kind="comment" id={comment.commentId} authorId={comment.userId} />
        {canDelete && (
          <button type="button" class="album-comment-delete" aria-label="Delete comment" title="Delete comment" onClick={onDelete}>
            <Icon name="trash" />
          </button>
        )}
      </div>
      <HiddenNote hidden={comment.hidden} kind="comment" id={comment.commentId} />
      <p class="album-comment-text">
        <WithMentions text={comment.commentText} />
      </p>
    </li>
  );
}

/**
 * The comments on an album, review, post or list, ten a page, newest first, with
 * a box to add one. Only the author (or an admin) can delete a comment.
 */
export function CommentList({ kind, id }: { kind: CommentKind; id: number }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const comments = useQuery({
    // Hidden comments are in the answer for their author and the admins only.
    queryKey: underViewer(keys.comments(kind, id, page), useViewer()),
    queryFn: () => communityApi.comments(kind, id, page),
    // Keeps the old page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const totalPages = Math.max(1, comments.data?.totalPages ?? 1);

  // Deleting the last comment of the last page leaves that page empty.
  useEffect(() => {
    if (comments.data && !comments.isPlaceholderData && page > totalPages) setPage(totalPages);
  }, [comments.data, comments.isPlaceholderData, page, totalPages]);

  // Profile figures, tab counts and home panels show comments too.
  const refresh = () => refreshAfterWrite(client);

  const remove = async (commentId: number) => {
    setDeleteError(null);
    try {
      await communityApi.deleteComment(commentId);
    } catch (failure) {
      setDeleteError(failure);
    }
    await refresh();
  };

  const total = comments.data ? totalOf(comments.data) : undefined;
  return (
    <section class="album-comments" aria-labelledby={`comments-${kind}-${id}`}>
      <h2 id={`comments-${kind}-${id}`}>{total ? `Comments (${total})` : 'Comments'}</h2>
      <CommentComposer
        target={targetOf(kind, id)}
        onPosted={() => {
          setPage(1);
          void refresh();
        }}
      />
      {deleteError != null && <ErrorNote error={deleteError} />}
      {comments.isPending && <Loading label="Loading comments…" />}
      {comments.isError && <ErrorNote error={comments.error} />}
      {comments.data?.data.length === 0 && <Empty>No comments yet.</Empty>}
      {comments.data && comments.data.data.length > 0 && (
        <ul class="album-comment-list" aria-busy={comments.isPlaceholderData}>
          {comments.data.data.map((comment) => (
            <CommentItem
              key={comment.commentId}
              comment={comment}
              canDelete={user != null && (user.userId === comment.userId || user.role === 'admin')}
              onDelete={() => void remove(comment.commentId)}
            />
          ))}
        </ul>
      )}
      {totalPages > 1 && (
        <nav class="album-pager" aria-label="Comment pages">
          <button type="button" class="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span aria-live="polite">
            Page {page} of {totalPages}
          </span>
          <button type="button" class="button" disabled={page >= totalPages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
