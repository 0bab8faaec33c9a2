import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { fakeServer, vera } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Add menu', () => {
  it('asks a signed-out visitor to log in, and the dialog closes on Escape', async () => {
    fakeServer({});
    const view = renderAt('/no-such-page');
    const nav = view.container.querySelector('.header-actions') as HTMLElement;
    fireEvent.click(within(nav).getByRole('button', { name: 'Add' }));
    fireEvent.click(view.getByRole('menuitem', { name: 'Add Album' }));
    const dialog = view.getByRole('dialog', { name: 'Log In' });
    expect(dialog.textContent).toContain('to add to the database.');
    expect(within(dialog).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(view.queryByRole('dialog')).toBeNull();
    expect(view.location.history.at(-1)).toBe('/no-such-page');
  });

  it('takes a member straight to the form', async () => {
    localStorage.setItem('halfstar.token', 't');
    fakeServer({ 'GET /api/auth/me': [200, vera] });
    const view = renderAt('/no-such-page');
    const nav = (await view.findByRole('button', { name: 'Logout' })).parentElement as HTMLElement;
    fireEvent.click(within(nav).getByRole('button', { name: 'Add' }));
    fireEvent.click(view.getByRole('menuitem', { name: 'Add Review' }));
    expect(view.location.history.at(-1)).toBe('/add-review');
  });
});

describe('the theme', () => {
  it('is dark by default and kept per member', async () => {
    localStorage.setItem('halfstar.token', 't');
    fakeServer({ 'GET /api/auth/me': [200, vera] });
    const view = renderAt('/no-such-page');
    await view.findByRole('button', { name: 'Logout' });
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    const settings = view.container.querySelector('.header-actions') as HTMLElement;
    fireEvent.click(within(settings).getByRole('button', { name: 'Settings' }));
    const select = within(settings).getByLabelText('Theme') as HTMLSelectElement;
    // happy-dom drops testing-library's synthetic change on <select>; dispatch a real one.
    select.value = 'teal';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('teal'));
    expect(localStorage.getItem('halfstar.theme.1')).toBe('teal');
  });
});

describe('live search', () => {
  it('lists matches as you type and opens the one chosen with the keyboard', async () => {
    fakeServer({
      'GET /api/search*': [
        200,
        {
          artists: [{ artistId: 6, name: 'Sigur Rós', slug: 'sigur-ros', pictureUrl: '' }],
          albums: [
            {
              albumId: 46,
              title: 'Ágætis byrjun',
              slug: 'agaetis-byrjun',
              artist: 'Sigur Rós',
              artistSlug: 'sigur-ros',
              pictureUrl: '',
              releaseYear: 1999,
              type: 'LP',
            },
          ],
        },
      ],
    });
    const view = renderAt('/no-such-page');
    const input = view.container.querySelector('.header-search input') as HTMLInputElement;
    fireEvent.input(input, { target: { value: 'sig' } });
    const list = await view.findByRole('listbox', {}, { timeout: 2000 });
    expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Sigur RósArtist',
      'Ágætis byrjunSigur Rós · 1999',
    ]);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(within(list).getAllByRole('option')[1].id);
    fireEvent.submit(input.closest('form')!);
    expect(view.location.history.at(-1)).toBe('/albums/sigur-ros/agaetis-byrjun');
  });

  it('keeps the list for a member who leaves the box and comes straight back to type', async () => {
    fakeServer({
      'GET /api/search*': [200, { artists: [{ artistId: 6, name: 'Sigur Rós', slug: 'sigur-ros', pictureUrl: '' }], albums: [] }],
    });
    const view = renderAt('/no-such-page');
    const input = view.container.querySelector('.header-search input') as HTMLInputElement;
    // Out and back within the moment the list waits before closing.
    // (preact/compat listens for focusin and focusout.)
    fireEvent.focusIn(input);
    fireEvent.focusOut(input);
    fireEvent.focusIn(input);
    fireEvent.input(input, { target: { value: 'sig' } });
    await view.findByRole('listbox', {}, { timeout: 2000 });
    await new Promise((wait) => setTimeout(wait, 300));
    expect(view.queryByRole('listbox')).not.toBeNull();
  });
});
