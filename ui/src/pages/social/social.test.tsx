import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { focusManager } from '@tanstack/react-query';
import type { Compatibility, FeedItem, Notification, Social } from '../../api/social';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signIn = () => localStorage.setItem('halfstar.token', 't');
const me = [200, { ...vera, suspension: null }] as [number, unknown];
const mira = { userId: 5, username: 'mira99', createdAt: '2025-03-03T10:00:00.000Z', profilePictureUrl: '', role: 'user' };
const stats = {
  joined: '2025-03-03T10:00:00.000Z',
  ratingsCount: 0,
  libraryCount: 0,
  commentsCount: 0,
  reviewsCount: 0,
  shoutsCount: 0,
  postsCount: 0,
  approval: null,
  score: 0,
  favouriteGenre: null,
  averageRating: null,
  ratingDistribution: [],
  topGenres: [],
  topAlbums: [],
  recentlyRated: [],
  recentlyCommented: [],
};
const social = (fields: Partial<Social> = {}): Social => ({
  followers: 2,
  following: 1,
  youFollow: false,
  followsYou: false,
  youBlock: false,
  ...fields,
});
const album = (albumId: number, title: string, rating: number | null = null) => ({
  albumId,
  title,
  slug: title.toLowerCase().replace(/ /g, '-'),
  artist: 'Radiohead',
  artistSlug: 'radiohead',
  pictureUrl: '',
  rating,
  listenedOn: null,
  relisten: false,
});
const compatibility: Compatibility = {
  sharedAlbums: 12,
  minimumShared: 5,
  score: 81,
  message: '81% from the 12 albums you both rated.',
  agree: [{ album: album(1, 'Kid A'), yours: 9, theirs: 9.5 }],
  disagree: [{ album: album(2, 'Amnesiac'), yours: 8, theirs: 3 }],
};

function profile(extra: Record<string, [number, unknown?]> = {}) {
  return fakeServer({
    'GET /api/auth/me': me,
    'GET /api/user/username/mira99': [200, mira],
    'GET /api/user/username/mira99/stats': [200, stats],
    'GET /api/user/username/mira99/social': [200, social()],
    'GET /api/user/username/mira99/compatibility': [200, compatibility],
    'GET /api/notifications/unread': [200, { unread: 0 }],
    ...extra,
  });
}

