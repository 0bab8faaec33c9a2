// Where lists show outside their own page: the new-list form, the album
// page, the profile's Lists tab, the home page and the search box.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import type { ProfileStats } from '../../api/types';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { ALBUM_URL, albumServer } from '../album/albumFixtures';
import { mira, summary } from './listFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/add-list', () => {
  it('makes the list with its title, description, order and visibility, then opens it', async () => {
    localStorage.setItem('halfstar.token', 'token');
    const server = fakeServer({
      'GET /api/auth/me': [200, vera],
      'POST /api/list': [201, summary({ listId: 12, title: 'Road trip', slug: 'road-trip' })],
    });
    const view = renderAt('/add-list');
    fireEvent.input(await view.findByLabelText('Title'), { target: { value: ' Road trip ' } });
    fireEvent.input(view.getByLabelText('Description'), { target: { value: 'Windows down.' } });
    fireEvent.click(view.getByLabelText('Ordered', { exact: false }));
    fireEvent.click(view.getByLabelText('Unlisted', { exact: false }));
    fireEvent.submit(view.getByRole('button', { name: 'Create list' }).closest('form')!);
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/list/12/road-trip'));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      title: 'Road trip',
      description: 'Windows down.',
      ranked: false,
      visibility: 'unlisted',
    });
  });

  it("shows the server's refusal under the form", async () => {
    localStorage.setItem('halfstar.token', 'token');
    fakeServer({ 'GET /api/auth/me': [200, vera], 'POST /api/list': [400, { message: 'title: at most 120 characters.' }] });
    const view = renderAt('/add-list');
    fireEvent.input(await view.findByLabelText('Title'), { target: { value: 'x' } });
    fireEvent.submit(view.getByRole('button', { name: 'Create list' }).closest('form')!);
    expect(await view.findByText('title: at most 120 characters.')).toBeTruthy();
  });

  it('invites a visitor to log in instead', async () => {
    fakeServer({});
    const view = renderAt('/add-list');
    expect(view.container.textContent).toContain('to make lists of albums.');
    expect(view.queryByLabelText('Title')).toBeNull();
  });
});

describe('the album page', () => {
  it('says how many public lists hold the album and links the most liked', async () => {
    albumServer({
      'GET /api/list/album/4': [
        200,
        {
          count: 7,
          lists: [
            summary({ listId: 3, title: 'Best of 1997', slug: 'best-of-1997', likeCount: 5 }),
            summary({ listId: 4, title: 'Rainy days', slug: 'rainy-days', likeCount: 1, author: { userId: 5, username: 'mira99', profilePictureUrl: '' } }),
          ],
        },
      ],
    });
    const view = renderAt(ALBUM_URL);
    const section = await view.findByRole('region', { name: 'On 7 lists' });
    expect(within(section).getByRole('link', { name: 'Best of 1997' }).getAttribute('href')).toBe('/list/3/best-of-1997');
    expect(section.textContent).toContain('by mira99 · 1 like');
    expect(section.textContent).toContain('and 5 more');
  });

  it('says so when no public list holds it', async () => {
    albumServer();
    const view = renderAt(ALBUM_URL);
    const section = await view.findByRole('region', { name: 'On 0 lists' });
    expect(section.textContent).toContain('No public list holds this album yet.');
  });
});

