import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { fakeServer } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { album, albums, chart, genres, shoegaze } from './chartFixtures';

const CHART = '/api/genre/top-rated';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const headings = (view: ReturnType<typeof renderAt>) =>
  view.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
const select = (view: ReturnType<typeof renderAt>, label: string) => view.getByLabelText(label) as HTMLSelectElement;
/**
 * Picks an option as a browser does. (fireEvent.change can't be used: under
 * preact/compat the testing library turns it into an input event.)
 */
function choose(element: HTMLSelectElement, value: string) {
  element.value = value;
  fireEvent(element, new Event('change', { bubbles: true }));
}
const chartCalls = (calls: Array<{ url: string }>) => calls.filter((call) => call.url.startsWith(CHART)).map((call) => call.url);

describe('the charts page', () => {
  it('defaults to all time and all genres, with headings that leave the genre out', async () => {
    const server = fakeServer({ 'GET /api/genre': [200, genres], [`GET ${CHART}/all-time/all-genres*`]: [200, chart(albums(1, 3))] });
    const view = renderAt('/charts');
    expect(view.getByText('Loading data…')).toBeTruthy();
    await view.findByText('Top Rated Albums:');
    expect(headings(view)).toEqual(['Top Rated Albums:', 'Popular Albums:', 'Recent Albums:']);
    expect(select(view, 'Year').value).toBe('all-time');
    expect(select(view, 'Genre').value).toBe('all-genres');
    expect(chartCalls(server.calls)).toEqual([`${CHART}/all-time/all-genres?limit=10&page=1`]);
    // No genre is chosen, so there is no description to ask for.
    expect(server.calls.some((call) => call.url.startsWith('/api/genre/name/'))).toBe(false);
    const top = view.getByRole('region', { name: 'Top Rated Albums:' });
    expect(within(top).getAllByRole('article').map((tile) => tile.getAttribute('aria-label'))).toEqual([
      'Album 1 by Slowdive',
      'Album 2 by Slowdive',
      'Album 3 by Slowdive',
    ]);
    expect(top.textContent).toContain('9.44');
    expect(top.textContent).toContain('(24 ratings)');
    // The averages shown are plain, the order weighted: the top list says so, the others need not.
    expect(within(top).getByText(/^Ranked by a weighted score/)).toBeTruthy();
    const popular = view.getByRole('region', { name: 'Popular Albums:' });
    expect(within(popular).queryByText(/weighted score/)).toBeNull();
  });

  it('offers All Time then every year back to 1900, and All Genres then the genres by name', async () => {
    fakeServer({ 'GET /api/genre': [200, genres], [`GET ${CHART}/all-time/all-genres*`]: [200, chart([])] });
    const view = renderAt('/charts');
    const years = [...select(view, 'Year').options];
    expect(years[0].textContent).toBe('All Time');
    expect(years[1].value).toBe(String(new Date().getFullYear()));
    expect(years.at(-1)?.value).toBe('1900');
    await waitFor(() => expect(select(view, 'Genre').options).toHaveLength(4));
    expect([...select(view, 'Genre').options].map((option) => [option.value, option.textContent])).toEqual([
      ['all-genres', 'All Genres'],
      ['post-punk', 'Post-punk'],
      ['rock', 'Rock'],
      ['shoegaze', 'Shoegaze'],
    ]);
  });

  it('reads a year with no genre as all genres of that year', async () => {
    const server = fakeServer({ 'GET /api/genre': [200, genres], [`GET ${CHART}/2020/all-genres*`]: [200, chart(albums(1, 2))] });
    const view = renderAt('/charts/2020');
    await view.findByText('Top Rated Albums:');
    expect(select(view, 'Year').value).toBe('2020');
    expect(select(view, 'Genre').value).toBe('all-genres');
    expect(chartCalls(server.calls)).toEqual([`${CHART}/2020/all-genres?limit=10&page=1`]);
  });

  it('goes to /charts/{year}/{genre} when a year or a genre is chosen, and back to the top', async () => {
    const server = fakeServer({
      'GET /api/genre': [200, genres],
      'GET /api/genre/name/shoegaze': [200, shoegaze],
      [`GET ${CHART}/all-time/all-genres*`]: [200, chart(albums(1, 2))],
      [`GET ${CHART}/1997/all-genres*`]: [200, chart(albums(1, 2))],
      [`GET ${CHART}/1997/shoegaze*`]: [200, chart(albums(1, 2))],
    });
    const view = renderAt('/charts');
    await waitFor(() => expect(select(view, 'Genre').options).toHaveLength(4));
    vi.mocked(window.scrollTo).mockClear();

    choose(select(view, 'Year'), '1997');
    expect(view.location.history.at(-1)).toBe('/charts/1997/all-genres');
    choose(select(view, 'Genre'), 'shoegaze');
    expect(view.location.history.at(-1)).toBe('/charts/1997/shoegaze');

    await view.findByText('Top Rated Shoegaze Albums:');
    expect(select(view, 'Year').value).toBe('1997');
    expect(select(view, 'Genre').value).toBe('shoegaze');
    expect(chartCalls(server.calls).at(-1)).toBe(`${CHART}/1997/shoegaze?limit=10&page=1`);
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it("names the genre in the headings and shows its description", async () => {
    fakeServer({ 'GET /api/genre': [200, genres], 'GET /api/genre/name/shoegaze': [200, shoegaze], [`GET ${CHART}/all-time/shoegaze*`]: [200, chart(albums(1, 2))] });
    const view = renderAt('/charts/all-time/shoegaze');
    await view.findByText('Top Rated Shoegaze Albums:');
    expect(headings(view)).toEqual(['Top Rated Shoegaze Albums:', 'Popular Shoegaze Albums:', 'Recent Shoegaze Albums:']);
    expect(view.getByText(shoegaze.description)).toBeTruthy();
    expect(view.getByRole('heading', { level: 1 }).textContent).toBe('All Time Shoegaze Charts');
  });

  it("loads the next page with 'More' and appends it, then hides the button", async () => {
    const server = fakeServer({
      'GET /api/genre': [200, genres],
      [`GET ${CHART}/all-time/all-genres?limit=10&page=1`]: [200, chart(albums(1, 10), albums(1, 4), albums(1, 4))],
      [`GET ${CHART}/all-time/all-genres?limit=10&page=2`]: [200, chart(albums(11, 3), [], [])],
    });
    const view = renderAt('/charts/all-time/all-genres');
    fireEvent.click(await view.findByRole('button', { name: 'More' }));
    await view.findByRole('article', { name: 'Album 13 by Slowdive' });
    expect(chartCalls(server.calls)).toEqual([
      `${CHART}/all-time/all-genres?limit=10&page=1`,
      `${CHART}/all-time/all-genres?limit=10&page=2`,
    ]);
    expect(within(view.getByRole('region', { name: 'Top Rated Albums:' })).getAllByRole('article')).toHaveLength(13);
    expect(within(view.getByRole('region', { name: 'Popular Albums:' })).getAllByRole('article')).toHaveLength(4);
    // Every list of page 2 came back short: there is nothing more.
    expect(view.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it("offers no 'More' when the first page is already short, and says when a column is empty", async () => {
    fakeServer({ 'GET /api/genre': [200, genres], [`GET ${CHART}/all-time/all-genres*`]: [200, chart([album(1, 'Souvlaki')], [], [])] });
    const view = renderAt('/charts/all-time/all-genres');
    await view.findByText('Top Rated Albums:');
    expect(view.queryByRole('button', { name: 'More' })).toBeNull();
    expect(view.getAllByText('No data to display')).toHaveLength(2);
    expect(within(view.getByRole('region', { name: 'Popular Albums:' })).getByText('No data to display')).toBeTruthy();
  });

  it("shows the server's message for an unknown genre, with a way back to the charts", async () => {
    const missing: [number, unknown] = [404, { message: 'No genre called nonsense' }];
    fakeServer({ 'GET /api/genre': [200, genres], 'GET /api/genre/name/nonsense': missing, [`GET ${CHART}/all-time/nonsense*`]: missing });
    const view = renderAt('/charts/all-time/nonsense');
    expect((await view.findByRole('alert')).textContent).toContain('No genre called nonsense');
    expect(view.getByRole('link', { name: 'See all the charts' }).getAttribute('href')).toBe('/charts');
  });
});
