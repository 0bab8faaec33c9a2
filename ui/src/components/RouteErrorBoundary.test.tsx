import { act, cleanup, fireEvent, render } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter-preact';
import { memoryLocation } from 'wouter-preact/memory-location';
import { routeParam, useQueryParams } from '../lib/routeParam';
import { fakeServer } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// The artist page stands in for any page: it throws for the artist "boom"
// and otherwise shows the name it was given, decoded.
vi.mock('../pages/artist/ArtistPage', () => ({
  ArtistPage: ({ params }: { params: { artistName?: string } }) => {
    const name = routeParam(params.artistName);
    if (name === 'boom') throw new Error('boom');
    return <section data-screen="artist">Artist: {name}</section>;
  },
}));

const screen = (container: Element) => container.querySelector('main [data-screen]')?.getAttribute('data-screen');

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  fakeServer({});
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  consoleError.mockRestore();
  vi.unstubAllGlobals();
});

describe('the route error boundary in the app', () => {
  it('shows a friendly message with a way back instead of a blank page', () => {
    const { container, getByRole, getByText } = renderAt('/artists/boom');
    expect(screen(container)).toBe('error');
    expect(getByText('Something went wrong while showing this page.')).toBeTruthy();
    expect(getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
    expect(getByRole('link', { name: 'Go Back' })).toBeTruthy();
    // The header and its navigation stay usable.
    expect(getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
  });

  it('starts afresh when the route changes, to another page or the same page', () => {
    const { container, location } = renderAt('/artists/boom');
    expect(screen(container)).toBe('error');
    act(() => location.navigate('/artists/Sigur%20R%C3%B3s'));
    expect(screen(container)).toBe('artist');
    expect(container.querySelector('main')?.textContent).toContain('Artist: Sigur Rós');

    act(() => location.navigate('/artists/boom'));
    expect(screen(container)).toBe('error');
    act(() => location.navigate('/sign-up'));
    expect(screen(container)).toBe('sign-up');
  });

  it('Go Home leaves the broken page', () => {
    const { container, getByRole, location } = renderAt('/artists/boom');
    fireEvent.click(getByRole('link', { name: 'Go Home' }));
    expect(location.history.at(-1)).toBe('/');
    expect(screen(container)).toBe('home');
  });
});

describe('route parameters', () => {
  it.each([
    ['/artists/AC%2FDC', 'AC/DC'],
    ['/artists/AC/DC', 'AC/DC'],
    ['/artists/What%3F', 'What?'],
    ['/artists/%231%20Record', '#1 Record'],
    ['/artists/100%25%20Pure', '100% Pure'],
    ['/artists/100%%20Pure', '100% Pure'],
    ['/artists/50%252F50', '50%2F50'],
    ['/artists/R%26B%20%2B%20Soul', 'R&B + Soul'],
    ['/artists/%E0%A4%A', '%E0%A4%A'],
    ['/artists/%', '%'],
    ['/artists/%D9%85%D9%88%D8%B3%D9%8A%D9%82%D9%89', 'موسيقى'],
  ])('%s names the artist %s', (path, name) => {
    const { container } = renderAt(path);
    expect(screen(container)).toBe('artist');
    expect(container.querySelector('main')?.textContent).toBe(`Artist: ${name}`);
  });

  it.each([
    ['/artists/not-found/No%2FSuch%3FBand%23', 'No/Such?Band#'],
    ['/artists/not-found/%E0%A4%A', '%E0%A4%A'],
    ['/artists/not-found/100%', '100%'],
    ['/artists/not-found/AC/DC', 'AC/DC'],
  ])('%s quotes %s', (path, name) => {
    const { container, getByText } = renderAt(path);
    expect(screen(container)).toBe('artist-not-found');
    expect(getByText(`Couldn't find artist called ${name}`)).toBeTruthy();
  });

  it('a malformed album address shows the album page, not a crash', () => {
    const { container } = renderAt('/albums/%/%E0%A4%A');
    expect(screen(container)).toBe('album');
    expect(consoleError).not.toHaveBeenCalled();
  });
});

describe('query parameters', () => {
  it('are decoded once, so a name holding an escape keeps it', () => {
    function Probe() {
      const query = useQueryParams();
      return <p>{`${query.get('artist')}|${query.get('album')}`}</p>;
    }
    const location = memoryLocation({ path: '/add-review?artist=50%252F50&album=R%26B%20%2B%20Soul%20100%25' });
    const { container } = render(
      <Router hook={location.hook}>
        <Probe />
      </Router>,
    );
    expect(container.textContent).toBe('50%2F50|R&B + Soul 100%');
  });
});

describe('RouteErrorBoundary on its own', () => {
  function Thrower(): never {
    throw new Error('broken');
  }

  it('resets only when its key changes', () => {
    const location = memoryLocation({ path: '/broken' });
    const view = render(
      <Router hook={location.hook}>
        <Keyed />
      </Router>,
    );
    function Keyed() {
      const [path] = location.hook();
      return (
        <RouteErrorBoundary resetKey={path}>
          <Switch>
            <Route path="/broken" component={Thrower} />
            <Route>
              <p>fine</p>
            </Route>
          </Switch>
        </RouteErrorBoundary>
      );
    }
    expect(view.container.querySelector('[data-screen="error"]')).toBeTruthy();
    view.rerender(
      <Router hook={location.hook}>
        <Keyed />
      </Router>,
    );
    expect(view.container.querySelector('[data-screen="error"]')).toBeTruthy();
    act(() => location.navigate('/elsewhere'));
    expect(view.container.textContent).toBe('fine');
  });
});
