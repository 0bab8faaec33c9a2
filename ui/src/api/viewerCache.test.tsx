import { QueryClient } from '@tanstack/react-query';
import { cleanup, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, vera } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';
import { forgetViewerAnswers, isUnderViewer, refreshAfterWrite, underViewer } from './viewerCache';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('answers cached under the viewer', () => {
  it('keeps each viewer apart and forgets only what depended on the viewer', () => {
    const client = new QueryClient();
    client.setQueryData(underViewer(['album', 'radiohead', 'ok-computer'], 1), 'as vera');
    client.setQueryData(underViewer(['album', 'radiohead', 'ok-computer'], 2), 'as theo');
    client.setQueryData(['genres'], 'for everyone');
    expect(client.getQueryData(underViewer(['album', 'radiohead', 'ok-computer'], 1))).toBe('as vera');
    expect(client.getQueryData(underViewer(['album', 'radiohead', 'ok-computer'], 2))).toBe('as theo');
    expect(isUnderViewer(underViewer(['x'], 0))).toBe(true);
    expect(isUnderViewer(['genres'])).toBe(false);
    // A paged list adds its page size after the viewer.
    expect(isUnderViewer([...underViewer(['album-reviews', 4], 1), { pageSize: 20 }])).toBe(true);

    forgetViewerAnswers(client);
    expect(client.getQueryData(underViewer(['album', 'radiohead', 'ok-computer'], 1))).toBeUndefined();
    expect(client.getQueryData(underViewer(['album', 'radiohead', 'ok-computer'], 2))).toBeUndefined();
    expect(client.getQueryData(['genres'])).toBe('for everyone');
  });

  it('marks everything a write can change as stale, but not the genre list', async () => {
    const client = new QueryClient();
    client.setQueryData(underViewer(['popular-albums'], 1), []);
    client.setQueryData(['profile-stats', 'vinylvera'], {});
    client.setQueryData(['genres'], []);
    await refreshAfterWrite(client);
    expect(client.getQueryState(underViewer(['popular-albums'], 1))?.isInvalidated).toBe(true);
    expect(client.getQueryState(['profile-stats', 'vinylvera'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['genres'])?.isInvalidated).toBe(false);
  });
});

describe('a token the server stops accepting', () => {
  it('signs the tab out and forgets the token', async () => {
    localStorage.setItem('halfstar.token', 'expired-token');
    const server = fakeServer({
      'GET /api/auth/me': [200, vera],
      'GET /api/rating/user/1*': [401, { message: 'Not signed in' }],
      'GET /api/wishlistitem/user/1*': [401, { message: 'Not signed in' }],
    });
    const view = renderAt('/my-library');
    await waitFor(() => expect(view.getByText('to start building your library.', { exact: false })).toBeTruthy());
    expect(localStorage.getItem('halfstar.token')).toBeNull();
    expect(view.getByRole('link', { name: 'Login', exact: true })).toBeTruthy();
    expect(view.queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(server.calls.some((call) => call.url.startsWith('/api/rating/user/1'))).toBe(true);
  });
});
