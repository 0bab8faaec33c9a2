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

const admin = { ...vera, role: 'admin', suspension: null };
const report = (reportId: number, reporter: string, reason: string, note = '') => ({
  reportId,
  reporter,
  reason,
  note,
  createdAt: '2026-05-01T09:30:00Z',
});
const spam = {
  itemKind: 'comment',
  itemId: 7,
  author: 'spammer',
  text: 'Buy cheap records here.',
  createdAt: '2026-04-30T08:00:00Z',
  link: '/albums/radiohead/ok-computer',
  reports: [report(1, 'quietquinn', 'spam', 'an advert'), report(2, 'crate_digger', 'other')],
};
const profile = { ...spam, itemKind: 'profile', itemId: 9, author: 'rude', text: 'rude', reports: [report(3, 'quietquinn', 'abuse')] };

describe('the Reports tab', () => {
  it('opens first with the open count, listing each item with its reports', async () => {
    fakeServer({
      'GET /api/auth/me': [200, admin],
      'GET /api/admin/counts': [200, { openReports: 2, openChangeRequests: 0 }],
      'GET /api/admin/reports': [200, { items: [spam, profile] }],
    });
    const view = renderAt('/admin');
    expect((await view.findByRole('tab', { name: 'Reports (2)' })).getAttribute('aria-selected')).toBe('true');
    const items = within(await view.findByRole('list', { name: 'Reported items' })).getAllByRole('listitem');
    const first = items[0];
    expect(first.textContent).toContain('Comment');
    expect(first.textContent).toContain('Buy cheap records here.');
    expect(first.textContent).toContain('quietquinn: spam “an advert”');
    expect(first.textContent).toContain('crate_digger: other');
    expect(within(first).getByRole('link', { name: 'See it in context' }).getAttribute('href')).toBe('/albums/radiohead/ok-computer');
    // A profile cannot be deleted, only its member warned or suspended.
    const last = view.getAllByRole('listitem').find((item) => item.textContent?.startsWith('Profile'))!;
    expect(within(last).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(last).getByRole('button', { name: 'Suspend' })).toBeTruthy();
  });

  it('says so when nothing is reported', async () => {
    fakeServer({ 'GET /api/auth/me': [200, admin], 'GET /api/admin/reports': [200, { items: [] }] });
    const view = renderAt('/admin');
    expect(await view.findByText('Nothing reported. All quiet.')).toBeTruthy();
  });

  it('deletes an item with a note, then asks for the queue again', async () => {
    const server = fakeServer({
      'GET /api/auth/me': [200, admin],
      'GET /api/admin/reports': [200, { items: [spam] }],
      'POST /api/admin/reports/resolve': [200, { closed: 2 }],
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('button', { name: 'Delete' }));
    const dialog = view.getByRole('dialog', { name: "Delete spammer's comment" });
    fireEvent.input(within(dialog).getByLabelText('Note (kept in the audit log)'), { target: { value: 'an advert' } });
    const asked = server.calls.filter((call) => call.url === '/api/admin/reports').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      itemKind: 'comment',
      itemId: 7,
      action: 'delete',
      note: 'an advert',
    });
    expect(server.calls.filter((call) => call.url === '/api/admin/reports').length).toBeGreaterThan(asked);
    expect(view.getByRole('status').textContent).toBe("Spammer's comment is deleted.");
  });

  it('warns with a message and suspends for good with a reason', async () => {
    const server = fakeServer({
      'GET /api/auth/me': [200, admin],
      'GET /api/admin/reports': [200, { items: [spam] }],
      'POST /api/admin/reports/resolve': [200, { closed: 2 }],
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('button', { name: 'Warn' }));
    let dialog = view.getByRole('dialog', { name: 'Warn spammer' });
    fireEvent.input(within(dialog).getByLabelText('Message (shown to the member)'), { target: { value: 'No adverts, please.' } });
    const asked = server.calls.filter((call) => call.url === '/api/admin/reports').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Warn' }));
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    // The queue is asked for again after every action, not only a deletion.
    expect(server.calls.filter((call) => call.url === '/api/admin/reports').length).toBeGreaterThan(asked);

    fireEvent.click(view.getByRole('button', { name: 'Suspend' }));
    dialog = view.getByRole('dialog', { name: 'Suspend spammer' });
    fireEvent.click(within(dialog).getByLabelText('For good'));
    fireEvent.input(within(dialog).getByLabelText('Reason (shown to the member)'), { target: { value: 'spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    const sent = server.calls.filter((call) => call.method === 'POST').map((call) => call.body);
    expect(sent).toEqual([
      { itemKind: 'comment', itemId: 7, action: 'warn', note: '', message: 'No adverts, please.' },
      { itemKind: 'comment', itemId: 7, action: 'suspend', note: '', days: null, reason: 'spam' },
    ]);
  });

  it('hides an item with a note, then asks for the queue again; a profile and a hidden item offer no Hide', async () => {
    const server = fakeServer({
      'GET /api/auth/me': [200, admin],
      'GET /api/admin/reports': [200, { items: [spam, profile, { ...spam, itemId: 8, text: 'Hidden already.', hidden: true }] }],
      'POST /api/admin/reports/resolve': [200, { closed: 2 }],
    });
    const view = renderAt('/admin');
    await view.findByText('Buy cheap records here.');
    const row = (text: string) => view.getAllByRole('listitem').find((item) => item.textContent?.includes(text))!;
    expect(within(row('rude')).queryByRole('button', { name: 'Hide' })).toBeNull();
    // An item hidden by an earlier action says so, and has nothing more to hide.
    const already = row('Hidden already.');
    expect(within(already).getByText('Hidden')).toBeTruthy();
    expect(within(already).queryByRole('button', { name: 'Hide' })).toBeNull();
    expect(within(row('Buy cheap records here.')).queryByText('Hidden')).toBeNull();

    fireEvent.click(within(row('Buy cheap records here.')).getByRole('button', { name: 'Hide' }));
    const dialog = view.getByRole('dialog', { name: "Hide spammer's comment" });
    fireEvent.input(within(dialog).getByLabelText('Note (kept in the audit log)'), { target: { value: 'an advert' } });
    const asked = server.calls.filter((call) => call.url === '/api/admin/reports').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(server.calls.find((call) => call.method === 'POST')?.body).toEqual({
      itemKind: 'comment',
      itemId: 7,
      action: 'hide',
      note: 'an advert',
    });
    expect(server.calls.filter((call) => call.url === '/api/admin/reports').length).toBeGreaterThan(asked);
    expect(view.getByRole('status').textContent).toBe("Spammer's comment is hidden.");
  });

  it("keeps the server's refusal in the dialog", async () => {
    fakeServer({
      'GET /api/auth/me': [200, admin],
      'GET /api/admin/reports': [200, { items: [spam] }],
      'POST /api/admin/reports/resolve': [409, { message: 'An admin cannot be suspended.' }],
    });
    const view = renderAt('/admin');
    fireEvent.click(await view.findByRole('button', { name: 'Suspend' }));
    const dialog = view.getByRole('dialog', { name: 'Suspend spammer' });
    fireEvent.input(within(dialog).getByLabelText('Reason (shown to the member)'), { target: { value: 'spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('An admin cannot be suspended.');
  });
});
