import { Link } from 'wouter-preact';
import { communityApi } from '../../api/community';
import { usePagedList } from '../../api/paged';
import { keys, useViewer } from '../../api/queries';
import { underViewer } from '../../api/viewerCache';
import type { Album } from '../../api/types';
import { HalfStarRating } from '../../components/HalfStarRating';
import { HiddenNote } from '../../components/HiddenNote';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { ShowMore } from '../../components/ShowMore';
import { AuthorLink, authorName } from './Avatar';
import { plural } from '../../lib/words';
import { WrittenOn } from '../../components/WrittenOn';

const PREVIEW_LENGTH = 220;
const REVIEWS_PAGE = 20;

/** The opening of a review, cut at a word. */
export function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= PREVIEW_LENGTH) return flat;
  const cut = flat.slice(0, PREVIEW_LENGTH);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > PREVIEW_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The Reviews tab: the album's reviews, newest first, each opening its page. */
export function ReviewsTab({ album }: { album: Album }) {
  const reviews = usePagedList({
    // Hidden reviews are in the answer for their author and the admins only.
    key: underViewer(keys.albumReviews(album.albumId), useViewer()),
    fetchPage: (page, limit) => communityApi.reviewsOfAlbum(album.slug, page, limit),
    limit: REVIEWS_PAGE,
    idOf: (review) => review.reviewId,
  });
  if (reviews.isPending) return <Loading label="Loading reviews…" />;
  if (reviews.isError) return <ErrorNote error={reviews.error} />;
  if (reviews.items.length === 0) return <Empty>Nobody has reviewed this album yet.</Empty>;

  // The server pages newest first; the album's own count is the true total.
  const newestFirst = reviews.items;
  const n = Math.max(album.numberOfReviews, newestFirst.length);
  return (
    <section class="album-reviews" aria-label="Reviews">
      <h2>
        {plural(n, 'Review')}
      </h2>
      <ul class="album-review-list">
        {newestFirst.map((review) => (
          <li key={review.reviewId}>
            <div class="album-review-meta">
              <AuthorLink author={review.user} />
              <WrittenOn class="album-date" at={review.createdAt} imported={review.imported} />
              {review.reviewRating != null && (
                <HalfStarRating
                  value={review.reviewRating}
                  label={`${authorName(review.user)}'s rating`}
                  size="small"
                />
              )}
            </div>
            <HiddenNote hidden={review.hidden} kind="review" id={review.reviewId} />
            <Link
              href={`/review/${encodeURIComponent(review.albumSlug || album.slug)}/${review.reviewId}`}
              class="album-review-preview"
            >
              {preview(review.reviewText)}
            </Link>
          </li>
        ))}
      </ul>
      <ShowMore list={reviews} total={n} />
    </section>
  );
}
