import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { ALBUM_URL, albumServer, okComputer, rating, review } from './albumFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const selectedTab = (view: ReturnType<typeof renderAt>) =>
  view.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

describe('the album page', () => {
  it('shows the album: title, artist, date, average with its count, genres', async () => {
    albumServer();
    const view = renderAt(ALBUM_URL);
    expect(view.getByText('Loading Album...')).toBeTruthy();
    expect((await view.findByRole('heading', { level: 1 })).textContent).toBe('OK Computer');
    const screen = view.container.querySelector('[data-screen="album"]') as HTMLElement;
    expect(screen.textContent).toContain('9.04');
    expect(screen.textContent).toContain('(13 ratings)');
    expect(screen.textContent).toContain('May 21st, 1997');
    expect(view.getByRole('link', { name: 'Radiohead' }).getAttribute('href')).toBe('/artists/radiohead');
    expect(view.getByRole('link', { name: 'Art Rock' }).getAttribute('href')).toBe('/charts/all-time/art-rock');
    expect(view.getByRole('img', { name: 'Cover of OK Computer by Radiohead' })).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Edit Album' })).toBeNull();
  });

  it('asks for the genre votes with the album, before the page is drawn', async () => {
    const server = albumServer();
    const view = renderAt(ALBUM_URL);
    await view.findByRole('heading', { level: 1 });
    const asked = server.calls.map((call) => call.url);
    expect(asked[asked.indexOf('/api/album/name/radiohead/ok-computer') + 1]).toBe('/api/album/4/genre-votes');
  });

  it('says so when there is no such album, with a way back', async () => {
    albumServer({ 'GET /api/album/name/radiohead/ok-computer': [404, { message: 'radiohead has no album called ok-computer' }] });
    const view = renderAt(ALBUM_URL);
    expect(await view.findByText("Couldn't find an album called ok-computer by radiohead.")).toBeTruthy();
    expect(view.getByRole('link', { name: 'Go to radiohead' }).getAttribute('href')).toBe('/artists/radiohead');
  });

  it('switches tabs with clicks, arrow keys and the arrow buttons', async () => {
    albumServer({ 'GET /api/rating/album/4': [200, []], 'GET /api/review/ok-computer': [200, []] });
    const view = renderAt(ALBUM_URL);
    await view.findByRole('heading', { level: 1 });
    expect(view.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Info', 'Tracks', 'Ratings (13)', 'Reviews (2)']);
    expect(selectedTab(view)).toBe('Info');

    fireEvent.click(view.getByRole('tab', { name: 'Ratings (13)' }));
    expect(selectedTab(view)).toBe('Ratings (13)');
    expect(view.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(view.getByRole('tab', { name: 'Ratings (13)' }).id);

    const tablist = view.getByRole('tablist');
    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    expect(selectedTab(view)).toBe('Reviews (2)');
    expect(document.activeElement).toBe(view.getByRole('tab', { name: 'Reviews (2)' }));
    fireEvent.keyDown(tablist, { key: 'ArrowRight' });
    expect(selectedTab(view)).toBe('Info');
    fireEvent.keyDown(tablist, { key: 'ArrowLeft' });
    expect(selectedTab(view)).toBe('Reviews (2)');

    expect((view.getByRole('button', { name: 'Next tab' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(view.getByRole('button', { name: 'Previous tab' }));
    expect(selectedTab(view)).toBe('Ratings (13)');
  });

  it('switches tabs on a sideways swipe', async () => {
    albumServer({ 'GET /api/album/4/tracks': [200, { tracks: [], totalLengthMs: 0, everyLengthKnown: true, bestTrackIds: [] }] });
    const view = renderAt(ALBUM_URL);
    await view.findByRole('heading', { level: 1 });
    const area = view.container.querySelector('.album-tabs') as HTMLElement;
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(area, { touches: [{ clientX: from, clientY: 100 }] });
      fireEvent.touchEnd(area, { changedTouches: [{ clientX: to, clientY: 100 }] });
    };
    swipe(300, 270);
    expect(selectedTab(view)).toBe('Info');
    swipe(300, 200);
    expect(selectedTab(view)).toBe('Tracks');
    expect(await view.findByText('No tracklist yet: an editor can add it.')).toBeTruthy();
    swipe(200, 300);
    expect(selectedTab(view)).toBe('Info');
  });
});

describe('rating on the album page', () => {
  it('posts the rating with album and artist ids and shows it at once', async () => {
    const server = albumServer({ 'POST /api/rating': [201, rating(50, 1, 'vinylvera', 0.5, '2026-11-22T00:00:00Z')] }, vera);
    const view = renderAt(ALBUM_URL);
    const stars = await view.findByRole('slider', { name: 'Rate OK Computer' });
    fireEvent.keyDown(stars, { key: 'ArrowRight' });
    expect(stars.getAttribute('aria-valuenow')).toBe('0.5');
    await waitFor(() => expect(server.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = server.calls.find((call) => call.method === 'POST');
    expect(post?.url).toBe('/api/rating');
    expect(post?.body).toEqual({ albumId: 4, artistId: 1, number: 0.5 });
  });

  it('removes the member’s own rating', async () => {
    const server = albumServer(
      {
        'GET /api/rating/user/1': [200, [rating(77, 1, 'vinylvera', 8, '2026-11-01T00:00:00Z')]],
        'DELETE /api/rating/77': [204],
      },
      vera,
    );
    const view = renderAt(ALBUM_URL);
    const remove = await view.findByRole('button', { name: 'Remove my rating' });
    expect(view.getByRole('slider', { name: 'Rate OK Computer' }).getAttribute('aria-valuenow')).toBe('8');
    fireEvent.click(remove);
    await waitFor(() => expect(server.calls.some((call) => call.method === 'DELETE' && call.url === '/api/rating/77')).toBe(true));
    expect(view.getByRole('slider', { name: 'Rate OK Computer' }).getAttribute('aria-valuenow')).toBeNull();
  });

  it('asks a signed-out visitor to log in instead of rating', async () => {
    const server = albumServer();
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('slider', { name: 'Rate OK Computer' }));
    const dialog = view.getByRole('dialog', { name: 'Log In' });
    expect(dialog.textContent).toContain('to rate albums.');
    expect(server.calls.some((call) => call.method === 'POST')).toBe(false);
  });
});

describe('the cover actions', () => {
  it("shows a refused wishlist add in the Can't let you do that dialog", async () => {
    albumServer({ 'POST /api/wishlistitem': [409, { message: 'That album is already on your wishlist.' }] }, vera);
    const view = renderAt(ALBUM_URL);
    const add = await view.findByRole('button', { name: 'Add to Wishlist' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(add);
    const dialog = await view.findByRole('dialog', { name: "Can't let you do that" });
    expect(dialog.textContent).toContain('That album is already on your wishlist.');
  });

  it('adds to the library as a rating without a number, says Added, and takes it out again', async () => {
    const libraryRow = rating(51, 1, 'vinylvera', null, '2026-11-22T00:00:00Z');
    const server = albumServer({ 'POST /api/rating': [201, libraryRow], 'DELETE /api/rating/51': [204, null] }, vera);
    const view = renderAt(ALBUM_URL);
    const add = await view.findByRole('button', { name: 'Add to Library' });
    await waitFor(() => expect((add as HTMLButtonElement).disabled).toBe(false));
    // From now on the member's list holds the new row.
    server.answers['GET /api/rating/user/1'] = [200, [libraryRow]];
    fireEvent.click(add);
    const added = await view.findByRole('button', { name: 'Added to Library' });
    expect(added.getAttribute('aria-pressed')).toBe('true');
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ albumId: 4, artistId: 1, number: null });

    // An entry without a rating comes out with the same button.
    await waitFor(() => expect((added as HTMLButtonElement).disabled).toBe(false));
    server.answers['GET /api/rating/user/1'] = [200, []];
    fireEvent.click(added);
    await view.findByRole('button', { name: 'Add to Library' });
    expect(server.calls.some((call) => call.method === 'DELETE' && call.url.startsWith('/api/rating/51'))).toBe(true);
  });

  it('keeps a rated album in the library: its rating is removed with the rating control', async () => {
    albumServer({ 'GET /api/rating/user/1': [200, [rating(77, 1, 'vinylvera', 8, '2026-11-01T00:00:00Z')]] }, vera);
    const view = renderAt(ALBUM_URL);
    const added = await view.findByRole('button', { name: 'Added to Library' });
    await view.findByRole('button', { name: 'Remove my rating' });
    expect((added as HTMLButtonElement).disabled).toBe(true);
  });

  it('sends a member to write a review of this album', async () => {
    albumServer({}, vera);
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('button', { name: 'Write a Review' }));
    expect(view.location.history.at(-1)).toBe('/add-review?artist=Radiohead&album=OK%20Computer');
  });
});

describe('the Ratings tab', () => {
  it('lists numbered ratings newest first, with Unknown for a missing author', async () => {
    albumServer({
      'GET /api/rating/album/4': [
        200,
        [
          // The server's order: newest first.
          rating(3, 4, 'library-only', null, '2026-04-01T00:00:00Z'),
          rating(2, 3, '', 9.5, '2026-03-01T00:00:00Z'),
          rating(1, 2, 'older', 6, '2026-01-01T00:00:00Z'),
        ],
      ],
    });
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('tab', { name: 'Ratings (13)' }));
    const rows = await view.findAllByRole('listitem');
    const list = rows.filter((row) => row.closest('.album-ratings-list'));
    expect(list.map((row) => row.textContent)).toEqual(['UUnknown2026-03-01', 'Oolder2026-01-01']);
    expect(within(list[1]).getByRole('link').getAttribute('href')).toBe('/user/older');
    expect(within(list[0]).getByRole('img', { name: "Unknown's rating: 9.5 out of 10" })).toBeTruthy();
    // The header is the album's own count of every rating, not of the first page.
    expect(view.getByRole('heading', { name: '13 Ratings' })).toBeTruthy();
    expect(view.getByText('Showing 2 of 13')).toBeTruthy();
  });

  it('says nobody has rated when no rating has a number', async () => {
    albumServer({ 'GET /api/rating/album/4': [200, [rating(3, 4, 'library-only', null, '2026-04-01T00:00:00Z')]] });
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('tab', { name: 'Ratings (13)' }));
    expect(await view.findByText('Nobody has rated this album yet.')).toBeTruthy();
  });

  it('offers no chart where the chart cannot be drawn', async () => {
    albumServer({ 'GET /api/rating/album/4': [200, [rating(1, 2, 'older', 6, '2026-01-01T00:00:00Z')]] });
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('tab', { name: 'Ratings (13)' }));
    await view.findByText('older');
    // happy-dom has no canvas drawing: only the list is offered.
    expect(view.queryByRole('button', { name: 'Chart' })).toBeNull();
  });

  it('shows more ratings a page at a time', async () => {
    const page = (from: number) =>
      Array.from({ length: 50 }, (_, i) => rating(from + i, from + i, `member${from + i}`, 7, '2026-01-01T00:00:00Z'));
    const server = albumServer({
      'GET /api/rating/album/4?page=1&limit=50': [200, page(1)],
      'GET /api/rating/album/4?page=2&limit=50': [200, page(51).slice(0, 3)],
    });
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('tab', { name: 'Ratings (13)' }));
    await view.findByText('member50');
    expect(view.queryByText('member51')).toBeNull();
    fireEvent.click(view.getByRole('button', { name: 'Show more' }));
    await view.findByText('member53');
    expect(view.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(server.calls.filter((call) => call.url.startsWith('/api/rating/album/4')).length).toBe(2);
  });
});

describe('the Reviews tab', () => {
  it('lists reviews newest first, each opening its page', async () => {
    albumServer({
      'GET /api/review/ok-computer': [
        200,
        // The server's order: newest first.
        [review(6, 'second', '2026-02-01T00:00:00Z', 'A newer take.'), review(5, 'first', '2026-01-01T00:00:00Z', 'An old take.')],
      ],
    });
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('tab', { name: 'Reviews (2)' }));
    expect(await view.findByRole('heading', { name: '2 Reviews' })).toBeTruthy();
    const previews = view.container.querySelectorAll('.album-review-preview');
    expect([...previews].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['A newer take.', '/review/ok-computer/6'],
      ['An old take.', '/review/ok-computer/5'],
    ]);
  });

  it('says nobody has reviewed the album', async () => {
    albumServer({ 'GET /api/review/ok-computer': [200, []] });
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('tab', { name: 'Reviews (2)' }));
    expect(await view.findByText('Nobody has reviewed this album yet.')).toBeTruthy();
  });
});

