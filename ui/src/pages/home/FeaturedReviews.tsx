import { Link } from 'wouter-preact';
import { FEATURED_SHOWN, useFeaturedReviews } from '../../api/queries';
import { Cover } from '../../components/Cover';
import { HiddenNote } from '../../components/HiddenNote';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { WrittenOn } from '../../components/WrittenOn';

export function FeaturedReviews() {
  const featured = useFeaturedReviews();
  return (
    <section class="home-section" aria-labelledby="featured-heading">
      <h2 id="featured-heading">Featured Reviews</h2>
      {featured.isPending && <Loading label="Loading reviews…" hidden />}
      {featured.isError && <ErrorNote error={featured.error} />}
      {featured.data?.length === 0 && <Empty>No reviews yet. Be the first to write one.</Empty>}
      <div class="featured-grid">
        {/* Placeholders of the tiles' own size, so nothing below moves when they arrive. */}
        {featured.isPending &&
          Array.from({ length: FEATURED_SHOWN }, (_, index) => <div key={index} class="featured-tile placeholder" aria-hidden="true" />)}
        {featured.data?.map((review) => (
          <Link
            key={review.reviewId}
            href={`/review/${encodeURIComponent(review.albumSlug)}/${review.reviewId}`}
            class="featured-tile"
          >
            <Cover src={review.albumPictureUrl} name={review.albumTitle} alt={`Cover of ${review.albumTitle}`} sizes="96px" />
            <div class="featured-body">
              <span class="featured-artist">{review.artist}</span>
              <strong class="featured-title" title={review.albumTitle}>{review.albumTitle}</strong>
              <span class="featured-author">by {review.user.username || 'Unknown'}</span>
              {/* The tile is one link: Show again waits on the review's own page. */}
              <HiddenNote hidden={review.hidden} kind="review" id={review.reviewId} showAgain={false} />
              <p class="featured-preview">{review.preview}</p>
              <WrittenOn class="featured-date" at={review.createdAt} />
            </div>
          </Link>
        ))}
      </div>
    </section>
  );
}
