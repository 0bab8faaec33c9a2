import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, within } from '@testing-library/preact';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';

beforeEach(() => localStorage.setItem('halfstar.token', 't'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const me = [200, { ...vera, suspension: null }] as [number, unknown];

describe('the music player section of Settings', () => {
  it('makes a token, shows it once with the server address, and revokes it', async () => {
    let token: unknown = null;
    let revoked = false;
    fakeServer({
      'GET /api/auth/me': me,
      'GET /api/auth/sessions': [200, []],
      'GET /api/invites': [200, { invites: [] }],
      'GET /api/settings/community': [200, { ratingsInFeeds: true, notificationsOff: [], blocked: [] }],
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init = {}) => {
      if (String(url).startsWith('/api/settings/player-token')) {
        const method = init.method ?? 'GET';
        if (method === 'POST') {
          token = { createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };
          return new Response(JSON.stringify({ token: 'b1c2d3e4-0000-4000-8000-000000000001', createdAt: '2026-11-20T10:00:00.000Z' }), {
            status: 201,
          });
        }
        if (method === 'DELETE') {
          token = null;
          revoked = true;
          return new Response(null, { status: 204 });
        }
        return new Response(JSON.stringify({ token }), { status: 200 });
      }
      return answer(url, init);
    });
    const view = renderAt('/settings/account');
    const section = (await view.findByRole('heading', { name: 'Music player' })).closest('section')!;
    const inside = within(section as HTMLElement);
    await inside.findByText('You have no player token yet.');
    expect(inside.getByText(`${window.location.origin}/apis/listenbrainz/1/`)).toBeTruthy();

    fireEvent.click(inside.getByRole('button', { name: 'Make a player token' }));
    expect((await inside.findByTestId('player-token')).textContent).toBe('b1c2d3e4-0000-4000-8000-000000000001');
    await inside.findByText(/not used yet/);

    fireEvent.click(inside.getByRole('button', { name: 'Revoke token' }));
    await inside.findByText('You have no player token yet.');
    expect(inside.queryByTestId('player-token')).toBeNull();
    expect(revoked).toBe(true);
  });
});
