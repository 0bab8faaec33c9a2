import type { ProfileStats } from '../../api/types';
import { approvalText } from '../../lib/approval';
import { longDate } from '../../lib/format';
import { averageText } from './profileData';
import { wholeNumber } from '../../lib/words';

/** The member's figures: joined, comments, approval, score, favourite genre, average, reviews, shouts. */
export function StatCard({ stats }: { stats: ProfileStats }) {
  const approval = stats.approval == null ? null : Math.round(stats.approval);
  const figures: Array<[string, string]> = [
    ['Joined', longDate(stats.joined.slice(0, 10))],
    ['Comments', String(stats.commentsCount)],
    ['Approval', approvalText(approval)],
    ['Score', wholeNumber(stats.score)],
    ['Favourite Genre', stats.favouriteGenre ?? 'None yet'],
    ['Average Rating', averageText(stats.averageRating)],
    ['Reviews', String(stats.reviewsCount)],
    ['Shouts', String(stats.shoutsCount)],
  ];
  return (
    <dl class="profile-stats">
      {figures.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
