import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter-preact';
import { communityApi } from '../../api/community';
import { useViewer, useViewerQuery } from '../../api/queries';
import { refreshAfterWrite, underViewer } from '../../api/viewerCache';
import type { ReviewPage as Review } from '../../api/types';
import { useAuth } from '../../auth/AuthContext';
import { albumPath } from '../../components/AlbumTile';
import { Cover } from '../../components/Cover';
import { Dialog } from '../../components/Dialog';
import { HalfStarRating } from '../../components/HalfStarRating';
import { HiddenNote } from '../../components/HiddenNote';
import { Paragraphs } from '../../components/Paragraphs';
import { ErrorNote, Loading } from '../../components/QueryState';
import { ReportButton } from '../../components/Report';
import { VoteBar } from '../../components/VoteBar';
import { userRating } from '../../lib/format';
import { routeParam } from '../../lib/routeParam';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { AuthorLink } from '../album/Avatar';
import { CommentList } from '../album/CommentList';
import './review.css';
import { plural } from '../../lib/words';
import { WrittenOn } from '../../components/WrittenOn';

/** The review as the caller sees it: their own vote is part of the answer. */
const reviewKey = (albumTitle: string, reviewId: number) => ['review', albumTitle.toLowerCase(), reviewId];

function useReview(albumTitle: string, reviewId: number) {
  return useViewerQuery(reviewKey(albumTitle, reviewId), () => communityApi.review(albumTitle, reviewId));
}

/** /review/{albumTitle}/{reviewId} */
export function ReviewPage({ params }: { params: Record<string, string | undefined> }) {
  const albumTitle = routeParam(params.albumTitle);
  const reviewId = Number(params.reviewId);
  const review = useReview(albumTitle, reviewId);
  useDocumentTitle(review.data && `${review.data.user.username}'s review of ${review.data.albumTitle} by ${review.data.artist}`);
  return (
    <section class="review-page" data-screen="review">
      {!Number.isInteger(reviewId) ? (
        <ErrorNote error={new Error('There is no such review.')} />
      ) : review.isPending ? (
        <Loading label="Loading review…" />
      ) : review.isError ? (
        <ErrorNote error={review.error} />
      ) : (
        <ReviewView key={review.data.reviewId} review={review.data} cacheKey={reviewKey(albumTitle, reviewId)} />
      )}
    </section>
  );
}

function ReviewView({ review, cacheKey }: { review: Review; cacheKey: unknown[] }) {
  const { user } = useAuth();
  const client = useQueryClient();
  const viewer = useViewer();
  const album = { artistSlug: review.artistSlug, slug: review.albumSlug };
  const neighbour = (id: number | null) => (id == null ? null : `/review/${encodeURIComponent(review.albumSlug)}/${id}`);
  const mayDelete = user != null && (user.userId === review.user.userId || user.role === 'admin');
  const written = review.totalReviewsByUser;

  return (
    <>
      <div class="review-layout">
        <aside class="review-album" aria-label="Album">
          <Link href={albumPath(album)} class="review-album-cover">
            <Cover src={review.albumPictureUrl} name={review.albumTitle} alt={`${review.albumTitle} cover`} sizes="(max-width: 700px) 96px, 280px" />
          </Link>
          <Link href={albumPath(album)} class="review-album-title">
            {review.albumTitle}
          </Link>
          <Link href={`/artists/${encodeURIComponent(review.artistSlug)}`} class="review-album-artist">
            {review.artist}
          </Link>
        </aside>
        <article class="review-body">
          <header class="review-header">
            <AuthorLink author={review.user} />
            <span class="review-count">
              {plural(written, 'Review')}
            </span>
          </header>
          <HiddenNote hidden={review.hidden} kind="review" id={review.reviewId} />
          <h1 class="review-title">
            {review.artist} - {review.albumTitle}
          </h1>
          <div class="review-rating">
            {review.reviewRating != null && (
              <HalfStarRating value={review.reviewRating} label={`${review.user.username}'s rating`} />
            )}
            <strong>{userRating(review.reviewRating)}</strong>
            <WrittenOn at={review.createdAt} imported={review.imported} />
          </div>
          <Paragraphs text={review.reviewText} class="review-text" />
          <VoteBar
            key={user?.userId ?? 0}
            target={{ reviewId: review.reviewId }}
            initial={{ userVote: review.userVote, votesUp: review.votesUp, votesDown: review.votesDown }}
            authorId={review.user.userId}
            noun="review"
            onVoted={(votes) => {
              // Coming back to the review shows the vote at once, before any refetch.
              client.setQueryData<Review>(underViewer(cacheKey, viewer), (old) => old && { ...old, ...votes });
              void refreshAfterWrite(client);
            }}
          />
          <nav class="review-neighbours" aria-label="Other reviews of this album">
            <NeighbourLink href={neighbour(review.previousReviewId)} label="Previous" />
            <NeighbourLink href={neighbour(review.nextReviewId)} label="Next" />
            {mayDelete && <DeleteReview review={review} />}
            <ReportButton kind="review" id={review.reviewId} authorId={review.user.userId} />
          </nav>
        </article>
      </div>
      <CommentList kind="review" id={review.reviewId} />
    </>
  );
}

/** Previous or Next: a link, or a disabled button at either end. */
function NeighbourLink({ href, label }: { href: string | null; label: string }) {
  if (href == null) {
    return (
      <button type="button" class="button" disabled>
        {label}
      </button>
    );
  }
  return (
    <Link href={href} class="button">
      {label}
    </Link>
  );
}

function DeleteReview({ review }: { review: Review }) {
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState('');
  const remove = async () => {
    setError('');
    try {
      await communityApi.deleteReview(review.reviewId);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      return;
    }
    // Counts, featured reviews and the album's Reviews tab all change.
    await refreshAfterWrite(client);
    navigate(albumPath({ artistSlug: review.artistSlug, slug: review.albumSlug }), { replace: true });
  };
  return (
    <>
      <button type="button" class="button danger" onClick={() => setConfirming(true)}>
        Delete Review
      </button>
      {confirming && (
        <Dialog title="Delete this review?" onClose={() => setConfirming(false)}>
          <p>Its votes and comments go with it. This cannot be undone.</p>
          <div class="dialog-actions">
            <button type="button" class="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" class="button danger" onClick={remove}>
              Delete
            </button>
          </div>
          {error && (
            <p class="form-error" role="alert">
              {error}
            </p>
          )}
        </Dialog>
      )}
    </>
  );
}
