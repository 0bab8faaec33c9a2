import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { vera } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';
import { ALBUM_URL, albumServer, comment } from '../pages/album/albumFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const comments = {
  'GET /api/comment/album/4*': [
    200,
    { data: [comment(7, 5, 'someone', 'Buy cheap records here.'), comment(8, 1, 'vinylvera', 'Mine.')], totalPages: 1, totalAlbumComments: 2 },
  ],
} as Record<string, [number, unknown?]>;

describe('reporting a comment', () => {
  it("sends the reason and note, and thanks the member; there is no Report on one's own", async () => {
    const server = albumServer({ ...comments, 'POST /api/reports': [201, { reportId: 1 }] }, vera);
    const view = renderAt(ALBUM_URL);
    await view.findByText('Buy cheap records here.');
    expect(view.getAllByRole('button', { name: 'Report comment' })).toHaveLength(1);
    fireEvent.click(view.getByRole('button', { name: 'Report comment' }));
    const dialog = view.getByRole('dialog', { name: 'Report this comment' });
    fireEvent.click(within(dialog).getByLabelText('Off-topic'));
    fireEvent.input(within(dialog).getByLabelText('Note (optional)'), { target: { value: ' an advert ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Thanks: an admin will look at it.');
    expect(server.calls.find((call) => call.url === '/api/reports')?.body).toEqual({
      itemKind: 'comment',
      itemId: 7,
      reason: 'off-topic',
      note: 'an advert',
    });
  });

  it("shows the server's refusal in the dialog", async () => {
    albumServer(
      { ...comments, 'POST /api/reports': [409, { message: 'You have reported this already; an admin will look at it.' }] },
      vera,
    );
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('button', { name: 'Report comment' }));
    const dialog = view.getByRole('dialog', { name: 'Report this comment' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('You have reported this already; an admin will look at it.'),
    );
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('is not offered to a visitor', async () => {
    albumServer(comments);
    const view = renderAt(ALBUM_URL);
    await view.findByText('Buy cheap records here.');
    expect(view.queryByRole('button', { name: 'Report comment' })).toBeNull();
  });
});
