import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor } from '@testing-library/preact';
import { fakeServer, vera } from '../test/fakeServer';
import { renderAt } from '../test/renderAt';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const mode = (name: string) => ({ 'GET /api/site/signup': [200, { mode: name, membersMayInvite: false }] as [number, unknown] });

describe('the Sign Up page by sign-up mode', () => {
  it('open: says anyone can join and asks no invite', async () => {
    const server = fakeServer({ ...mode('open'), 'POST /api/auth/signup': [201, { token: 'new', user: vera }] });
    const view = renderAt('/sign-up?invite=IGNORED');
    expect(await view.findByText('Anyone can join.')).toBeTruthy();
    expect(view.queryByLabelText('Invite code')).toBeNull();
    fireEvent.input(view.getByLabelText('Username'), { target: { value: 'newbie' } });
    fireEvent.click(view.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/'));
    const body = server.calls.find((call) => call.method === 'POST')?.body as Record<string, unknown>;
    expect(body).not.toHaveProperty('inviteCode');
  });

  it('invite: the code from the link is filled in and sent', async () => {
    const server = fakeServer({ ...mode('invite'), 'POST /api/auth/signup': [201, { token: 'new', user: vera }] });
    const view = renderAt('/sign-up?invite=Zq7-abc');
    expect(await view.findByText('Joining needs an invite: paste the code from your invite link.')).toBeTruthy();
    const code = view.getByLabelText('Invite code') as HTMLInputElement;
    expect(code.value).toBe('Zq7-abc');
    fireEvent.input(view.getByLabelText('Username'), { target: { value: 'newbie' } });
    fireEvent.click(view.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(localStorage.getItem('halfstar.token')).toBe('new'));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toMatchObject({ username: 'newbie', inviteCode: 'Zq7-abc' });
  });

  it('invite: an empty field to paste into without a link, and the refusal in the form', async () => {
    const refusal = 'This invite can no longer be used: it has expired, been used up or been revoked.';
    fakeServer({ ...mode('invite'), 'POST /api/auth/signup': [403, { message: refusal }] });
    const view = renderAt('/sign-up');
    const code = (await view.findByLabelText('Invite code')) as HTMLInputElement;
    expect(code.value).toBe('');
    fireEvent.input(code, { target: { value: 'OLD' } });
    fireEvent.click(view.getByRole('button', { name: 'Sign Up' }));
    expect((await view.findByRole('alert')).textContent).toBe(`Couldn't create your account: ${refusal}`);
    expect(view.location.history.at(-1)).toBe('/sign-up');
  });

  it('closed: no form, only the message and the way to log in', async () => {
    fakeServer(mode('closed'));
    const view = renderAt('/sign-up');
    expect(await view.findByText('Sign-up is closed on this site: ask its admin.')).toBeTruthy();
    expect(view.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(view.queryByLabelText('Username')).toBeNull();
    expect(view.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});
