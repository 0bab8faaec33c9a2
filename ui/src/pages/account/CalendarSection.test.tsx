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

const ADDRESS = 'http://music.example/api/feeds/calendar/secret-token';

describe('the release calendar section of Settings', () => {
  it('makes a link, shows it once with a way into a calendar program, and revokes it', async () => {
    let link: unknown = null;
    let revoked = false;
    fakeServer({
      'GET /api/auth/me': [200, { ...vera, suspension: null }],
      'GET /api/auth/sessions': [200, []],
      'GET /api/invites': [200, { invites: [] }],
      'GET /api/settings/player-token': [200, { token: null }],
      'GET /api/settings/community': [200, { ratingsInFeeds: true, notificationsOff: [], blocked: [] }],
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init = {}) => {
      if (String(url).startsWith('/api/settings/calendar')) {
        const method = init.method ?? 'GET';
        if (method === 'POST') {
          link = { createdAt: '2026-11-20T10:00:00.000Z', lastUsedAt: null };
          return new Response(JSON.stringify({ url: ADDRESS, createdAt: '2026-11-20T10:00:00.000Z' }), { status: 201 });
        }
        if (method === 'DELETE') {
          link = null;
          revoked = true;
          return new Response(null, { status: 204 });
        }
        return new Response(JSON.stringify({ link }), { status: 200 });
      }
      return answer(url, init);
    });
    const view = renderAt('/settings/account');
    const section = (await view.findByRole('heading', { name: 'Release calendar' })).closest('section')!;
    const inside = within(section as HTMLElement);
    await inside.findByText('You have no calendar link yet.');

    fireEvent.click(inside.getByRole('button', { name: 'Make a calendar link' }));
    expect((await inside.findByTestId('calendar-link')).textContent).toBe(ADDRESS);
    expect(inside.getByRole('link', { name: 'Open it in your calendar program' }).getAttribute('href')).toBe(
      'webcal://music.example/api/feeds/calendar/secret-token',
    );
    await inside.findByText(/not read yet/);

    fireEvent.click(inside.getByRole('button', { name: 'Revoke link' }));
    await inside.findByText('You have no calendar link yet.');
    expect(inside.queryByTestId('calendar-link')).toBeNull();
    expect(revoked).toBe(true);
  });
});
