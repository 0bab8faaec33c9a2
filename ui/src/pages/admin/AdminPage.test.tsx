import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';

beforeEach(() => localStorage.setItem('halfstar.token', 't'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

type Answers = Record<string, [number, unknown?]>;
const admin = { ...vera, role: 'admin', suspension: null };
const ME: Answers = { 'GET /api/auth/me': [200, admin] };

function member(username: string, extra: object = {}) {
  return {
    userId: username.length,
    username,
    email: `${username}@example.org`,
    role: 'user',
    createdAt: '2026-02-03T04:05:06Z',
    suspension: null,
    ratings: 12,
    reviews: 1,
    comments: 0,
    ...extra,
  };
}
/** /admin opens on Reports; these tests are about the Members tab. */
async function openMembers() {
  const view = renderAt('/admin');
  fireEvent.click(await view.findByRole('tab', { name: 'Members' }));
  return view;
}

const page = (members: object[], total = members.length) => ({ members, page: 1, pages: 1, total });

describe('who may open /admin', () => {
  it('a member who is not an admin is told the page needs the role', async () => {
    fakeServer({ 'GET /api/auth/me': [200, vera] });
    const view = renderAt('/admin');
    expect(await view.findByText(/This page needs the admin role/)).toBeTruthy();
    expect(view.queryByRole('tablist')).toBeNull();
    const actions = view.getByRole('button', { name: 'Logout' }).parentElement as HTMLElement;
    fireEvent.click(within(actions).getByRole('button', { name: 'Settings' }));
    expect(within(actions).getByRole('menuitem', { name: 'Account settings' })).toBeTruthy();
    expect(within(actions).queryByRole('menuitem', { name: 'Admin' })).toBeNull();
  });

  it('a visitor is asked to log in', async () => {
    localStorage.clear();
    fakeServer({});
    const view = renderAt('/admin');
    expect(view.container.querySelector('.login-prompt')?.textContent).toBe('Log in or sign up to run the site.');
  });

  it("an admin has a link in the header's Settings menu", async () => {
    fakeServer({ ...ME, 'GET /api/admin/members*': [200, page([])] });
    const view = renderAt('/no-such-page');
    const actions = (await view.findByRole('button', { name: 'Logout' })).parentElement as HTMLElement;
    fireEvent.click(within(actions).getByRole('button', { name: 'Settings' }));
    fireEvent.click(within(actions).getByRole('menuitem', { name: 'Admin' }));
    expect(view.location.history.at(-1)).toBe('/admin');
  });
});

describe('the Members tab', () => {
  it('lists members with their figures and suspension', async () => {
    fakeServer({
      ...ME,
      'GET /api/admin/members*': [
        200,
        page([
          member('quietquinn', { suspension: { until: '2026-12-01T00:00:00Z', reason: 'spam' } }),
          member('gone', { suspension: { until: null, reason: 'abuse' } }),
          member('editor', { role: 'editor' }),
        ]),
      ],
    });
    const view = await openMembers();
    const list = await view.findByRole('list', { name: 'Members' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0].textContent).toContain('Suspended until December 1st, 2026');
    expect(rows[0].textContent).toContain('quietquinn@example.org · joined February 3rd, 2026');
    expect(rows[0].textContent).toContain('12 ratings · 1 review · 0 comments');
    expect(within(rows[0]).getByRole('link', { name: 'quietquinn' }).getAttribute('href')).toBe('/user/quietquinn');
    expect(rows[1].textContent).toContain('Suspended for good');
    expect(rows[2].textContent).toContain('Editor');
    expect(rows[2].textContent).not.toContain('Suspended');
  });

  it('searches on Enter and asks for the next page', async () => {
    const server = fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, { members: [member('quietquinn')], page: 1, pages: 2, total: 26 }],
    });
    const view = await openMembers();
    await view.findByRole('list', { name: 'Members' });
    const search = view.getByLabelText('Search members');
    fireEvent.input(search, { target: { value: ' Quinn ' } });
    fireEvent.submit(search.closest('form')!);
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/admin/members?q=Quinn&page=1')).toBe(true));
    fireEvent.click(view.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/admin/members?q=Quinn&page=2')).toBe(true));
  });

  it('suspends a member with days, a reason and a note, then refreshes the list', async () => {
    const server = fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([member('quietquinn')])],
      'POST /api/admin/members/quietquinn/suspension': [
        200,
        member('quietquinn', { suspension: { until: '2026-05-08T00:00:00Z', reason: 'spam' } }),
      ],
    });
    const view = await openMembers();
    fireEvent.click(await view.findByRole('button', { name: 'Suspend quietquinn' }));
    const dialog = view.getByRole('dialog', { name: 'Suspend quietquinn' });
    fireEvent.input(within(dialog).getByLabelText('Days'), { target: { value: '7' } });
    fireEvent.input(within(dialog).getByLabelText('Reason (shown to the member)'), { target: { value: 'spam' } });
    fireEvent.input(within(dialog).getByLabelText('Note (kept in the audit log)'), { target: { value: 'three reports' } });
    const listsBefore = server.calls.filter((call) => call.url.startsWith('/api/admin/members?')).length;
    fireEvent.submit(within(dialog).getByLabelText('Days').closest('form')!);
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    const sent = server.calls.find((call) => call.method === 'POST');
    expect(sent?.body).toEqual({ days: 7, reason: 'spam', note: 'three reports' });
    expect(view.getByRole('status').textContent).toBe('quietquinn is suspended until May 8th, 2026.');
    expect(server.calls.filter((call) => call.url.startsWith('/api/admin/members?')).length).toBeGreaterThan(listsBefore);
  });

  it('suspends for good with days left out', async () => {
    const server = fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([member('quietquinn')])],
      'POST /api/admin/members/quietquinn/suspension': [200, member('quietquinn', { suspension: { until: null, reason: 'x' } })],
    });
    const view = await openMembers();
    fireEvent.click(await view.findByRole('button', { name: 'Suspend quietquinn' }));
    const dialog = view.getByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('For good'));
    expect((within(dialog).getByLabelText('Days') as HTMLInputElement).disabled).toBe(true);
    fireEvent.input(within(dialog).getByLabelText('Reason (shown to the member)'), { target: { value: 'x' } });
    fireEvent.submit(within(dialog).getByLabelText('For good').closest('form')!);
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ days: null, reason: 'x', note: '' });
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([member('vinylvera', { role: 'admin', userId: 1 })])],
      'PUT /api/admin/members/vinylvera/role': [409, { message: 'There must be at least one admin.' }],
    });
    const view = await openMembers();
    fireEvent.click(await view.findByRole('button', { name: "Change vinylvera's role" }));
    const dialog = view.getByRole('dialog', { name: "Change vinylvera's role" });
    const role = within(dialog).getByLabelText('Role') as HTMLSelectElement;
    expect(role.value).toBe('admin');
    role.value = 'user';
    role.dispatchEvent(new Event('change', { bubbles: true }));
    fireEvent.submit(role.closest('form')!);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('There must be at least one admin.');
    expect(view.getByRole('dialog')).toBeTruthy();
    // No suspension nor signing out of oneself: an admin's role goes first, and one's own sessions are on the account page.
    expect(view.queryByRole('button', { name: 'Suspend vinylvera' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Sign vinylvera out everywhere' })).toBeNull();
  });

  it('lifts a suspension and signs a member out, each with a note; Escape closes a dialog', async () => {
    const server = fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([member('quietquinn', { suspension: { until: null, reason: 'spam' } })])],
      'DELETE /api/admin/members/quietquinn/suspension': [200, member('quietquinn')],
      'POST /api/admin/members/quietquinn/sign-out': [200, { ended: 2, keysRevoked: 1 }],
    });
    const view = await openMembers();
    fireEvent.click(await view.findByRole('button', { name: "Lift quietquinn's suspension" }));
    fireEvent.keyDown(view.getByRole('dialog'), { key: 'Escape' });
    expect(view.queryByRole('dialog')).toBeNull();

    fireEvent.click(view.getByRole('button', { name: "Lift quietquinn's suspension" }));
    let note = within(view.getByRole('dialog')).getByLabelText('Note (kept in the audit log)');
    fireEvent.input(note, { target: { value: 'served enough' } });
    fireEvent.submit(note.closest('form')!);
    await waitFor(() => expect(view.getByRole('status').textContent).toBe('quietquinn can write again.'));
    expect(server.calls.find((call) => call.method === 'DELETE')?.body).toEqual({ note: 'served enough' });

    fireEvent.click(view.getByRole('button', { name: 'Sign quietquinn out everywhere' }));
    note = within(view.getByRole('dialog')).getByLabelText('Note (kept in the audit log)');
    fireEvent.input(note, { target: { value: 'lost phone' } });
    fireEvent.submit(note.closest('form')!);
    await waitFor(() => expect(view.getByRole('status').textContent).toBe('quietquinn is signed out: 2 sessions ended, 1 key revoked.'));
    expect(server.calls.find((call) => call.url.endsWith('/sign-out'))?.body).toEqual({ note: 'lost phone' });
  });
});

