import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/preact';
import { fakeServer, vera } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';

beforeEach(() => localStorage.setItem('halfstar.token', 't'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const BANNER = '.suspended-banner';

describe('the suspended banner', () => {
  it('tells a suspended member until when and why, on any page', async () => {
    fakeServer({
      'GET /api/auth/me': [200, { ...vera, suspension: { until: '2026-12-01T00:00:00Z', reason: 'spam in the comments' } }],
    });
    const view = renderAt('/no-such-page');
    await view.findByRole('button', { name: 'Logout' });
    expect(view.container.querySelector(BANNER)?.textContent).toBe(
      'Your account is suspended until December 1st, 2026: spam in the comments. You can read, but not write.',
    );
  });

  it('says nothing of an end when the suspension is for good', async () => {
    fakeServer({ 'GET /api/auth/me': [200, { ...vera, suspension: { until: null, reason: 'abuse' } }] });
    const view = renderAt('/charts');
    await view.findByRole('button', { name: 'Logout' });
    expect(view.container.querySelector(BANNER)?.textContent).toBe(
      'Your account is suspended: abuse. You can read, but not write.',
    );
  });

  it('is not there for a member in good standing', async () => {
    fakeServer({ 'GET /api/auth/me': [200, { ...vera, suspension: null }] });
    const view = renderAt('/no-such-page');
    await view.findByRole('button', { name: 'Logout' });
    expect(view.container.querySelector(BANNER)).toBeNull();
  });
});
