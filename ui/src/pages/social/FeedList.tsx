import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter-preact';
import type { FeedAlbum, FeedItem } from '../../api/social';
import { useRecentReviews } from '../../api/queries';
import { useFeed } from '../../api/socialQueries';
import { markOthersChangesStale } from '../../api/viewerCache';
import { useAuth } from '../../auth/AuthContext';
import { albumPath } from '../../components/AlbumTile';
import { Cover } from '../../components/Cover';
import { WithMentions } from '../../components/Mentions';
import { ErrorNote, Loading } from '../../components/QueryState';
import { AuthorLink } from '../album/Avatar';
import { feedAction, feedQuote, timeAgo } from './socialText';
import './social.css';

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
        <time class="feed-when" dateTime={item.at} title={item.at.slice(0, 16).replace('T', ' ')}>
          {timeAgo(item.at)}
        </time>
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

/** An empty feed points to members who wrote lately, to follow. */
function EmptyFeed() {
  const { user } = useAuth();
  const reviews = useRecentReviews();
  const seen = new Set<number>([user?.userId ?? 0]);
  const writers = (reviews.data ?? [])
    .map((review) => review.user)
    .filter((author) => author.username && !seen.has(author.userId) && (seen.add(author.userId), true))
    .slice(0, 6);
  return (
    <div class="feed-empty">
      <p class="empty">
        Your feed is empty. Follow members and artists to see what they rate, review and release here: press Follow
        on a member's profile or an artist's page.
      </p>
      {writers.length > 0 && (
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
      )}
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
