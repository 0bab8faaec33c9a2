import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { defaultChartsPath } from './components/Header';
import { fakeServer } from './test/fakeServer';
import { renderAt } from './test/renderAt';

// The screens' own data calls meet an empty server: these tests are about routing.
beforeEach(() => fakeServer({}));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it.each([
    ['/', 'home'],
    ['/my-library', 'library'],
    ['/artists/radiohead', 'artist'],
    ['/artists/not-found/radiohead', 'artist-not-found'],
    ['/albums/radiohead/ok-computer', 'album'],
    ['/review/ok-computer/3', 'review'],
    ['/post/7', 'post'],
    ['/user/vinylvera', 'profile'],
    ['/login', 'login'],
    ['/sign-up', 'sign-up'],
    ['/add-album', 'add-album'],
    ['/add-artist', 'add-artist'],
    ['/add-review', 'add-review'],
    ['/add-post', 'add-post'],
    ['/genre/rock', 'genre'],
    ['/year/1997', 'year'],
    ['/charts', 'charts'],
    ['/charts/2020', 'charts'],
    ['/charts/2020/rock', 'charts'],
    ['/charts/all-time/shoegaze', 'charts'],
    ['/collection', 'collection'],
    ['/grab-data', 'grab-data'],
    ['/admin', 'admin'],
    ['/no/such/page', 'not-found'],
  ])('%s shows the %s screen', async (path, screen) => {
    const { container } = renderAt(path);
    // Screens few visits need arrive a moment later (lib/lazyComponent).
    await waitFor(() => expect(container.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe(screen));
  });

  it('sends the collection\'s old address /list on to /collection with its query', async () => {
    const { container, location } = renderAt('/list?user=mira%2099');
    await waitFor(() => expect(container.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe('collection'));
    expect(location.history.at(-1)).toBe('/collection?user=mira%2099');
    // Replaced, so Back does not bounce into the redirect again.
    expect(location.history).toHaveLength(1);
  });

  it('passes route parameters to the screen', () => {
    const { container } = renderAt('/charts/2020/rock');
    expect(container.textContent).toContain('2020');
    expect(container.textContent).toContain('rock');
  });

  it('names the missing artist', () => {
    const { getByText } = renderAt('/artists/not-found/Nobody');
    expect(getByText("Couldn't find artist called Nobody")).toBeTruthy();
    expect(getByText('Go Back')).toBeTruthy();
  });
});

describe('navigation', () => {
  it('marks Charts active on any charts path and links to this year', () => {
    const { getByRole } = renderAt('/charts/all-time/rock');
    const charts = within(getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Charts' });
    expect(charts.className).toContain('active');
    expect(charts.getAttribute('href')).toBe(defaultChartsPath());
    expect(defaultChartsPath()).toBe('/charts/all-time/all-genres');
  });

  it('Enter in the search box goes to the artist and clears the box', async () => {
    const { getByPlaceholderText, location } = renderAt('/');
    const input = getByPlaceholderText('Search an Artist') as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'Sigur Rós' } });
    fireEvent.submit(input.closest('form')!);
    expect(location.history.at(-1)).toBe('/artists/Sigur%20R%C3%B3s');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(input.value).toBe('');
  });
});
