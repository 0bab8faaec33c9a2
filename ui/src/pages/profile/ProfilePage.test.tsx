import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import type { ProfileStats, Shout } from '../../api/types';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mira = { userId: 5, username: 'mira99', createdAt: '2025-03-03T10:00:00.000Z', profilePictureUrl: '', role: 'user' };

const stats: ProfileStats = {
  joined: '2025-03-03T10:00:00.000Z',
  ratingsCount: 0,
  libraryCount: 0,
  commentsCount: 0,
  reviewsCount: 0,
  shoutsCount: 0,
  postsCount: 0,
  approval: null,
  score: 0,
  favouriteGenre: null,
  averageRating: null,
  ratingDistribution: Array.from({ length: 20 }, (_, index) => ({ number: (index + 1) / 2, count: 0 })),
  topGenres: [],
  topAlbums: [],
  recentlyRated: [],
  recentlyCommented: [],
};

const shoutFromVera: Shout = {
  shoutId: 9,
  shoutText: 'Nice taste.',
  userId: vera.userId,
  recipientUsername: 'mira99',
  createdAt: '2026-11-20T10:00:00.000Z',
  hidden: false,
  user: { userId: vera.userId, username: vera.username, profilePictureUrl: '' },
};

function profileServer(extra: Record<string, [number, unknown?]> = {}) {
  return fakeServer({
    'GET /api/auth/me': [200, vera],
    'GET /api/user/username/mira99': [200, mira],
    'GET /api/user/username/mira99/stats': [200, stats],
    'GET /api/shout/user/mira99': [200, [shoutFromVera]],
    ...extra,
  });
}

async function openShouts(signedIn: boolean) {
  if (signedIn) localStorage.setItem('halfstar.token', 't');
  const view = renderAt('/user/mira99');
  // A stored token holds the app until the session is checked; then the profile loads.
  expect(await view.findByText('Profile Loading...')).toBeTruthy();
  await view.findByRole('heading', { level: 1, name: 'mira99' });
  if (signedIn) await view.findByRole('button', { name: 'Logout' });
  // The tabs come a task after the top of the profile.
  fireEvent.click(await view.findByRole('tab', { name: 'Shouts' }));
  await view.findByText('Nice taste.');
  return view;
}

const submit = (view: ReturnType<typeof renderAt>) =>
  fireEvent.submit(view.getByLabelText('Leave a shout for mira99').closest('form') as HTMLFormElement);

describe('the shout composer on a profile', () => {
  it('explains an empty shout in a dialog and sends nothing', async () => {
    const { calls } = profileServer();
    const view = await openShouts(true);
    submit(view);
    const dialog = await view.findByRole('dialog', { name: 'Please type something first' });
    expect(dialog.textContent).toContain("You can't send an empty shout");
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(view.queryByRole('dialog')).toBeNull();
  });

  it('asks to slow down on a 429 and keeps the text', async () => {
    profileServer({ 'POST /api/shout': [429, { message: 'Too many requests' }] });
    const view = await openShouts(true);
    const box = view.getByLabelText('Leave a shout for mira99') as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: 'Another one' } });
    submit(view);
    const dialog = await view.findByRole('dialog', { name: 'You are sending too many shouts.' });
    expect(dialog.textContent).toContain('We appreciate the enthusiasm but please slow down.');
    expect(box.value).toBe('Another one');
  });

  it('sends the trimmed text to the recipient and clears the box', async () => {
    const { calls } = profileServer({ 'POST /api/shout': [201, { ...shoutFromVera, shoutId: 10, shoutText: 'Hi' }] });
    const view = await openShouts(true);
    const box = view.getByLabelText('Leave a shout for mira99') as HTMLTextAreaElement;
    fireEvent.input(box, { target: { value: '  Hi  ' } });
    submit(view);
    await waitFor(() => expect(box.value).toBe(''));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ recipientUsername: 'mira99', shoutText: 'Hi' });
  });

  it('shows the delete icon to the author only, and a visitor is asked to log in', async () => {
    profileServer();
    const view = await openShouts(false);
    expect(view.queryByRole('button', { name: 'Delete shout' })).toBeNull();
    submit(view);
    const dialog = await view.findByRole('dialog', { name: 'Log In' });
    expect(dialog.textContent).toContain('to leave a shout.');
    expect(within(dialog).getByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('lets the author delete their shout', async () => {
    const { calls } = profileServer({ 'DELETE /api/shout/9': [204] });
    const view = await openShouts(true);
    fireEvent.click(view.getByRole('button', { name: 'Delete shout' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/shout/9')).toBe(true));
  });
});
