// The sentences of the feed and the notifications, as pure functions.
import type { FeedItem } from '../../api/social';
import { plural } from '../../lib/words';

/**
 * What the actor did, after their name ("rated 6 albums"), or the whole
 * sentence of a new album, which has no actor.
 */
export function feedAction(item: FeedItem): string {
  const album = item.albums[0];
  switch (item.kind) {
    case 'rating':
      if (item.count > 1 || !album) return `rated ${plural(item.count, 'album')}`;
      return `rated ${album.title} by ${album.artist}${album.rating != null ? ` ${album.rating.toFixed(1)}` : ''}`;
    case 'track-rating':
      if (item.count > 1 || !album) return `rated ${plural(item.count, 'track')}`;
      return `rated a track of ${album.title} by ${album.artist}`;
    case 'listen': {
      if (item.count > 1 || !album) return `listened to ${plural(item.count, 'album')}`;
      const again = album.relisten ? 're-listened to' : 'listened to';
      return `${again} ${album.title} by ${album.artist}${album.rating != null ? ` ${album.rating.toFixed(1)}` : ''}`;
    }
    case 'review':
      return album ? `reviewed ${album.title} by ${album.artist}` : 'wrote a review';
    case 'list':
      return `made a list: ${item.text}`;
    case 'post':
      return 'wrote a post';
    case 'shout':
      return item.recipient ? `shouted on ${item.recipient}'s profile` : 'left a shout';
    case 'new-album':
      return album ? `New album by ${album.artist}: ${album.title}` : 'A new album';
  }
}

/** The words under the sentence: a review's, post's or shout's opening, a listen's note, the tracks rated (a list's title is in the sentence). */
export function feedQuote(item: FeedItem): string | null {
  const quoted = ['review', 'post', 'shout', 'listen', 'track-rating'];
  return quoted.includes(item.kind) ? item.text || null : null;
}
