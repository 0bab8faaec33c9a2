import { useState } from 'react';
import { Link } from 'wouter-preact';
import type { Album, ProfileStats } from '../../api/types';
import { useMyRatingOf } from '../../api/queries';
import { AlbumTile, albumPath } from '../../components/AlbumTile';
import { HalfStarRating } from '../../components/HalfStarRating';
import { HiddenNote } from '../../components/HiddenNote';
import { WithMentions } from '../../components/Mentions';
import { Empty, ErrorNote, Loading } from '../../components/QueryState';
import { ShowMore } from '../../components/ShowMore';
import { Tabs } from '../../components/Tabs';
import { approvalPercent, approvalText } from '../../lib/approval';
import { preview } from '../album/ReviewsTab';
import { FeedLink } from '../../components/FeedLink';
import { groupByValue } from './profileData';
import { useTopTracks, useUserPosts, useUserRatings, useUserReviews } from './profileQueries';
import { ListsTab } from './ListsTab';
import { ShoutsTab } from './ShoutsTab';
import { WrittenOn } from '../../components/WrittenOn';

type Tab = 'ratings' | 'general' | 'reviews' | 'shouts' | 'posts' | 'lists';

const NO_RATINGS = "This user hasn't rated any albums.";

/** Ratings, General (the default: an overview), Reviews, Shouts, Posts and Lists. */
export function ProfileTabs({ username, stats }: { username: string; stats: ProfileStats }) {
  // A link to one shout (a notification's) opens the Shouts tab at it.
  const [tab, setTab] = useState<Tab>(() => (window.location.hash.startsWith('#shout-') ? 'shouts' : 'general'));
  const tabs: Array<[Tab, string]> = [
    ['ratings', `Ratings (${stats.ratingsCount})`],
    ['general', 'General'],
    ['reviews', `Reviews (${stats.reviewsCount})`],
    ['shouts', 'Shouts'],
    ['posts', `Posts (${stats.postsCount})`],
    ['lists', 'Lists'],
  ];
  return (
    <div class="profile-tabs">
      <Tabs label={`${username}'s activity`} tabs={tabs} selected={tab} onSelect={setTab} />
      <div class="profile-tab-panel" role="tabpanel">
        {tab === 'ratings' && <RatingsTab username={username} />}
        {tab === 'general' && <GeneralTab username={username} stats={stats} />}
        {tab === 'reviews' && <ReviewsTab username={username} total={stats.reviewsCount} />}
        {tab === 'shouts' && <ShoutsTab username={username} />}
        {tab === 'posts' && <PostsTab username={username} total={stats.postsCount} />}
        {tab === 'lists' && <ListsTab username={username} />}
      </div>
    </div>
  );
}

function AlbumRow({ username, title, albums, empty }: { username: string; title: string; albums: Album[]; empty: string }) {
  const myRatingOf = useMyRatingOf();
  return (
    <section class="profile-section">
      <h2>{title}</h2>
      {albums.length === 0 ? (
        <Empty>{empty}</Empty>
      ) : (
        <div class="album-grid">
          {albums.map((album) => (
            // The profile's albums carry the owner's rating as userRating.
            <AlbumTile
              key={album.albumId}
              album={album}
              compact
              owner={{ username, rating: album.userRating, viewerRating: myRatingOf(album.albumId) }}
            />
          ))}
        </div>
      )}
    </section>
  );
}

function GeneralTab({ username, stats }: { username: string; stats: ProfileStats }) {
  return (
    <>
      <AlbumRow username={username} title="Top 5 Albums" albums={stats.topAlbums} empty={NO_RATINGS} />
      <TopTracks username={username} />
      <AlbumRow username={username} title="Recently Rated" albums={stats.recentlyRated} empty={NO_RATINGS} />
      <AlbumRow
        username={username}
        title="Recently Commented"
        albums={stats.recentlyCommented}
        empty="This user hasn't commented on any albums."
      />
    </>
  );
}

