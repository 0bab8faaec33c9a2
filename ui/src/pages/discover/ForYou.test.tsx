import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor } from '@testing-library/preact';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { okComputer } from '../album/albumFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signedIn = (answers: Record<string, [number, unknown?]>) => {
  localStorage.setItem('halfstar.token', 'token');
  return fakeServer({
    'GET /api/auth/me': [200, vera],
    'GET /api/rating/user/1': [200, []],
    'GET /api/wishlistitem/user/1': [200, []],
    ...answers,
  });
};

const ready = (albums: unknown[], neighbours = 3) => ({ state: 'ready', albums, neighbours, madeAt: '2026-11-27T10:00:00.000Z' });

describe('For you', () => {
  it('shows the recommended albums with why, and dismisses one with an undo', async () => {
    const server = signedIn({
      'GET /api/recommendations*': [200, ready([{ album: okComputer, members: 2, like: null }])],
      'PUT /api/recommendations/dismissed/4': [204],
      'DELETE /api/recommendations/dismissed/4': [204],
    });
    const view = renderAt('/for-you');
    expect(await view.findByText('2 members of like taste loved it')).toBeTruthy();
    expect(view.getByText('Loved by the 3 members whose ratings agree most with yours, and like the albums you loved.')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Not for me' }));
    expect(await view.findByText(/OK Computer will not be recommended again/)).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(server.calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(server.calls.find((call) => call.method === 'PUT')?.url).toBe('/api/recommendations/dismissed/4');
  });

  it('says when it is being worked out, when there is too little to go on, and when it is off', async () => {
    signedIn({ 'GET /api/recommendations*': [200, { state: 'working', albums: [], neighbours: 0, madeAt: null }] });
    const working = renderAt('/for-you');
    expect(await working.findByText('Working out your recommendations…')).toBeTruthy();
    cleanup();

    signedIn({ 'GET /api/recommendations*': [200, ready([], 0)] });
    const few = renderAt('/for-you');
    expect(await few.findByText(/Rate more albums, and albums other members rated too/)).toBeTruthy();
    cleanup();

    signedIn({ 'GET /api/recommendations*': [200, { state: 'off', albums: [], neighbours: 0, madeAt: null }] });
    const off = renderAt('/for-you');
    expect(await off.findByText(/Recommendations are off/)).toBeTruthy();
    expect(off.getByRole('link', { name: 'settings' }).getAttribute('href')).toBe('/settings/account');
  });

  it('says which loved album a recommendation is like', async () => {
    const loved = { albumId: 9, title: 'Kid A', slug: 'kid-a', artist: 'Radiohead', artistSlug: 'radiohead' };
    signedIn({ 'GET /api/recommendations*': [200, ready([{ album: okComputer, members: 0, like: loved }], 0)] });
    const view = renderAt('/for-you');
    expect(await view.findByText('Like the albums you loved lately.')).toBeTruthy();
    expect(view.getByRole('link', { name: 'Kid A' }).getAttribute('href')).toBe('/albums/radiohead/kid-a');
  });

  it('invites a visitor to log in', async () => {
    fakeServer({});
    const view = renderAt('/for-you');
    expect(await view.findByText(/to see albums recommended for you/)).toBeTruthy();
  });
});