describe('follows and blocks on a profile', () => {
  it('follows, then blocks only after the dialog says what blocking does', async () => {
    signIn();
    const server = profile({
      'POST /api/user/username/mira99/follow': [200, social({ followers: 3, youFollow: true })],
      'POST /api/user/username/mira99/block': [200, social({ followers: 2, youBlock: true })],
    });
    const view = renderAt('/user/mira99');
    fireEvent.click(await view.findByRole('button', { name: 'Follow' }));
    await view.findByRole('button', { name: 'Unfollow' });
    expect(view.getByRole('button', { name: '3 followers' })).toBeTruthy();

    fireEvent.click(view.getByRole('button', { name: 'Block' }));
    const dialog = view.getByRole('dialog', { name: 'Block mira99?' });
    expect(dialog.textContent).toContain("won't notify you");
    expect(server.calls.some((call) => call.url.endsWith('/block'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Block' }));
    await view.findByRole('button', { name: 'Unblock' });
    expect(view.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/user/username/mira99/follow',
      '/api/user/username/mira99/block',
    ]);
  });

  it("shows the server's refusal", async () => {
    signIn();
    profile({ 'POST /api/user/username/mira99/follow': [403, { message: "You can't follow this member." }] });
    const view = renderAt('/user/mira99');
    fireEvent.click(await view.findByRole('button', { name: 'Follow' }));
    expect((await view.findByRole('alert')).textContent).toBe("You can't follow this member.");
  });

  it('opens the followers list, where the owner removes one', async () => {
    signIn();
    const server = fakeServer({
      'GET /api/auth/me': me,
      'GET /api/user/username/vinylvera': [200, vera],
      'GET /api/user/username/vinylvera/stats': [200, stats],
      'GET /api/user/username/vinylvera/social': [200, social({ followers: 1 })],
      'GET /api/user/username/vinylvera/followers*': [200, [{ userId: 5, username: 'mira99', profilePictureUrl: '' }]],
      'DELETE /api/user/username/mira99/follower': [200, social()],
    });
    const view = renderAt('/user/vinylvera');
    fireEvent.click(await view.findByRole('button', { name: '1 follower' }));
    const dialog = await view.findByRole('dialog', { name: "vinylvera's followers" });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Remove follower mira99' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'DELETE')).toBe(true));
    // No Follow or Block on one's own profile, nor a compatibility figure.
    expect(view.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(server.calls.some((call) => call.url.includes('compatibility'))).toBe(false);
  });

  it('shows visitors the counts only', async () => {
    const server = profile();
    const view = renderAt('/user/mira99');
    await view.findByRole('button', { name: '2 followers' });
    expect(view.queryByRole('button', { name: 'Follow' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(view.queryByRole('region', { name: 'Taste compatibility' })).toBeNull();
    expect(server.calls.some((call) => call.url.includes('compatibility') || call.url.includes('notifications'))).toBe(false);
  });
});

describe('taste compatibility', () => {
  it('shows the figure, the message and the albums agreed and disagreed on', async () => {
    signIn();
    profile();
    const view = renderAt('/user/mira99');
    const panel = await view.findByRole('region', { name: 'Taste compatibility' });
    await within(panel).findByRole('img', { name: '81 out of 100' });
    expect(panel.textContent).toContain('81% from the 12 albums you both rated.');
    expect(panel.textContent).toContain('12 albums rated by you both');
    expect(within(panel).getByRole('list', { name: 'You agree on' }).textContent).toContain('You 9.0 · mira99 9.5');
    expect(within(panel).getByRole('list', { name: 'You disagree on' }).textContent).toContain('You 8.0 · mira99 3.0');
  });

  it('gives the message alone below the minimum', async () => {
    signIn();
    const few = { ...compatibility, sharedAlbums: 3, score: null, message: 'You have rated 3 albums in common; 5 are needed for a figure.', agree: [], disagree: [] };
    profile({ 'GET /api/user/username/mira99/compatibility': [200, few] });
    const view = renderAt('/user/mira99');
    const panel = await view.findByRole('region', { name: 'Taste compatibility' });
    await within(panel).findByText('You have rated 3 albums in common; 5 are needed for a figure.');
    expect(within(panel).queryByRole('img')).toBeNull();
    expect(within(panel).queryByRole('list')).toBeNull();
  });
});

const notification = (fields: Partial<Notification>): Notification => ({
  ids: [4],
  kind: 'comment',
  actors: [{ userId: 5, username: 'mira99', profilePictureUrl: '' }],
  actorCount: 1,
  text: 'mira99 commented on your review of Kid A',
  link: '/review/kid-a/31',
  at: '2026-11-24T10:00:00Z',
  read: false,
  ...fields,
});

describe('the bell and the notifications page', () => {
  it('shows the unread count on the bell, and nothing to visitors', async () => {
    signIn();
    fakeServer({ 'GET /api/auth/me': me, 'GET /api/notifications/unread': [200, { unread: 3 }] });
    const view = renderAt('/no-such-page');
    const bells = await view.findAllByRole('link', { name: 'Notifications: 3 unread' });
    expect(bells).toHaveLength(2); // the header's and the phone bar's
    expect(bells[0].getAttribute('href')).toBe('/notifications');
    expect(bells[0].querySelector('.count-badge')?.textContent).toBe('3');
    cleanup();
    localStorage.clear();
    const visitor = fakeServer({});
    const anonymous = renderAt('/no-such-page');
    await anonymous.findByRole('link', { name: 'Login' });
    expect(anonymous.queryByRole('link', { name: /Notifications/ })).toBeNull();
    expect(visitor.calls.some((call) => call.url.includes('notifications'))).toBe(false);
  });

  it('asks for the count again when the tab is shown again', async () => {
    signIn();
    const server = fakeServer({ 'GET /api/auth/me': me, 'GET /api/notifications/unread': [200, { unread: 1 }] });
    const view = renderAt('/no-such-page');
    await view.findAllByRole('link', { name: 'Notifications: 1 unread' });
    const asked = () => server.calls.filter((call) => call.url === '/api/notifications/unread').length;
    const before = asked();
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(asked()).toBeGreaterThan(before));
    focusManager.setFocused(undefined);
  });

  it('marks an item read as it opens and goes to its page; Mark all read sends no ids', async () => {
    signIn();
    const server = fakeServer({
      'GET /api/auth/me': me,
      'GET /api/notifications/unread': [200, { unread: 2 }],
      'GET /api/notifications*': [
        200,
        {
          items: [
            notification({ ids: [7, 8], kind: 'vote', actorCount: 5, text: '5 people liked your review of Kid A' }),
            notification({}),
          ],
          next: null,
        },
      ],
      'POST /api/notifications/read': [200, { unread: 1 }],
    });
    const view = renderAt('/notifications');
    const list = await view.findByRole('list', { name: 'Notifications' });
    expect(list.textContent).toContain('and 4 more');
    fireEvent.click(view.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(server.calls.filter((call) => call.url === '/api/notifications/read')).toHaveLength(1));
    expect(server.calls.find((call) => call.url === '/api/notifications/read')?.body).toEqual({});

    fireEvent.click(within(list).getByRole('link', { name: /mira99 commented on your review of Kid A/ }));
    await waitFor(() => expect(view.location.history?.at(-1)).toBe('/review/kid-a/31'));
    expect(server.calls.filter((call) => call.url === '/api/notifications/read').at(-1)?.body).toEqual({ ids: [4] });
  });

  it("says why marking read failed and stays", async () => {
    signIn();
    fakeServer({
      'GET /api/auth/me': me,
      'GET /api/notifications/unread': [200, { unread: 1 }],
      'GET /api/notifications*': [200, { items: [notification({})], next: null }],
      'POST /api/notifications/read': [500, { message: 'The database is busy.' }],
    });
    const view = renderAt('/notifications');
    fireEvent.click(await view.findByRole('link', { name: /commented on your review/ }));
    expect((await view.findByRole('alert')).textContent).toBe('The database is busy.');
    expect(view.location.history?.at(-1)).toBe('/notifications');
  });
});

const feedItem = (fields: Partial<FeedItem>): FeedItem => ({
  cursor: 'c1',
  kind: 'rating',
  at: '2026-11-24T10:00:00Z',
  actor: { userId: 2, username: 'crate_digger', profilePictureUrl: '' },
  count: 6,
  albums: [1, 2, 3, 4, 5, 6].map((id) => album(id, `Album ${id}`, 7)),
  text: '',
  link: '/user/crate_digger',
  recipient: null,
  ...fields,
});

describe('the feed', () => {
  it('groups ratings with their covers and reads on by cursor', async () => {
    signIn();
    const server = fakeServer({
      'GET /api/auth/me': me,
      'GET /api/notifications/unread': [200, { unread: 0 }],
      'GET /api/feed?limit=20': [200, { items: [feedItem({})], next: 'c1' }],
      'GET /api/feed?limit=20&before=c1': [
        200,
        { items: [feedItem({ cursor: 'c2', kind: 'post', count: 1, albums: [], text: 'Ask @vinylvera', link: '/post/3' })], next: null },
      ],
    });
    const view = renderAt('/feed');
    const list = await view.findByRole('list', { name: 'Feed' });
    expect(within(list).getByRole('link', { name: 'rated 6 albums' })).toBeTruthy();
    expect(within(list).getAllByRole('img')).toHaveLength(6);
    fireEvent.click(view.getByRole('button', { name: 'Show more' }));
    await within(list).findByRole('link', { name: 'wrote a post' });
    expect(within(list).getByRole('link', { name: '@vinylvera' }).getAttribute('href')).toBe('/user/vinylvera');
    expect(view.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(server.calls.map((call) => call.url)).toContain('/api/feed?limit=20&before=c1');
  });

  const emptyFeed = (ratings: number, following: number) => ({
    'GET /api/auth/me': me,
    'GET /api/notifications/unread': [200, { unread: 0 }] as [number, unknown],
    'GET /api/feed*': [200, { items: [], next: null }] as [number, unknown],
    'GET /api/review/recent*': [200, [{ reviewId: 1, user: { userId: 5, username: 'mira99', profilePictureUrl: '' } }]] as [number, unknown],
    [`GET /api/user/username/${vera.username}/stats`]: [200, { ...stats, ratingsCount: ratings, libraryCount: ratings }] as [number, unknown],
    [`GET /api/user/username/${vera.username}/social`]: [200, { followers: 0, following, followsYou: false, youBlock: false, youFollow: false }] as [number, unknown],
  });

  it('points an empty feed to members to follow', async () => {
    signIn();
    fakeServer(emptyFeed(0, 1));
    const view = renderAt('/feed');
    const members = await view.findByRole('list', { name: 'Members to follow' });
    expect(within(members).getByRole('link', { name: 'mira99' }).getAttribute('href')).toBe('/user/mira99');
    expect(view.getByText(/Your feed is empty/)).toBeTruthy();
    expect(view.queryByRole('region', { name: 'Welcome! A few first steps' })).toBeNull();
  });

  it('shows a new member first steps in place of the empty feed until they do something', async () => {
    signIn();
    fakeServer(emptyFeed(0, 0));
    const view = renderAt('/feed');
    const steps = await view.findByRole('region', { name: 'Welcome! A few first steps' });
    expect(within(steps).getByRole('link', { name: 'Import your ratings' }).getAttribute('href')).toBe('/settings/import');
    expect(within(steps).getByRole('link', { name: 'Make a list' }).getAttribute('href')).toBe('/add-list');
    await within(steps).findByRole('link', { name: 'mira99' });
    expect(view.queryByText(/Your feed is empty/)).toBeNull();
  });
});

describe('community settings', () => {
  const settings = {
    ratingsInFeeds: true,
    notifications: { comment: true, reply: true, vote: true, shout: true, follow: true, mention: true, newAlbum: true, correction: true },
  };

  it('saves each switch as it changes, puts a refused one back, and unblocks', async () => {
    signIn();
    const server = fakeServer({
      'GET /api/auth/me': me,
      'GET /api/notifications/unread': [200, { unread: 0 }],
      'GET /api/auth/sessions': [200, []],
      'GET /api/settings/community': [200, settings],
      'PUT /api/settings/community': [200, { ...settings, ratingsInFeeds: false }],
      'GET /api/blocks': [200, [{ userId: 5, username: 'mira99', profilePictureUrl: '' }]],
      'DELETE /api/user/username/mira99/block': [200, social({ youBlock: false })],
    });
    const view = renderAt('/settings/account');
    const feedSwitch = (await view.findByRole('checkbox', { name: "Show my ratings in my followers' feeds" })) as HTMLInputElement;
    fireEvent.click(feedSwitch);
    await waitFor(() => expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({ ratingsInFeeds: false }));
    await waitFor(() => expect(feedSwitch.checked).toBe(false));

    fireEvent.click(view.getByRole('button', { name: 'Unblock mira99' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'DELETE')).toBe(true));
  });

  it("puts a refused switch back and says why", async () => {
    signIn();
    fakeServer({
      'GET /api/auth/me': me,
      'GET /api/notifications/unread': [200, { unread: 0 }],
      'GET /api/auth/sessions': [200, []],
      'GET /api/settings/community': [200, settings],
      'PUT /api/settings/community': [400, { message: 'Unknown setting.' }],
      'GET /api/blocks': [200, []],
    });
    const view = renderAt('/settings/account');
    const mentions = (await view.findByRole('checkbox', { name: 'Mentions of @me' })) as HTMLInputElement;
    fireEvent.click(mentions);
    await view.findByText('Unknown setting.');
    expect(mentions.checked).toBe(true);
    expect(view.getByText("You haven't blocked anyone.")).toBeTruthy();
  });
});
