import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import type { Album, ListenedAlbum } from '../../api/types';
import { okComputer } from '../album/albumFixtures';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const kidA: Album = { ...okComputer, albumId: 6, title: 'Kid A', slug: 'kid-a', releaseYear: 2000, releaseDate: '2000-10-02' };
const entry = (album: Album, plays: number): ListenedAlbum => ({ album, plays, lastListenedAt: '2026-11-01T20:00:00Z' });

function libraryServer(listened: [number, unknown]) {
  localStorage.setItem('halfstar.token', 't');
  const answers: Record<string, [number, unknown?]> = {
    'GET /api/auth/me': [200, { ...vera, suspension: null }],
    'GET /api/rating/user/1*': [200, []],
    'GET /api/wishlistitem/user/1*': [200, []],
    'GET /api/user/me/listened*': listened,
  };
  return { ...fakeServer(answers), answers };
}

describe('Listened, not yet rated', () => {
  it('lists the albums played elsewhere, most played first, with their plays', async () => {
    const server = libraryServer([200, { albums: [entry(okComputer, 42), entry(kidA, 1)], total: 30 }]);
    const view = renderAt('/my-library');
    const queue = await view.findByRole('region', { name: 'Listened, not yet rated' });
    const items = within(queue).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['OK Computer by Radiohead', 'Kid A by Radiohead']);
    expect(items[0].textContent).toContain('42 plays · 1997');
    expect(items[1].textContent).toContain('1 play · 2000');
    expect(queue.textContent).toContain('30 albums you played elsewhere');
    expect(within(queue).getByText('Showing 2 of 30')).toBeTruthy();
    expect(server.calls.some((call) => call.url === '/api/user/me/listened?offset=0&limit=24')).toBe(true);
  });

  it('is not shown while the queue is empty', async () => {
    libraryServer([200, { albums: [], total: 0 }]);
    const view = renderAt('/my-library');
    await view.findByText('Rate albums and they will show up here.');
    expect(view.queryByRole('region', { name: 'Listened, not yet rated' })).toBeNull();
  });

  it('rates an album from the queue, which then leaves it', async () => {
    const server = libraryServer([200, { albums: [entry(okComputer, 42), entry(kidA, 3)], total: 2 }]);
    server.answers['POST /api/rating'] = [201, {}];
    const view = renderAt('/my-library');
    const slider = await view.findByRole('slider', { name: 'Rate OK Computer' });
    server.answers['GET /api/user/me/listened*'] = [200, { albums: [entry(kidA, 3)], total: 1 }];
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await waitFor(() => expect(view.queryByRole('slider', { name: 'Rate OK Computer' })).toBeNull());
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/api/rating', { albumId: 4, artistId: 1, number: 0.5 }],
    ]);
    expect(view.getByRole('slider', { name: 'Rate Kid A' })).toBeTruthy();
  });

  it('takes an album out with "Not interested"', async () => {
    const server = libraryServer([200, { albums: [entry(okComputer, 42)], total: 1 }]);
    server.answers['DELETE /api/user/me/listened/4'] = [204];
    const view = renderAt('/my-library');
    const button = await view.findByRole('button', { name: 'Not interested in OK Computer' });
    server.answers['GET /api/user/me/listened*'] = [200, { albums: [], total: 0 }];
    fireEvent.click(button);
    await waitFor(() => expect(view.queryByRole('region', { name: 'Listened, not yet rated' })).toBeNull());
    expect(server.calls.some((call) => call.method === 'DELETE' && call.url === '/api/user/me/listened/4')).toBe(true);
  });
});
