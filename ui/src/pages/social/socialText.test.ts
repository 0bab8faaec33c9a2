import { describe, expect, it } from 'vitest';
import type { FeedItem } from '../../api/social';
import { timeAgo } from '../../lib/format';
import { feedAction, feedQuote } from './socialText';

const album = (title: string, rating: number | null = null) => ({
  albumId: 1,
  title,
  slug: title.toLowerCase(),
  artist: 'Radiohead',
  artistSlug: 'radiohead',
  pictureUrl: '',
  rating,
  listenedOn: null as string | null,
  relisten: false,
});

const item = (fields: Partial<FeedItem>): FeedItem => ({
  cursor: 'c',
  kind: 'rating',
  at: '2026-11-24T10:00:00Z',
  actor: { userId: 2, username: 'crate_digger', profilePictureUrl: '' },
  count: 1,
  albums: [],
  text: '',
  link: '/',
  recipient: null,
  ...fields,
});

describe('the feed and notification sentences', () => {
  it('says how long ago, then the date', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(timeAgo('2026-11-24T11:59:30Z', now)).toBe('just now');
    expect(timeAgo('2026-11-24T11:59:00Z', now)).toBe('1 minute ago');
    expect(timeAgo('2026-11-24T09:00:00Z', now)).toBe('3 hours ago');
    expect(timeAgo('2026-11-22T12:00:00Z', now)).toBe('2 days ago');
    expect(timeAgo('2026-10-01T12:00:00Z', now)).toBe('2026-10-01');
  });

  it('groups ratings and names a single one with its value', () => {
    expect(feedAction(item({ count: 6, albums: [album('Kid A', 9), album('Amnesiac', 8)] }))).toBe('rated 6 albums');
    expect(feedAction(item({ albums: [album('Kid A', 9)] }))).toBe('rated Kid A by Radiohead 9.0');
  });

  it('groups listens, names a re-listen and quotes a single listen\'s note', () => {
    expect(feedAction(item({ kind: 'listen', count: 3, albums: [album('Kid A')] }))).toBe('listened to 3 albums');
    const relisten = item({ kind: 'listen', albums: [{ ...album('Kid A', 9), listenedOn: '2026-03-12', relisten: true }], text: 'Still cold.' });
    expect(feedAction(relisten)).toBe('re-listened to Kid A by Radiohead 9.0');
    expect(feedQuote(relisten)).toBe('Still cold.');
    expect(feedAction(item({ kind: 'listen', albums: [album('Amnesiac')] }))).toBe('listened to Amnesiac by Radiohead');
  });

  it('groups track ratings and quotes the tracks', () => {
    const one = item({ kind: 'track-rating', albums: [album('Kid A')], text: 'Idioteque 9.0' });
    expect(feedAction(one)).toBe('rated a track of Kid A by Radiohead');
    expect(feedQuote(one)).toBe('Idioteque 9.0');
    expect(feedAction(item({ kind: 'track-rating', count: 4, albums: [album('Kid A')] }))).toBe('rated 4 tracks');
  });

  it('says what each other kind is, and quotes what was written', () => {
    const review = item({ kind: 'review', albums: [album('Kid A')], text: 'Cold and lovely.' });
    expect(feedAction(review)).toBe('reviewed Kid A by Radiohead');
    expect(feedQuote(review)).toBe('Cold and lovely.');
    expect(feedAction(item({ kind: 'list', text: 'Winter records' }))).toBe('made a list: Winter records');
    expect(feedQuote(item({ kind: 'list', text: 'Winter records' }))).toBeNull();
    expect(feedAction(item({ kind: 'shout', recipient: 'mira99', text: 'hi' }))).toBe("shouted on mira99's profile");
    expect(feedAction(item({ kind: 'new-album', actor: null, albums: [album('OK Computer')] }))).toBe(
      'New album by Radiohead: OK Computer',
    );
  });
});