const invite = (extra: object = {}) => ({
  inviteId: 4,
  code: 'k3yC0de',
  link: '/sign-up?invite=k3yC0de',
  createdBy: 'vinylvera',
  createdAt: '2026-05-01T00:00:00Z',
  expiresAt: '2099-05-08T00:00:00Z',
  maxUses: 1,
  uses: 0,
  revoked: false,
  ...extra,
});

describe('the Sign-up & invites tab', () => {
  it('saves the mode, whether members may invite, and a note', async () => {
    const server = fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([])],
      'GET /api/admin/signup': [200, { mode: 'open', membersMayInvite: false }],
      'PUT /api/admin/signup': [200, { mode: 'invite', membersMayInvite: true }],
      'GET /api/invites': [200, { invites: [] }],
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('tab', { name: 'Sign-up & invites' }));
    const open = (await view.findByLabelText('Open: anyone can join')) as HTMLInputElement;
    expect(open.checked).toBe(true);
    fireEvent.click(view.getByLabelText('Invite-only: joining needs an invite'));
    fireEvent.click(view.getByLabelText('Members may create invites'));
    fireEvent.input(view.getAllByLabelText('Note (kept in the audit log)')[0], { target: { value: 'spam wave' } });
    fireEvent.click(view.getByRole('button', { name: 'Save' }));
    expect((await view.findByText(/^Saved:/)).textContent).toBe('Saved: Invite-only: joining needs an invite.');
    expect(server.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      mode: 'invite',
      membersMayInvite: true,
      note: 'spam wave',
    });
    expect(view.getByText('No invites yet.')).toBeTruthy();
  });

  it('creates an invite, lists its full link with who made it, and revokes it after asking', async () => {
    const server = fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([])],
      'GET /api/admin/signup': [200, { mode: 'invite', membersMayInvite: false }],
      'GET /api/invites': [200, { invites: [invite(), invite({ inviteId: 3, code: 'old', uses: 1 })] }],
      'POST /api/invites': [201, invite()],
      'DELETE /api/invites/4': [204],
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('tab', { name: 'Sign-up & invites' }));
    const list = await view.findByRole('list', { name: 'Invites' });
    const [first, second] = within(list).getAllByRole('listitem');
    const link = `${window.location.origin}/sign-up?invite=k3yC0de`;
    expect(within(first).getByRole('link', { name: link }).getAttribute('href')).toBe(link);
    expect(first.textContent).toContain('0 of 1 use · expires May 8th, 2099 · created by vinylvera');
    expect(second.textContent).toContain('Used up');

    fireEvent.input(view.getByLabelText('Uses'), { target: { value: '5' } });
    fireEvent.input(view.getByLabelText('Expires in days'), { target: { value: '30' } });
    fireEvent.click(view.getByRole('button', { name: 'Create invite' }));
    expect((await view.findByText(/^Invite k3yC0de created/)).textContent).toBe(`Invite k3yC0de created: ${link}`);
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({ maxUses: 5, expiresInDays: 30, email: '' });

    fireEvent.click(within(first).getByRole('button', { name: 'Revoke invite k3yC0de' }));
    const dialog = view.getByRole('dialog', { name: 'Revoke this invite?' });
    expect(server.calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(server.calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/invites/4');
  });

  it('copies the link when the browser has a clipboard', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([])],
      'GET /api/admin/signup': [200, { mode: 'invite', membersMayInvite: false }],
      'GET /api/invites': [200, { invites: [invite()] }],
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('tab', { name: 'Sign-up & invites' }));
    fireEvent.click(await view.findByRole('button', { name: 'Copy the link of invite k3yC0de' }));
    await view.findByText('Copied.');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/sign-up?invite=k3yC0de`);
  });
});

describe('the Audit log and Figures tabs', () => {
  const entry = (entryId: number, extra: object = {}) => ({
    entryId,
    at: '2026-05-01T09:30:00Z',
    actor: 'vinylvera',
    action: 'suspend',
    target: 'quietquinn',
    details: 'for 7 days: spam',
    note: 'three reports',
    ...extra,
  });

  it('lists entries newest first with who, what and the note, and shows more', async () => {
    const server = fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([])],
      'GET /api/admin/audit?page=1': [
        200,
        { entries: [entry(9), entry(8, { actor: null, action: 'role', details: 'user → editor', note: '' })], page: 1, pages: 2, total: 3 },
      ],
      'GET /api/admin/audit?page=2': [200, { entries: [entry(1, { action: 'unsuspend', details: '' })], page: 2, pages: 2, total: 3 }],
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('tab', { name: 'Audit log' }));
    const log = await view.findByRole('list', { name: 'Audit log' });
    let rows = within(log).getAllByRole('listitem');
    expect(rows[0].textContent).toBe(
      'May 1st, 2026, 09:30 UTCvinylvera suspended quietquinn: for 7 days: spamNote: three reports',
    );
    expect(rows[1].textContent).toBe('May 1st, 2026, 09:30 UTCthe command line changed the role of quietquinn: user → editor');
    expect(view.getByText('Showing 2 of 3')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem')).toHaveLength(3));
    rows = within(log).getAllByRole('listitem');
    expect(rows[2].textContent).toContain('vinylvera lifted the suspension of quietquinn');
    expect(view.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(server.calls.map((call) => call.url)).toContain('/api/admin/audit?page=2');
  });

  it('says when nothing is logged yet', async () => {
    fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([])],
      'GET /api/admin/audit*': [200, { entries: [], page: 1, pages: 0, total: 0 }],
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('tab', { name: 'Audit log' }));
    expect(await view.findByText('Nothing has been done yet.')).toBeTruthy();
  });

  it('shows the figures, the database and pictures sizes readable and an unknown backup', async () => {
    fakeServer({
      ...ME,
      'GET /api/admin/members*': [200, page([])],
      'GET /api/admin/figures': [
        200,
        {
          members: 1204,
          albums: 310,
          artists: 95,
          ratings: 40211,
          reviews: 88,
          databaseBytes: 52428800,
          lastBackup: null,
          pictures: { ready: 1530, pending: 12, failed: 3, bytes: 19922944 },
          publicUrl: 'http://127.0.0.1:8080',
          publicUrlConfigured: false,
          tasks: [
            { name: 'orders', busy: true, ended: false, rounds: 2, lastFinishedAt: '2026-05-01T09:30:00.000Z' },
            { name: 'chart figures', busy: false, ended: true, rounds: 1, lastFinishedAt: '2026-05-01T09:00:00.000Z' },
            { name: 'pictures', busy: false, ended: false, rounds: 0, lastFinishedAt: null },
          ],
        },
      ],
    });
    const view = renderAt('/admin');
    // Said above every tab while no public address is set.
    expect((await view.findByRole('note')).textContent).toContain('No public address is set');
    fireEvent.click(await view.findByRole('tab', { name: 'Figures' }));
    await view.findByText('Database size');
    const text = view.container.querySelector('.admin-figures')?.textContent;
    expect(text).toBe(
      'Public addresshttp://127.0.0.1:8080 (not set)' +
        'Members1,204Albums310Artists95Ratings40,211Reviews88Database size50 MBLast backupnot known' +
        'Pictures kept1,530Pictures waiting12Pictures refused3Pictures size19 MB',
    );
    const tasks = view.getByRole('table');
    const rows = Array.from(tasks.querySelectorAll('tbody tr')).map((row) => row.textContent);
    expect(rows).toEqual([
      'ordersworking2May 1st, 2026, 09:30 UTC',
      'chart figuresended1May 1st, 2026, 09:00 UTC',
      'picturesresting0not yet',
    ]);
  });

  it('says nothing of the public address once it is set', async () => {
    fakeServer({
      ...ME,
      'GET /api/admin/reports': [200, { items: [], total: 0 }],
      'GET /api/admin/figures': [
        200,
        {
          members: 1,
          albums: 0,
          artists: 0,
          ratings: 0,
          reviews: 0,
          databaseBytes: 4096,
          lastBackup: null,
          pictures: { ready: 0, pending: 0, failed: 0, bytes: 0 },
          publicUrl: 'https://music.example',
          publicUrlConfigured: true,
          tasks: [],
        },
      ],
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('tab', { name: 'Figures' }));
    expect((await view.findByText('Public address')).nextElementSibling?.textContent).toBe('https://music.example');
    expect(view.queryByRole('note')).toBeNull();
  });

  it('shows an error the server gives', async () => {
    fakeServer({ ...ME, 'GET /api/admin/reports': [403, { message: 'Insufficient permissions' }] });
    const view = renderAt('/admin');
    expect((await view.findByRole('alert')).textContent).toBe('Insufficient permissions');
  });
});

describe("a member's own invites on the account page", () => {
  const own = { 'GET /api/auth/me': [200, { ...vera, suspension: null }] } as Answers;
  const common: Answers = { 'GET /api/auth/sessions': [200, []], 'GET /api/invites': [200, { invites: [invite({ createdBy: 'vinylvera' })] }] };

  it('are there when the site is invite-only and members may invite', async () => {
    fakeServer({ ...own, ...common, 'GET /api/site/signup': [200, { mode: 'invite', membersMayInvite: true }] });
    const view = renderAt('/settings/account');
    const list = await view.findByRole('list', { name: 'Invites' });
    expect(within(list).getAllByRole('listitem')[0].textContent).not.toContain('created by');
    expect(view.getByRole('button', { name: 'Create invite' })).toBeTruthy();
  });

  it.each([
    ['invite', false],
    ['open', true],
  ])('are not there when the mode is %s and members may invite is %s', async (mode, membersMayInvite) => {
    const server = fakeServer({ ...own, ...common, 'GET /api/site/signup': [200, { mode, membersMayInvite }] });
    const view = renderAt('/settings/account');
    await view.findByText('Where you\'re signed in');
    await waitFor(() => expect(server.calls.some((call) => call.url === '/api/site/signup')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(view.queryByRole('heading', { name: 'Invites' })).toBeNull();
  });
});

describe('the New releases tab', () => {
  it('says whether the check runs, checks an artist now, and lists the latest checks with their trouble', async () => {
    let checks = [
      { artistId: 2, artist: 'Slowdive', artistSlug: 'slowdive', checkedAt: '2026-11-27T08:00:00.000Z', added: 0, trouble: 'MusicBrainz: timed out' },
    ];
    fakeServer({ ...ME, 'GET /api/admin/reports': [200, { items: [], total: 0 }] });
    const fetchMock = vi.mocked(globalThis.fetch);
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (url, init = {}) => {
      if (String(url) === '/api/admin/new-releases') {
        return new Response(JSON.stringify({ checking: false, artistsToCheck: 2, checks }), { status: 200 });
      }
      if (String(url) === '/api/admin/new-releases/checks') {
        checks = [{ artistId: 1, artist: 'Radiohead', artistSlug: 'radiohead', checkedAt: '2026-11-27T09:30:00.000Z', added: 1, trouble: '' }, ...checks];
        return new Response(JSON.stringify({ artistId: 1, added: ['Hail to the Thief'], trouble: '' }), { status: 200 });
      }
      return answer(url, init);
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('tab', { name: 'New releases' }));
    expect(await view.findByText(/The server's own check is off/)).toBeTruthy();
    const latest = view.getByRole('list', { name: 'Latest checks' });
    expect(within(latest).getByText('Trouble: MusicBrainz: timed out')).toBeTruthy();

    fireEvent.input(view.getByLabelText('Check an artist now'), { target: { value: ' Radiohead ' } });
    fireEvent.click(view.getByRole('button', { name: 'Check now' }));
    expect(await view.findByText('Added Hail to the Thief.')).toBeTruthy();
    const sent = fetchMock.mock.calls.find(([url]) => String(url) === '/api/admin/new-releases/checks')!;
    expect(JSON.parse(String(sent[1]!.body))).toEqual({ artist: 'Radiohead' });
    await waitFor(() => expect(within(view.getByRole('list', { name: 'Latest checks' })).getByText(/1 album added/)).toBeTruthy());
  });
});