/** The member's best rated tracks; not shown until they rate one. */
function TopTracks({ username }: { username: string }) {
  const tracks = useTopTracks(username);
  if (tracks.isError) return <ErrorNote error={tracks.error} />;
  if (!tracks.data?.length) return null;
  return (
    <section class="profile-section" aria-labelledby="profile-top-tracks">
      <h2 id="profile-top-tracks">Top Tracks</h2>
      <ol class="profile-top-tracks">
        {tracks.data.map((track) => (
          <li key={track.trackId}>
            <span class="profile-track-rating">{track.number.toFixed(1)}</span>
            <span>
              {track.title}
              <span class="profile-track-album">
                {' · '}
                <Link href={albumPath({ artistSlug: track.artistSlug, slug: track.albumSlug })}>{track.albumTitle}</Link> by {track.artist}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function RatingsTab({ username }: { username: string }) {
  const ratings = useUserRatings(username);
  if (ratings.isPending) return <Loading label="Loading Albums..." />;
  if (ratings.isError) return <ErrorNote error={ratings.error} />;
  const groups = groupByValue(ratings.data);
  if (groups.length === 0) return <Empty>{NO_RATINGS}</Empty>;
  return (
    <>
      {groups.map((group) => (
        <section key={group.number} class="profile-section" aria-label={`Rated ${group.number.toFixed(1)}`}>
          <h2 class="profile-rating-heading">
            <HalfStarRating value={group.number} label={`Rated ${group.number.toFixed(1)}`} size="small" />
            <span>{group.number.toFixed(1)}</span>
          </h2>
          <div class="album-grid">
            {group.ratings.map((rating) => (
              // Here the album's userRating is the visitor's, the row's number the owner's.
              <AlbumTile
                key={rating.ratingId}
                album={rating.album!}
                compact
                owner={{ username, rating: rating.number, viewerRating: rating.album!.userRating }}
              />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

function ReviewsTab({ username, total }: { username: string; total: number }) {
  const reviews = useUserReviews(username);
  if (reviews.isPending) return <Loading label="Loading reviews…" />;
  if (reviews.isError) return <ErrorNote error={reviews.error} />;
  if (reviews.items.length === 0) return <Empty>This user hasn't written any reviews.</Empty>;
  return (
    <>
      <ul class="profile-list">
        {reviews.items.map((review) => (
          <li key={review.reviewId}>
            <Link href={`/review/${encodeURIComponent(review.albumSlug)}/${review.reviewId}`} class="profile-list-title">
              {review.artist} - {review.albumTitle}
            </Link>
            <div class="profile-list-meta">
              {review.reviewRating != null && <span>{review.reviewRating.toFixed(1)}</span>}
              <WrittenOn at={review.createdAt} imported={review.imported} />
              <span>{approvalText(approvalPercent(review.votesUp, review.votesDown))}</span>
            </div>
            <HiddenNote hidden={review.hidden} kind="review" id={review.reviewId} />
            <p>
              <WithMentions text={preview(review.reviewText)} />
            </p>
          </li>
        ))}
      </ul>
      <ShowMore list={reviews} total={total} />
      <p class="album-muted">
        <FeedLink href={`/api/feeds/members/${encodeURIComponent(username)}/reviews`} title={`${username}'s reviews`}>
          Follow these reviews in a feed reader
        </FeedLink>
      </p>
    </>
  );
}

function PostsTab({ username, total }: { username: string; total: number }) {
  const posts = useUserPosts(username);
  if (posts.isPending) return <Loading label="Loading posts…" />;
  if (posts.isError) return <ErrorNote error={posts.error} />;
  if (posts.items.length === 0) return <Empty>This user hasn't written any posts.</Empty>;
  return (
    <>
      <ul class="profile-list">
        {posts.items.map((post) => (
          <li key={post.postId}>
            <Link href={`/post/${post.postId}`} class="profile-list-title">
              {post.title}
            </Link>
            <div class="profile-list-meta">
              <WrittenOn at={post.createdAt} />
              <span>{approvalText(approvalPercent(post.votesUp, post.votesDown))}</span>
            </div>
            <HiddenNote hidden={post.hidden} kind="post" id={post.postId} />
            <p>
              <WithMentions text={preview(post.postText)} />
            </p>
          </li>
        ))}
      </ul>
      <ShowMore list={posts} total={total} />
    </>
  );
}
