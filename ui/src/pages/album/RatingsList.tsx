import type { Rating } from '../../api/types';
import { HalfStarRating } from '../../components/HalfStarRating';
import { Empty, Loading } from '../../components/QueryState';
import { AuthorLink, authorName } from './Avatar';
import { WrittenOn } from '../../components/WrittenOn';

/** Who rated the album, when, and how; the caller has sorted and filtered. */
export function RatingsList({ ratings, loading }: { ratings: Rating[]; loading: boolean }) {
  if (loading) return <Loading label="Loading ratings…" />;
  if (ratings.length === 0) return <Empty>Nobody has rated this album yet.</Empty>;
  return (
    <ul class="album-ratings-list">
      {ratings.map((rating) => (
        <li key={rating.ratingId}>
          <AuthorLink author={rating.user} />
          <WrittenOn class="album-date" at={rating.createdAt} />
          <HalfStarRating value={rating.number} label={`${authorName(rating.user)}'s rating`} size="small" />
        </li>
      ))}
    </ul>
  );
}