const stats: ProfileStats = {
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

describe("the profile's Lists tab", () => {
  const open = async (who: typeof vera | null, lists: unknown[]) => {
    if (who) localStorage.setItem('halfstar.token', 'token');
    const server = fakeServer({
      ...(who ? { 'GET /api/auth/me': [200, who] } : {}),
      'GET /api/user/username/vinylvera': [200, vera],
      'GET /api/user/username/vinylvera/stats': [200, stats],
      'GET /api/list/user/vinylvera': [200, lists],
    });
    const view = renderAt('/user/vinylvera');
    fireEvent.click(await view.findByRole('tab', { name: 'Lists' }));
    return { server, view };
  };

  it("shows the author all their lists, the private ones marked, with a New list link", async () => {
    const { view } = await open(vera, [
      summary({ listId: 1, title: 'Secret', slug: 'secret', visibility: 'private', entryCount: 1, likeCount: 0 }),
      summary({ listId: 2, title: 'Late night', covers: ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'] }),
    ]);
    const cards = await view.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Secret', 'Late night']);
    expect(cards[0].textContent).toContain('1 album · 0 likes');
    expect(cards[0].textContent).toContain('Private');
    expect(cards[1].textContent).not.toContain('Public');
    expect(cards[1].querySelectorAll('.list-mosaic.four .cover')).toHaveLength(4);
    expect(within(cards[0]).getByRole('link', { name: 'Secret' }).getAttribute('href')).toBe('/list/1/secret');
    expect(view.getByRole('link', { name: 'New list' }).getAttribute('href')).toBe('/add-list');
  });

  it('tells a visitor when the member has no public lists', async () => {
    const { view } = await open(null, []);
    expect(await view.findByText("This user hasn't made any public lists.")).toBeTruthy();
    expect(view.queryByRole('link', { name: 'New list' })).toBeNull();
  });

  it("shows the server's error", async () => {
    localStorage.setItem('halfstar.token', 'token');
    fakeServer({
      'GET /api/auth/me': [200, mira],
      'GET /api/user/username/vinylvera': [200, vera],
      'GET /api/user/username/vinylvera/stats': [200, stats],
      'GET /api/list/user/vinylvera': [429, { message: 'Too many requests: try again in a minute.' }],
    });
    const view = renderAt('/user/vinylvera');
    fireEvent.click(await view.findByRole('tab', { name: 'Lists' }));
    expect(await view.findByText('Too many requests: try again in a minute.')).toBeTruthy();
  });
});

describe('the home page', () => {
  it('shows the popular lists', async () => {
    const server = fakeServer({
      'GET /api/list/popular*': [200, [summary({ listId: 3, title: 'Best of 1997', slug: 'best-of-1997', likeCount: 5 })]],
    });
    const view = renderAt('/');
    const section = await view.findByRole('region', { name: 'Popular Lists' });
    const card = await within(section).findByRole('article', { name: 'Best of 1997' });
    expect(card.textContent).toContain('by vinylvera');
    expect(card.textContent).toContain('3 albums · 5 likes');
    expect(server.calls.some((call) => call.url === '/api/list/popular?limit=6')).toBe(true);
  });

  it('says when there are none yet', async () => {
    fakeServer({ 'GET /api/list/popular*': [200, []] });
    const view = renderAt('/');
    expect(await view.findByText('Nobody has made a public list yet.')).toBeTruthy();
  });
});

describe('the search box', () => {
  it('lists matching public lists in a group of their own, reachable by keyboard', async () => {
    fakeServer({
      'GET /api/search*': [
        200,
        {
          artists: [{ artistId: 6, name: 'Sigur Rós', slug: 'sigur-ros', pictureUrl: '' }],
          albums: [],
          lists: [{ listId: 3, title: 'Sigur Rós deep cuts', slug: 'sigur-ros-deep-cuts', author: 'mira99', entryCount: 4, likeCount: 1 }],
        },
      ],
    });
    const view = renderAt('/no-such-page');
    const input = view.container.querySelector('.header-search input') as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'sigur' } });
    const list = await view.findByRole('listbox', {}, { timeout: 2000 });
    expect(within(list).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Sigur RósArtist',
      'Sigur Rós deep cutsList by mira99 · 4 albums',
    ]);
    expect(list.textContent).toContain('Lists');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1].id);
    fireEvent.submit(input.closest('form')!);
    expect(view.location.history.at(-1)).toBe('/list/3/sigur-ros-deep-cuts');
  });
});