describe('the Edit Album dialog', () => {
  const editor = { ...vera, role: 'editor' };

  it('is prefilled and explains a refusal for want of the editor role', async () => {
    albumServer({ 'PATCH /api/album/4': [403, { message: 'Not allowed for this caller' }] }, editor);
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('button', { name: 'Edit Album' }));
    const dialog = view.getByRole('dialog', { name: 'Edit Album' });
    expect((within(dialog).getByLabelText('Genre(s)') as HTMLInputElement).value).toBe('Alternative Rock, Art Rock');
    expect((within(dialog).getByLabelText('Release Date') as HTMLInputElement).placeholder).toBe('YYYY-MM-DD');
    expect((within(dialog).getByLabelText('Type') as HTMLSelectElement).value).toBe('LP');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You must have the editor role to edit an album.');
  });

  it('shows and prefills a date known only to its year as the year, and sends it back so', async () => {
    const yearOnly = { ...okComputer, releaseDate: '1997-01-01', releaseDatePrecision: 'year' as const };
    const server = albumServer(
      {
        'GET /api/album/name/radiohead/ok-computer': [200, yearOnly],
        'PATCH /api/album/4': [200, yearOnly],
      },
      editor,
    );
    const view = renderAt(ALBUM_URL);
    const released = await view.findByText('1997');
    expect(released.tagName).toBe('TIME');
    expect(released.getAttribute('datetime')).toBe('1997');
    expect(view.container.textContent).not.toContain('January');
    fireEvent.click(view.getByRole('button', { name: 'Edit Album' }));
    const dialog = view.getByRole('dialog', { name: 'Edit Album' });
    expect((within(dialog).getByLabelText('Release Date') as HTMLInputElement).value).toBe('1997');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toMatchObject({ releaseDate: '1997' });
  });

  it('saves and follows the album to its new address', async () => {
    const renamed = { ...okComputer, title: 'OK Computer OKNOTOK', slug: 'ok-computer-oknotok' };
    const server = albumServer(
      {
        'PATCH /api/album/4': [200, renamed],
        'GET /api/album/name/radiohead/ok-computer-oknotok': [200, renamed],
      },
      editor,
    );
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('button', { name: 'Edit Album' }));
    const dialog = view.getByRole('dialog', { name: 'Edit Album' });
    fireEvent.input(within(dialog).getByLabelText('Album Name'), { target: { value: 'OK Computer OKNOTOK' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/albums/radiohead/ok-computer-oknotok'));
    expect(view.queryByRole('dialog')).toBeNull();
    expect(server.calls.find((call) => call.method === 'PATCH')?.body).toEqual({
      artist: 'Radiohead',
      title: 'OK Computer OKNOTOK',
      releaseDate: '1997-05-21',
      pictureUrl: '',
      genres: 'Alternative Rock, Art Rock',
      type: 'LP',
    });
    expect((await view.findByRole('heading', { level: 1 })).textContent).toBe('OK Computer OKNOTOK');
  });
});

describe('similar albums', () => {
  /** Stands in for the browser's IntersectionObserver: `scrollTo()` brings every watched place on screen. */
  function watchedPlaces() {
    const watchers: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly report: (entries: Array<{ isIntersecting: boolean }>) => void) {}
        observe() {
          watchers.push(this.report);
        }
        disconnect() {}
      },
    );
    return {
      async scrollTo() {
        await waitFor(() => expect(watchers.length).toBeGreaterThan(0));
        act(() => watchers.splice(0).forEach((report) => report([{ isIntersecting: true }])));
      },
    };
  }

  it('lists them once scrolled to, with how many members loved both, or says how they come', async () => {
    const places = watchedPlaces();
    const server = albumServer({
      'GET /api/album/4/similar': [200, { albums: [{ album: { ...okComputer, albumId: 5, title: 'Kid A', slug: 'kid-a' }, members: 3, like: null }], fewestShared: 2 }],
    });
    const view = renderAt(ALBUM_URL);
    await view.findByRole('heading', { level: 1 });
    // Far down the page: neither its data nor its drawing until it comes on screen.
    expect(server.calls.some((call) => call.url.endsWith('/similar'))).toBe(false);
    expect(view.queryByRole('region', { name: 'Similar albums' })).toBeNull();
    await places.scrollTo();
    const section = await view.findByRole('region', { name: 'Similar albums' });
    expect(await within(section).findByText('Loved by 3 members who loved this')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Kid A' }).getAttribute('href')).toBe('/albums/radiohead/kid-a');
    cleanup();

    albumServer();
    const empty = renderAt(ALBUM_URL);
    await empty.findByRole('heading', { level: 1 });
    await places.scrollTo();
    expect(await empty.findByText(/None yet: an album shows here once 2 members/)).toBeTruthy();
  });
});
