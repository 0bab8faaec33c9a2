import { cleanup, render, screen, waitFor } from '@testing-library/preact';
import { Component, type ComponentChildren } from 'preact';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyComponent } from './lazyComponent';

class Caught extends Component<{ children: ComponentChildren }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p>failed: {String(this.state.error)}</p> : this.props.children;
  }
}

function show(Screen: () => preact.JSX.Element) {
  return render(
    <Caught>
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    </Caught>,
  );
}

describe('a screen that loads on demand', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    sessionStorage.clear();
  });

  it('shows the module\'s named component once its code has arrived', async () => {
    const Screen = lazyComponent(() => Promise.resolve({ Admin: () => <h1>Admin</h1> }), 'Admin');
    show(Screen);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeTruthy();
  });

  it('shows at once, without the fallback, once its code was preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ Admin: () => <h1>Admin</h1> }));
    const Screen = lazyComponent(load, 'Admin');
    await Screen.preload();
    show(Screen);
    expect(screen.getByRole('heading', { name: 'Admin' })).toBeTruthy();
    expect(screen.queryByText('loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reloads the page once when its code is gone (a tab opened before an upgrade), then shows the error', async () => {
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => {});
    const missing = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
    show(lazyComponent<{ Admin: () => preact.JSX.Element }, 'Admin'>(missing, 'Admin'));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('loading')).toBeTruthy();

    // After the reload the page asks again; the same failure is now shown, not reloaded forever.
    show(lazyComponent<{ Admin: () => preact.JSX.Element }, 'Admin'>(missing, 'Admin'));
    expect(await screen.findByText(/failed: .*Failed to fetch/)).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('forgets an earlier reload once code loads again', async () => {
    sessionStorage.setItem('halfstar.reloaded-for-chunk', '1');
    show(lazyComponent(() => Promise.resolve({ Admin: () => <h1>Admin</h1> }), 'Admin'));
    await screen.findByRole('heading', { name: 'Admin' });
    expect(sessionStorage.getItem('halfstar.reloaded-for-chunk')).toBeNull();
  });
});
