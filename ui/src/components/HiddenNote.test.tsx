import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { fakeServer, vera } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';
import { ALBUM_URL, albumServer, comment, okComputer, review } from '../pages/album/albumFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const admin = { ...vera, role: 'admin' };
const LINE = 'Hidden by a moderator: only you and the moderators can see this.';

const commentPage = (...data: unknown[]) =>
  [200, { data, totalPages: 1, totalAlbumComments: data.length }] as [number, unknown];

/** The list item that holds `text`. */
const itemWith = (view: ReturnType<typeof renderAt>, text: string) => view.getByText(text).closest('li') as HTMLElement;

describe('a hidden item', () => {
  it('is marked for its author, who cannot show it again', async () => {
    albumServer(
      {
        'GET /api/comment/album/4*': commentPage(
          comment(7, 5, 'someone', 'Buy cheap records here.'),
          { ...comment(8, 1, 'vinylvera', 'Mine.'), hidden: true },
        ),
      },
      vera,
    );
    const view = renderAt(ALBUM_URL);
    await view.findByText('Mine.');
    const mine = itemWith(view, 'Mine.');
    expect(mine.querySelector('.hidden-item')?.textContent).toBe(`Hidden${LINE}`);
    expect(itemWith(view, 'Buy cheap records here.').querySelector('.hidden-item')).toBeNull();
    expect(view.queryByRole('button', { name: 'Show again' })).toBeNull();
  });

  it('is shown again by an admin with a note, and the list loses the mark', async () => {
    const server = albumServer(
      {
        'GET /api/comment/album/4*': commentPage({ ...comment(7, 5, 'someone', 'Buy cheap records here.'), hidden: true }),
        'POST /api/admin/visibility': [200, { hidden: false }],
      },
      admin,
    );
    const view = renderAt(ALBUM_URL);
    await view.findByText(LINE);
    fireEvent.click(within(itemWith(view, 'Buy cheap records here.')).getByRole('button', { name: 'Show again' }));
    const dialog = view.getByRole('dialog', { name: 'Show this comment again' });
    fireEvent.input(within(dialog).getByLabelText('Note (kept in the audit log)'), { target: { value: ' not spam after all ' } });
    server.answers['GET /api/comment/album/4*'] = commentPage(comment(7, 5, 'someone', 'Buy cheap records here.'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show again' }));
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(server.calls.find((call) => call.url === '/api/admin/visibility')?.body).toEqual({
      itemKind: 'comment',
      itemId: 7,
      hidden: false,
      note: 'not spam after all',
    });
    await waitFor(() => expect(view.queryByText(LINE)).toBeNull());
    expect(view.getByText('Buy cheap records here.')).toBeTruthy();
  });

  it("keeps the server's refusal in the dialog", async () => {
    albumServer(
      {
        'GET /api/comment/album/4*': commentPage({ ...comment(7, 5, 'someone', 'Buy cheap records here.'), hidden: true }),
        'POST /api/admin/visibility': [404, { message: 'There is no such comment.' }],
      },
      admin,
    );
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('button', { name: 'Show again' }));
    const dialog = view.getByRole('dialog', { name: 'Show this comment again' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show again' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There is no such comment.');
  });

  it("is marked in the album's Reviews tab", async () => {
    albumServer(
      {
        'GET /api/review/ok-computer': [
          200,
          [
            { ...review(6, 'vinylvera', '2026-02-01T00:00:00Z', 'A newer take.'), hidden: true },
            review(5, 'first', '2026-01-01T00:00:00Z', 'An old take.'),
          ],
        ],
      },
      admin,
    );
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('tab', { name: 'Reviews (2)' }));
    await view.findByText('A newer take.');
    expect(within(itemWith(view, 'A newer take.')).getByText(LINE)).toBeTruthy();
    expect(within(itemWith(view, 'A newer take.')).getByRole('button', { name: 'Show again' })).toBeTruthy();
    expect(itemWith(view, 'An old take.').querySelector('.hidden-item')).toBeNull();
  });

  it('is marked on the home page; a featured tile, being one link, leaves Show again to the review page', async () => {
    localStorage.setItem('halfstar.token', 't');
    const hiddenReview = { ...review(6, 'vinylvera', '2026-02-01T00:00:00Z', 'A newer take.'), hidden: true };
    fakeServer({
      'GET /api/auth/me': [200, admin],
      'GET /api/review/featured': [200, [{ ...hiddenReview, preview: 'A newer take.' }]],
      'GET /api/review/recent*': [200, [hiddenReview]],
      'GET /api/post/recent*': [200, []],
      'GET /api/comment/recent': [
        200,
        [{ comment: { ...comment(7, 5, 'someone', 'Buy cheap records here.'), hidden: true }, album: okComputer, post: null, reviewId: null }],
      ],
      'GET /api/album/popular-albums*': [200, []],
      'GET /api/rating/user/1*': [200, []],
      'GET /api/wishlistitem/user/1*': [200, []],
    });
    const view = renderAt('/');
    const tile = (await view.findByText('A newer take.')).closest('a') as HTMLElement;
    expect(within(tile).getByText(LINE)).toBeTruthy();
    expect(within(tile).queryByRole('button')).toBeNull();
    await view.findByText('Buy cheap records here.');
    const recentComment = itemWith(view, 'Buy cheap records here.');
    expect(within(recentComment).getByText(LINE)).toBeTruthy();
    expect(within(recentComment).getByRole('button', { name: 'Show again' })).toBeTruthy();
    const recentReview = (await view.findByRole('link', { name: 'Radiohead - OK Computer' })).closest('li') as HTMLElement;
    expect(within(recentReview).getByText(LINE)).toBeTruthy();
  });
});
