import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor } from '@testing-library/preact';
import { fakeServer, vera } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';

beforeEach(() => localStorage.setItem('halfstar.token', 't'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const warning = (warningId: number, message: string) => ({ warningId, message, createdAt: '2026-05-01T09:30:00Z' });

describe('the warning banner', () => {
  it('shows one warning at a time until the member has read each', async () => {
    const answers: Record<string, [number, unknown?]> = {
      'GET /api/auth/me': [200, { ...vera, suspension: null }],
      'GET /api/auth/warnings': [200, { warnings: [warning(4, 'No adverts, please.'), warning(5, 'Be kind.')] }],
      'POST /api/auth/warnings/4/seen': [204],
    };
    const server = fakeServer(answers);
    const view = renderAt('/no-such-page');
    await view.findByText('An admin warned you: No adverts, please.');
    expect(view.queryByText(/Be kind/)).toBeNull();
    // The server now has one unread warning left (the table is read at each call).
    answers['GET /api/auth/warnings'] = [200, { warnings: [warning(5, 'Be kind.')] }];
    fireEvent.click(view.getByRole('button', { name: 'I have read this' }));
    expect(await view.findByText('An admin warned you: Be kind.')).toBeTruthy();
    expect(view.queryByText(/No adverts/)).toBeNull();
    expect(server.calls.some((call) => call.method === 'POST' && call.url === '/api/auth/warnings/4/seen')).toBe(true);
  });

  it('is not there without unread warnings, nor for a visitor', async () => {
    fakeServer({ 'GET /api/auth/me': [200, { ...vera, suspension: null }], 'GET /api/auth/warnings': [200, { warnings: [] }] });
    const view = renderAt('/no-such-page');
    await view.findByRole('button', { name: 'Logout' });
    await waitFor(() => expect(view.container.querySelector('.warning-banner')).toBeNull());
    cleanup();
    localStorage.clear();
    const server = fakeServer({});
    renderAt('/no-such-page');
    expect(server.calls.some((call) => call.url === '/api/auth/warnings')).toBe(false);
  });
});
