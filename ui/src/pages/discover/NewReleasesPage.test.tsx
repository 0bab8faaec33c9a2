import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { okComputer } from '../album/albumFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const soon = { ...okComputer, albumId: 9, title: 'Coming Soon', slug: 'coming-soon', releaseDate: '2031-03-01', releaseDatePrecision: 'day' };
const GENRES: [number, unknown] = [200, [{ genreId: 1, name: 'Shoegaze', slug: 'shoegaze' }]];

describe('the new releases page', () => {
  it('lists what is just out, switches to what is coming, and keeps the choice in the address', async () => {
    const server = fakeServer({
      'GET /api/new-releases?page=1': [200, { albums: [okComputer], hasMore: false }],
      'GET /api/new-releases?when=upcoming&page=1': [200, { albums: [soon], hasMore: false }],
      'GET /api/genre': GENRES,
    });
    const view = renderAt('/new');
    const justOut = await view.findByRole('list', { name: 'Albums just out' });
    expect(within(justOut).getByRole('link', { name: 'OK Computer' })).toBeTruthy();
    // A visitor is asked to log in for the member's own filters.
    expect(view.queryByLabelText('Artists I follow')).toBeNull();
    expect(view.getByRole('link', { name: 'Log in' })).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Coming up' }));
    const toCome = await view.findByRole('list', { name: 'Albums to come' });
    expect(within(toCome).getByText('Out March 1st, 2031')).toBeTruthy();
    expect(view.location.history.at(-1)).toBe('/new?when=upcoming');
    expect(server.calls.some((call) => call.url === '/api/new-releases?when=upcoming&page=1')).toBe(true);
  });

  it('offers its feed to feed readers, in the page and in the head, for as long as it is open', async () => {
    fakeServer({ 'GET /api/new-releases?page=1': [200, { albums: [okComputer], hasMore: false }], 'GET /api/genre': GENRES });
    const view = renderAt('/new');
    const link = await view.findByRole('link', { name: 'Follow the albums just out in a feed reader' });
    expect(link.getAttribute('href')).toBe('/api/feeds/new-releases');
    const announced = () => document.head.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]');
    expect(announced()).toHaveLength(1);
    expect(announced()[0].getAttribute('href')).toBe('/api/feeds/new-releases');
    cleanup();
    expect(announced()).toHaveLength(0);
  });

  it("filters a member's by the artists they follow, a genre and says when nothing matches", async () => {
    localStorage.setItem('halfstar.token', 'token');
    const server = fakeServer({
      'GET /api/auth/me': [200, vera],
      'GET /api/new-releases?page=1': [200, { albums: [okComputer], hasMore: true }],
      'GET /api/new-releases?page=2': [200, { albums: [soon], hasMore: false }],
      'GET /api/new-releases?followed=true&page=1': [200, { albums: [], hasMore: false }],
      'GET /api/new-releases?followed=true&genre=shoegaze&page=1': [200, { albums: [], hasMore: false }],
      'GET /api/genre': GENRES,
    });
    const view = renderAt('/new');
    await view.findByRole('link', { name: 'OK Computer' });
    fireEvent.click(view.getByRole('button', { name: 'More' }));
    await view.findByRole('link', { name: 'Coming Soon' });
    fireEvent.click(view.getByLabelText('Artists I follow'));
    expect(await view.findByText('No album out in the last 90 days for these filters.')).toBeTruthy();
    await waitFor(() => expect(view.getByRole('option', { name: 'Shoegaze' })).toBeTruthy());
    // As a browser picks an option: fireEvent.change becomes an input event under preact/compat.
    const genre = view.getByLabelText('Genre') as HTMLSelectElement;
    genre.value = 'shoegaze';
    fireEvent(genre, new Event('change', { bubbles: true }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/new?followed=true&genre=shoegaze'));
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/new-releases?followed=true&genre=shoegaze&page=1')).toBe(true));
    expect(server.calls.every((call) => !call.url.startsWith('/api/new-releases') || call.authorization === 'Bearer token')).toBe(true);
  });
});
