import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, within } from '@testing-library/preact';
import { ALBUM_URL, albumServer, okComputer } from '../pages/album/albumFixtures';
import { summary } from '../pages/lists/listFixtures';
import { fakeServer, vera } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mine = [
  { ...summary({ listId: 7, title: 'Late night', entryCount: 3 }), containsAlbum: false },
  { ...summary({ listId: 8, title: 'Nineties', entryCount: 12, visibility: 'private' }), containsAlbum: true },
];

async function openChooser(extra: Record<string, [number, unknown?]> = {}) {
  const server = albumServer({ 'GET /api/list/mine': [200, mine], ...extra }, vera);
  const view = renderAt(ALBUM_URL);
  const actions = await view.findByRole('group', { name: 'Album actions' });
  fireEvent.click(within(actions).getByRole('button', { name: 'Add to List' }));
  const dialog = view.getByRole('dialog', { name: 'Add to list' });
  await within(dialog).findByRole('list', { name: 'Your lists' });
  return { server, view, dialog };
}

const posts = (server: { calls: { method: string; url: string; body: unknown }[] }) =>
  server.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]);

describe('Add to list', () => {
  it('asks a visitor to log in', async () => {
    const server = albumServer();
    const view = renderAt(ALBUM_URL);
    const actions = await view.findByRole('group', { name: 'Album actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Add to List' }));
    expect(view.getByRole('dialog', { name: 'Log In' }).textContent).toContain('to make lists of albums.');
    expect(server.calls.some((call) => call.url.startsWith('/api/list/mine'))).toBe(false);
  });

  it("lists the member's lists for this album, the ones holding it checked and not offered again", async () => {
    const { server, dialog } = await openChooser();
    expect(server.calls.some((call) => call.url === `/api/list/mine?albumId=${okComputer.albumId}`)).toBe(true);
    expect(dialog.textContent).toContain('OK Computer by Radiohead');
    const [lateNight, nineties] = within(dialog).getAllByRole('listitem');
    expect(lateNight.textContent).toContain('Late night');
    expect(lateNight.textContent).toContain('3 albums · Public');
    expect((within(lateNight).getByRole('button') as HTMLButtonElement).disabled).toBe(false);
    expect(nineties.textContent).toContain('✓');
    expect(nineties.textContent).toContain('On this list · 12 albums · Private');
    expect((within(nineties).getByRole('button') as HTMLButtonElement).disabled).toBe(true);
  });

  it('adds the album to the chosen list and says so with a link to it', async () => {
    const { server, view, dialog } = await openChooser({ 'POST /api/list/7/entries': [201, {}] });
    fireEvent.click(within(dialog).getByRole('button', { name: /Late night/ }));
    expect(await within(dialog).findByText('Added to', { exact: false })).toBeTruthy();
    expect(posts(server)).toEqual([['/api/list/7/entries', { albumId: 4 }]]);
    fireEvent.click(within(dialog).getByRole('link', { name: 'Late night' }));
    expect(view.location.history.at(-1)).toBe('/list/7/late-night');
    expect(view.queryByRole('dialog', { name: 'Add to list' })).toBeNull();
  });

  it("shows the server's refusal in the dialog", async () => {
    const { dialog } = await openChooser({ 'POST /api/list/7/entries': [409, { message: 'A list holds at most 1,000 albums.' }] });
    fireEvent.click(within(dialog).getByRole('button', { name: /Late night/ }));
    expect(await within(dialog).findByText('A list holds at most 1,000 albums.')).toBeTruthy();
  });

  it('makes a new list with just a title and adds the album to it', async () => {
    const { server, dialog } = await openChooser({
      'POST /api/list': [201, summary({ listId: 9, title: 'Desert island', slug: 'desert-island', entryCount: 0 })],
      'POST /api/list/9/entries': [201, {}],
    });
    fireEvent.input(within(dialog).getByLabelText('New list'), { target: { value: '  Desert island ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    expect(await within(dialog).findByRole('link', { name: 'Desert island' })).toBeTruthy();
    expect(posts(server)).toEqual([
      ['/api/list', { title: 'Desert island' }],
      ['/api/list/9/entries', { albumId: 4 }],
    ]);
    expect((within(dialog).getByLabelText('New list') as HTMLInputElement).value).toBe('');
  });

  it('asks for a title before making a list', async () => {
    const { server, dialog } = await openChooser();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create and add' }));
    expect(await within(dialog).findByText('Give the new list a title.')).toBeTruthy();
    expect(posts(server)).toEqual([]);
  });

  it('says so when the member has no lists yet', async () => {
    albumServer({ 'GET /api/list/mine': [200, []] }, vera);
    const view = renderAt(ALBUM_URL);
    const actions = await view.findByRole('group', { name: 'Album actions' });
    fireEvent.click(within(actions).getByRole('button', { name: 'Add to List' }));
    expect(await view.findByText('You have no lists yet: start one below.')).toBeTruthy();
  });
});

describe('Add to list on an album tile', () => {
  it('opens the chooser without opening the album', async () => {
    localStorage.setItem('halfstar.token', 'token');
    const server = fakeServer({
      'GET /api/auth/me': [200, vera],
      'GET /api/album/popular-albums*': [200, [okComputer]],
      'GET /api/list/mine': [200, mine],
      'POST /api/list/7/entries': [201, {}],
    });
    const view = renderAt('/');
    fireEvent.click(await view.findByRole('button', { name: 'Add OK Computer to a list' }));
    const dialog = view.getByRole('dialog', { name: 'Add to list' });
    fireEvent.click(await within(dialog).findByRole('button', { name: /Late night/ }));
    expect(await within(dialog).findByText('Added to', { exact: false })).toBeTruthy();
    // Still home: neither the button nor the dialog's clicks reached the tile.
    expect(view.location.history).toEqual(['/']);
    expect(posts(server)).toEqual([['/api/list/7/entries', { albumId: 4 }]]);
  });
});
