import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter-preact';
import type { FeedAlbum, FeedItem } from '../../api/social';
import { useRecentReviews } from '../../api/queries';
import { useFeed, useSocial } from '../../api/socialQueries';
import { markOthersChangesStale } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { albumPath } from '../../components/AlbumTile';
import { defaultChartsPath } from '../../components/Header';
import { Cover } from '../../components/Cover';
import { WithMentions } from '../../components/Mentions';
import { ErrorNote, Loading } from '../../components/QueryState';
import { AuthorLink } from '../album/Avatar';
import { useProfileStats } from '../profile/profileQueries';
import { feedAction, feedQuote } from './socialText';
import './social.css';
import { WrittenOn } from '../../components/WrittenOn';

function FeedCover({ album }: { album: FeedAlbum }) {
  const alt = `${album.title} by ${album.artist}`;
  return (
    <li>
      <Link href={albumPath(album)} class="feed-cover" title={alt}>
        <Cover src={album.pictureUrl} name={album.title} alt={alt} sizes="88px" />
        {album.rating != null && <span class="feed-cover-rating">{album.rating.toFixed(1)}</span>}
      </Link>
    </li>
  );
}

function FeedEntry({ item }: { item: FeedItem }) {
  const quote = feedQuote(item);
  const client = useQueryClient();
  return (
    <li class="feed-item" data-kind={item.kind}>
      <p class="feed-line">
        {item.actor && <AuthorLink author={item.actor} />}{' '}
        <Link href={item.link} class="feed-action" onClick={() => void markOthersChangesStale(client)}>
          {feedAction(item)}
        </Link>
        <WrittenOn class="feed-when" at={item.at} ago />
      </p>
      {quote && (
        <p class="feed-quote">
          <WithMentions text={quote} />
        </p>
      )}
      {item.albums.length > 0 && (
        <ul class="feed-covers" aria-label="Albums">
          {item.albums.slice(0, 6).map((album) => (
            <FeedCover key={album.albumId} album={album} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Members who wrote reviews lately, not the reader: people to follow. */
function useRecentWriters() {
  const { user } = useAuth();
  const reviews = useRecentReviews();
  const seen = new Set<number>([user?.userId ?? 0]);
  return (reviews.data ?? [])
    .map((review) => review.user)
    .filter((author) => author.username && !seen.has(author.userId) && (seen.add(author.userId), true))
    .slice(0, 6);
}

function WritersToFollow() {
  const writers = useRecentWriters();
  if (writers.length === 0) return null;
  return (
    <>
      <p>Members who wrote reviews lately:</p>
      <ul class="feed-suggestions" aria-label="Members to follow">
        {writers.map((author) => (
          <li key={author.userId}>
            <AuthorLink author={author} />
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What a new member can do first, in place of their empty feed until they
 * have done something: rated, reviewed, posted, commented or followed.
 */
function FirstSteps() {
  return (
    <section class="first-steps" aria-labelledby="first-steps-title">
      <h2 id="first-steps-title">Welcome! A few first steps</h2>
      <ol class="first-steps-list">
        <li>
          <Link href={defaultChartsPath()}>Rate a few albums</Link>
          <p>Find albums you know in the charts or the search box and give each its stars: they fill your library.</p>
        </li>
        <li>
          <Link href="/settings/import">Import your ratings</Link>
          <p>Bring your ratings and plays from Rate Your Music, Last.fm or Discogs.</p>
        </li>
        <li>
          <span class="first-steps-title">Follow members</span>
          <p>Their ratings and reviews show here, in your feed.</p>
          <WritersToFollow />
        </li>
        <li>
          <Link href="/add-list">Make a list</Link>
          <p>Your favourites of a year, a genre, or anything you like.</p>
        </li>
      </ol>
    </section>
  );
}

/** An empty feed: first steps for a new member, else members who wrote lately, to follow. */
function EmptyFeed() {
  const { user } = useAuth();
  const stats = useProfileStats(user?.username ?? '');
  const social = useSocial(user?.username ?? '');
  if (stats.isPending || social.isPending) return <Loading label="Loading your feed…" />;
  const done = stats.data;
  const started =
    (done != null && done.ratingsCount + done.libraryCount + done.reviewsCount + done.postsCount + done.commentsCount > 0) ||
    (social.data?.following ?? 0) > 0;
  return started ? <FollowSomeone /> : <FirstSteps />;
}

function FollowSomeone() {
  return (
    <div class="feed-empty">
      <p class="empty">
        Your feed is empty. Follow members and artists to see what they rate, review and release here: press Follow
        on a member's profile or an artist's page.
      </p>
      <WritersToFollow />
    </div>
  );
}

/** The signed-in member's feed, newest first, with Show more while there is more. */
export function FeedList() {
  const feed = useFeed();
  // A failed "Show more" keeps what was shown and says why under it.
  const moreError = feed.isFetchNextPageError ? feed.error : null;
  if (feed.isPending) return <Loading label="Loading your feed…" />;
  if (feed.isError) return <ErrorNote error={feed.error} />;
  if (feed.items.length === 0) {
    return <EmptyFeed />;
  }
  return (
    <>
      <ul class="feed-list" aria-label="Feed">
        {feed.items.map((item) => (
          <FeedEntry key={item.cursor} item={item} />
        ))}
      </ul>
      {moreError != null && <ErrorNote error={moreError} />}
      {feed.hasNextPage && (
        <div class="show-more">
          <button type="button" class="button" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </button>
        </div>
      )}
    </>
  );
}
