import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { ALBUM_URL, albumServer, comment } from './albumFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const commentPosts = (calls: Array<{ method: string; url: string }>) =>
  calls.filter((call) => call.method === 'POST' && call.url === '/api/comment');

describe('the comment box', () => {
  it('does not send blank text, sends real text, then clears and shows page 1 again', async () => {
    const server = albumServer({ 'POST /api/comment': [201, comment(9, 1, 'vinylvera', 'Lucky is the one.')] }, vera);
    const view = renderAt(ALBUM_URL);
    const box = (await view.findByLabelText('Add a comment')) as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: '   \n ' } });
    fireEvent.click(view.getByRole('button', { name: 'Submit' }));
    await new Promise((settle) => setTimeout(settle, 20));
    expect(commentPosts(server.calls)).toHaveLength(0);
    expect(view.queryByRole('alert')).toBeNull();
    expect(view.queryByRole('dialog')).toBeNull();

    const pageOneAsks = () => server.calls.filter((call) => call.url === '/api/comment/album/4?page=1').length;
    const asksBefore = pageOneAsks();
    server.answers['GET /api/comment/album/4*'] = [
      200,
      { data: [comment(9, 1, 'vinylvera', 'Lucky is the one.')], totalPages: 1, totalAlbumComments: 1 },
    ];
    fireEvent.input(box, { target: { value: 'Lucky is the one.' } });
    fireEvent.click(view.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(commentPosts(server.calls)).toHaveLength(1));
    expect(server.calls.find((call) => call.url === '/api/comment')?.body).toEqual({
      albumId: 4,
      commentText: 'Lucky is the one.',
    });
    await waitFor(() => expect(box.value).toBe(''));
    expect(await view.findByText('Lucky is the one.')).toBeTruthy();
    expect(pageOneAsks()).toBeGreaterThan(asksBefore);
  });

  it('warns about the rate limit in a dialog', async () => {
    albumServer({ 'POST /api/comment': [429, { message: 'You are sending too many comments.' }] }, vera);
    const view = renderAt(ALBUM_URL);
    fireEvent.input(await view.findByLabelText('Add a comment'), { target: { value: 'Again!' } });
    fireEvent.click(view.getByRole('button', { name: 'Submit' }));
    const dialog = await view.findByRole('dialog', { name: 'You are sending too many comments.' });
    expect(dialog.textContent).toContain('We appreciate the enthusiasm but please slow down.');
    expect((view.getByLabelText('Add a comment') as HTMLTextAreaElement).value).toBe('Again!');
  });

  it('shows other refusals under the box', async () => {
    albumServer({ 'POST /api/comment': [400, { message: 'commentText is too long' }] }, vera);
    const view = renderAt(ALBUM_URL);
    fireEvent.input(await view.findByLabelText('Add a comment'), { target: { value: 'Long' } });
    fireEvent.click(view.getByRole('button', { name: 'Submit' }));
    expect((await view.findByRole('alert')).textContent).toBe('commentText is too long');
  });

  it('asks a signed-out visitor to log in', async () => {
    const server = albumServer();
    const view = renderAt(ALBUM_URL);
    fireEvent.input(await view.findByLabelText('Add a comment'), { target: { value: 'Hello' } });
    fireEvent.click(view.getByRole('button', { name: 'Submit' }));
    expect(view.getByRole('dialog', { name: 'Log In' }).textContent).toContain('to comment.');
    expect(commentPosts(server.calls)).toHaveLength(0);
  });
});

describe('the comment list', () => {
  it('offers delete only on the member’s own comments and deletes', async () => {
    const server = albumServer(
      {
        'GET /api/comment/album/4*': [
          200,
          {
            data: [comment(1, 1, 'vinylvera', 'Mine.'), comment(2, 5, 'someone', 'Theirs.')],
            totalPages: 1,
            totalAlbumComments: 2,
          },
        ],
        'DELETE /api/comment/1': [204],
      },
      vera,
    );
    const view = renderAt(ALBUM_URL);
    const mine = (await view.findByText('Mine.')).closest('li') as HTMLElement;
    const theirs = view.getByText('Theirs.').closest('li') as HTMLElement;
    expect(within(theirs).queryByRole('button', { name: 'Delete comment' })).toBeNull();
    expect(within(mine).getByRole('link', { name: /vinylvera/ }).getAttribute('href')).toBe('/user/vinylvera');
    fireEvent.click(within(mine).getByRole('button', { name: 'Delete comment' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'DELETE' && call.url === '/api/comment/1')).toBe(true));
  });

  it('pages ten at a time', async () => {
    const server = albumServer({
      'GET /api/comment/album/4?page=1': [200, { data: [comment(1, 5, 'someone', 'Page one.')], totalPages: 2 }],
      'GET /api/comment/album/4?page=2': [200, { data: [comment(2, 5, 'someone', 'Page two.')], totalPages: 2 }],
    });
    const view = renderAt(ALBUM_URL);
    await view.findByText('Page one.');
    expect(view.getByText('Page 1 of 2')).toBeTruthy();
    expect((view.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(view.getByRole('button', { name: 'Next' }));
    expect(await view.findByText('Page two.')).toBeTruthy();
    expect(view.getByText('Page 2 of 2')).toBeTruthy();
    expect(server.calls.some((call) => call.url === '/api/comment/album/4?page=2')).toBe(true);
  });
});
