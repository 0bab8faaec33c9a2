import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, within } from '@testing-library/preact';
import { fakeServer } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { album, albums, chart, rock } from './chartFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const headings = (view: ReturnType<typeof renderAt>) =>
  view.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

describe('the genre page', () => {
  it("shows the genre, its description and its all-time chart", async () => {
    const server = fakeServer({
      'GET /api/genre/name/rock': [200, rock],
      'GET /api/genre/top-rated/all-time/rock*': [200, chart([album(1, 'Low', { artist: 'David Bowie' })])],
    });
    const view = renderAt('/genre/rock');
    await view.findByText('Top Rated Rock Albums:');
    expect(view.getByRole('heading', { level: 1 }).textContent).toBe('Rock');
    expect(view.getByText(rock.description)).toBeTruthy();
    expect(headings(view)).toEqual(['Top Rated Rock Albums:', 'Popular Rock Albums:', 'Recent Rock Albums:']);
    const top = view.getByRole('region', { name: 'Top Rated Rock Albums:' });
    expect(within(top).getByRole('img', { name: 'Cover of Low' })).toBeTruthy();
    expect(within(top).getByRole('link', { name: 'David Bowie' })).toBeTruthy();
    expect(top.textContent).toContain('9.44');
    expect(top.textContent).toContain('(24 ratings)');
    expect(server.calls.map((call) => call.url)).toContain('/api/genre/top-rated/all-time/rock?limit=10&page=1');
  });

  it('says there is no such genre', async () => {
    const missing: [number, unknown] = [404, { message: 'No genre called nonsense' }];
    fakeServer({ 'GET /api/genre/name/nonsense': missing, 'GET /api/genre/top-rated/all-time/nonsense*': missing });
    const view = renderAt('/genre/nonsense');
    expect((await view.findByRole('alert')).textContent).toContain('No genre called “nonsense”.');
    expect(view.getByRole('link', { name: 'Browse the charts by genre' }).getAttribute('href')).toBe('/charts');
  });
});

describe('the year page', () => {
  it("lists the year's top rated, popular and recent albums", async () => {
    const server = fakeServer({ 'GET /api/album/top-albums/year/1997': [200, chart(albums(1, 3))] });
    const view = renderAt('/year/1997');
    expect(view.getByText('Loading data…')).toBeTruthy();
    await view.findByText('Top Rated 1997 Albums:');
    expect(headings(view)).toEqual(['Top Rated 1997 Albums:', 'Popular 1997 Albums:', 'Recent 1997 Albums:']);
    expect(within(view.getByRole('region', { name: 'Recent 1997 Albums:' })).getAllByRole('article')).toHaveLength(3);
    // (Besides the header's question whether a visitor may sign up.)
    expect(server.calls.map((call) => call.url).filter((url) => url.startsWith('/api/album'))).toEqual(['/api/album/top-albums/year/1997']);
  });

  it('says so when the year has no albums rather than staying blank', async () => {
    fakeServer({ 'GET /api/album/top-albums/year/2031': [200, chart(albums(1, 2), [], albums(1, 2))] });
    const view = renderAt('/year/2031');
    expect(await view.findByText(/No albums from 2031 yet\./)).toBeTruthy();
    expect(view.queryByRole('heading', { level: 2 })).toBeNull();
  });

  it('says a year that is not a number is not a year, without asking the server', async () => {
    const server = fakeServer({});
    const view = renderAt('/year/soon');
    expect(view.getByRole('alert').textContent).toContain('“soon” isn\'t a year.');
    expect(server.calls.filter((call) => call.url.includes('top-albums'))).toEqual([]);
  });
});
