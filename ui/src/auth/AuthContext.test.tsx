import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor } from '@testing-library/preact';
import { QueryClientProvider } from '@tanstack/react-query';
import { makeQueryClient } from '../api/queries';
import { AuthProvider, useAuth } from './AuthContext';
import { renderAt } from '../test/renderAt';

const vera = {
  userId: 1,
  username: 'vinylvera',
  createdAt: '2026-01-02T03:04:05.000Z',
  profilePictureUrl: '',
  role: 'user',
  email: 'vera@example.com',
};

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

/** Answers fetch from a table of `METHOD /path` → [status, body], recording each call. */
function fakeServer(answers: Record<string, [number, unknown?]>) {
  const calls: Call[] = [];
  const pending: Array<() => void> = [];
  let hold = false;
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = (init.headers ?? {}) as Record<string, string>;
    calls.push({
      url,
      method,
      authorization: headers.Authorization ?? null,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (hold) await new Promise<void>((release) => pending.push(release));
    const [status, body] = answers[`${method} ${url}`] ?? [404, { message: 'No API route' }];
    return new Response(status === 204 ? null : JSON.stringify(body), { status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    holdAnswers() {
      hold = true;
    },
    release() {
      hold = false;
      pending.splice(0).forEach((release) => release());
    },
  };
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the auth context', () => {
  it('throws when used outside its provider', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Orphan />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('renders nothing until a stored token is checked, then the signed-in navigation', async () => {
    localStorage.setItem('halfstar.token', 'stored-token');
    const server = fakeServer({ 'GET /api/auth/me': [200, vera] });
    server.holdAnswers();
    const view = renderAt('/');
    expect(view.container.querySelector('header')).toBeNull();
    server.release();
    await waitFor(() => expect(view.getByRole('link', { name: 'Profile' })).toBeTruthy());
    expect(view.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/user/vinylvera');
    expect(view.getByRole('button', { name: 'Logout' })).toBeTruthy();
    expect(server.calls[0].authorization).toBe('Bearer stored-token');
  });

  it('starts a returning member signed in at once from the kept record, then brings it up to date', async () => {
    localStorage.setItem('halfstar.token', 'stored-token');
    localStorage.setItem('halfstar.member', JSON.stringify(vera));
    const server = fakeServer({ 'GET /api/auth/me': [200, { ...vera, username: 'vera-renamed' }] });
    server.holdAnswers();
    const view = renderAt('/');
    // Before the server answers: signed in as the kept record says.
    expect(view.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/user/vinylvera');
    expect(server.calls.some((call) => call.url === '/api/auth/me')).toBe(true);
    server.release();
    await waitFor(() => expect(view.getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/user/vera-renamed'));
    expect(JSON.parse(localStorage.getItem('halfstar.member') ?? 'null').username).toBe('vera-renamed');
  });

  it('draws nothing again when the server confirms the kept record as it is', async () => {
    localStorage.setItem('halfstar.token', 'stored-token');
    localStorage.setItem('halfstar.member', JSON.stringify(vera));
    const server = fakeServer({ 'GET /api/auth/me': [200, { ...vera }] });
    let drawn = 0;
    function Probe() {
      useAuth();
      drawn += 1;
      return null;
    }
    render(
      <QueryClientProvider client={makeQueryClient()}>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(server.calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(drawn).toBe(1);
  });

  it('signs a kept member out when the server no longer accepts the token, forgetting the record', async () => {
    localStorage.setItem('halfstar.token', 'revoked');
    localStorage.setItem('halfstar.member', JSON.stringify(vera));
    fakeServer({ 'GET /api/auth/me': [401, { message: 'Not signed in' }] });
    const view = renderAt('/');
    await waitFor(() => expect(view.getByRole('link', { name: 'Login' })).toBeTruthy());
    expect(localStorage.getItem('halfstar.token')).toBeNull();
    expect(localStorage.getItem('halfstar.member')).toBeNull();
  });

  it('waits for the server when the kept record is not a member', async () => {
    localStorage.setItem('halfstar.token', 'stored-token');
    localStorage.setItem('halfstar.member', '{"username": 7}');
    const server = fakeServer({ 'GET /api/auth/me': [200, vera] });
    server.holdAnswers();
    const view = renderAt('/');
    expect(view.container.querySelector('header')).toBeNull();
    server.release();
    await waitFor(() => expect(view.getByRole('link', { name: 'Profile' })).toBeTruthy());
  });

  it('forgets a token the server no longer accepts', async () => {
    localStorage.setItem('halfstar.token', 'revoked');
    fakeServer({ 'GET /api/auth/me': [401, { message: 'Not signed in' }] });
    const view = renderAt('/');
    await waitFor(() => expect(view.getByRole('link', { name: 'Login' })).toBeTruthy());
    expect(view.queryByRole('link', { name: 'Profile' })).toBeNull();
    expect(localStorage.getItem('halfstar.token')).toBeNull();
  });

  it('keeps the token when the server cannot be reached', async () => {
    localStorage.setItem('halfstar.token', 'still-good');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    const view = renderAt('/');
    await waitFor(() => expect(view.getByRole('link', { name: 'Login' })).toBeTruthy());
    expect(localStorage.getItem('halfstar.token')).toBe('still-good');
  });

  it('logs out: tells the server, forgets the token and goes home', async () => {
    localStorage.setItem('halfstar.token', 'stored-token');
    const server = fakeServer({ 'GET /api/auth/me': [200, vera], 'POST /api/auth/logout': [204] });
    const view = renderAt('/charts/2020/rock');
    fireEvent.click(await view.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/'));
    expect(view.getByRole('link', { name: 'Login' })).toBeTruthy();
    expect(localStorage.getItem('halfstar.token')).toBeNull();
    expect(localStorage.getItem('halfstar.member')).toBeNull();
    const logout = server.calls.find((call) => call.url === '/api/auth/logout');
    expect(logout?.authorization).toBe('Bearer stored-token');
  });
});

describe('the Login page', () => {
  it('logs in, keeps the token and goes home', async () => {
    const server = fakeServer({ 'POST /api/auth/login': [200, { token: 'fresh', user: vera }] });
    const view = renderAt('/login');
    fireEvent.input(view.getByLabelText('Email'), { target: { value: 'vera@example.com' } });
    fireEvent.input(view.getByLabelText('Password'), { target: { value: 'correct horse' } });
    fireEvent.click(view.getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/'));
    const login = server.calls.find((call) => call.url === '/api/auth/login');
    expect(login?.body).toEqual({ username: '', email: 'vera@example.com', password: 'correct horse' });
    expect(localStorage.getItem('halfstar.token')).toBe('fresh');
    expect(view.getByRole('link', { name: 'Profile' })).toBeTruthy();
  });

  it("shows the server's message under the form and stays", async () => {
    fakeServer({ 'POST /api/auth/login': [401, { message: 'Wrong email or password' }] });
    const view = renderAt('/login');
    fireEvent.input(view.getByLabelText('Username'), { target: { value: 'vinylvera' } });
    fireEvent.input(view.getByLabelText('Password'), { target: { value: 'nope nope' } });
    fireEvent.click(view.getByRole('button', { name: 'Log In' }));
    expect((await view.findByRole('alert')).textContent).toBe('Wrong email or password');
    expect(view.location.history.at(-1)).toBe('/login');
    expect(localStorage.getItem('halfstar.token')).toBeNull();
  });

  it('links to the sign-up page', () => {
    fakeServer({});
    const view = renderAt('/login');
    expect(view.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
  });
});

describe('the Sign Up page', () => {
  const OPEN: Record<string, [number, unknown]> = { 'GET /api/site/signup': [200, { mode: 'open', membersMayInvite: false }] };

  it('sends every field and goes home signed in', async () => {
    const server = fakeServer({ ...OPEN, 'POST /api/auth/signup': [201, { token: 'new', user: vera }] });
    const view = renderAt('/sign-up');
    await view.findByLabelText('Username');
    const type = (label: string, value: string) => fireEvent.input(view.getByLabelText(label), { target: { value } });
    type('Username', 'vinylvera');
    type('Email', 'vera@example.com');
    type('Password', 'correct horse');
    type('Profile Picture URL', 'https://example.com/vera.png');
    fireEvent.click(view.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/'));
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      username: 'vinylvera',
      email: 'vera@example.com',
      password: 'correct horse',
      profilePictureUrl: 'https://example.com/vera.png',
    });
    expect(localStorage.getItem('halfstar.token')).toBe('new');
  });

  it('says the account could not be created, with the reason', async () => {
    fakeServer({ ...OPEN, 'POST /api/auth/signup': [409, { message: 'username is already taken' }] });
    const view = renderAt('/sign-up');
    fireEvent.click(await view.findByRole('button', { name: 'Sign Up' }));
    expect((await view.findByRole('alert')).textContent).toBe(
      "Couldn't create your account: username is already taken",
    );
    expect(view.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });
});
