import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { focusManager } from '@tanstack/react-query';
import { fakeServer, vera } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';

beforeEach(() => localStorage.setItem('halfstar.token', 't'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const countsAsked = (calls: Array<{ url: string }>) => calls.filter((call) => call.url === '/api/admin/counts').length;

function headerActions(view: ReturnType<typeof renderAt>) {
  return view.getByRole('button', { name: 'Logout' }).parentElement as HTMLElement;
}

describe("the staff's counts in the header", () => {
  it('shows an admin what waits, on the Settings button and in its menu', async () => {
    fakeServer({
      'GET /api/auth/me': [200, { ...vera, role: 'admin', suspension: null }],
      'GET /api/admin/counts': [200, { openReports: 3, openChangeRequests: 2 }],
    });
    const view = renderAt('/no-such-page');
    const button = await view.findByRole('button', { name: 'Settings: 5 waiting' });
    expect(button.querySelector('.count-badge')?.textContent).toBe('5');
    fireEvent.click(button);
    const menu = within(headerActions(view));
    expect(menu.getByRole('menuitem', { name: 'Reports (3)' }).getAttribute('href')).toBe('/admin');
    expect(menu.getByRole('menuitem', { name: 'Change requests (2)' }).getAttribute('href')).toBe('/change-requests');
  });

  it('shows an editor the change requests only, and asks again when the window comes back', async () => {
    const server = fakeServer({
      'GET /api/auth/me': [200, { ...vera, role: 'editor', suspension: null }],
      'GET /api/admin/counts': [200, { openReports: null, openChangeRequests: 1 }],
    });
    const view = renderAt('/no-such-page');
    fireEvent.click(await view.findByRole('button', { name: 'Settings: 1 waiting' }));
    const menu = within(headerActions(view));
    expect(menu.getByRole('menuitem', { name: 'Change requests (1)' })).toBeTruthy();
    expect(menu.queryByRole('menuitem', { name: /Reports/ })).toBeNull();
    expect(menu.queryByRole('menuitem', { name: 'Admin' })).toBeNull();
    // Opening the menu asks afresh too; a focus while that is out would join it.
    await new Promise((settle) => setTimeout(settle, 50));
    const before = countsAsked(server.calls);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(countsAsked(server.calls)).toBeGreaterThan(before));
    focusManager.setFocused(undefined);
  });

  it('asks nothing for a member and shows no badge', async () => {
    const server = fakeServer({ 'GET /api/auth/me': [200, { ...vera, suspension: null }] });
    const view = renderAt('/no-such-page');
    fireEvent.click(await view.findByRole('button', { name: 'Settings' }));
    expect(within(headerActions(view)).queryByRole('menuitem', { name: /Change requests/ })).toBeNull();
    expect(view.container.querySelector('.count-badge')).toBeNull();
    expect(countsAsked(server.calls)).toBe(0);
  });
});
