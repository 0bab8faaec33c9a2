import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { ALBUM_URL, albumServer, okComputer } from '../album/albumFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const editor = { ...vera, role: 'editor', suspension: null };
const revision = (revisionId: number, action: string, before: object | null, after: object | null, extra = {}) => ({
  revisionId,
  entityKind: 'album',
  entityId: 4,
  entityName: 'OK Computer',
  action,
  actor: 'crate_digger',
  at: '2026-05-01T09:30:00Z',
  before,
  after,
  note: '',
  ...extra,
});
const fields = { title: 'OK Computer', artist: 'Radiohead', releaseDate: '1997-05-21', genres: ['Rock'] };

describe('the history of an album', () => {
  it('lists revisions with only the changed fields, and reverts one with a note', async () => {
    const server = albumServer(
      {
        'GET /api/album/4/history': [
          200,
          {
            revisions: [
              revision(2, 'edit', fields, { ...fields, title: 'OK Computer!' }, { note: 'typo test' }),
              revision(1, 'add', null, fields, { actor: null }),
            ],
          },
        ],
        'POST /api/revisions/2/revert': [200, revision(3, 'revert', { ...fields, title: 'OK Computer!' }, fields)],
      },
      editor,
    );
    const view = renderAt(ALBUM_URL);
    expect(view.queryByRole('button', { name: 'Suggest a correction' })).toBeNull();
    fireEvent.click(await view.findByRole('button', { name: 'History' }));
    const dialog = view.getByRole('dialog', { name: 'History' });
    const items = within(await within(dialog).findByRole('list', { name: 'Revisions' })).getAllByRole('listitem');
    expect(items[0].textContent).toContain('crate_digger edited it');
    expect(items[0].textContent).toContain('Note: typo test');
    const rows = within(items[0]).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['FieldBeforeAfter', 'TitleOK ComputerOK Computer!']);
    expect(items[1].textContent).toContain('the command line added it');
    expect(within(items[1]).queryByRole('button', { name: 'Revert' })).toBeNull();

    fireEvent.click(within(items[0]).getByRole('button', { name: 'Revert' }));
    fireEvent.input(within(items[0]).getByLabelText('Note'), { target: { value: 'not a typo' } });
    const albumAsks = () => server.calls.filter((call) => call.url === '/api/album/name/radiohead/ok-computer').length;
    const before = albumAsks();
    fireEvent.click(within(items[0]).getByRole('button', { name: 'Revert this change' }));
    await waitFor(() => expect(view.queryByRole('dialog')).toBeNull());
    expect(server.calls.find((call) => call.url === '/api/revisions/2/revert')?.body).toEqual({ note: 'not a typo' });
    await waitFor(() => expect(albumAsks()).toBeGreaterThan(before));
  });
});

describe('suggesting a correction', () => {
  it('sends only the changed fields with a note, and thanks the member', async () => {
    const server = albumServer({ 'POST /api/change-requests': [201, { requestId: 1 }] }, { ...vera, suspension: null } as typeof vera);
    const view = renderAt(ALBUM_URL);
    expect(view.queryByRole('button', { name: 'History' })).toBeNull();
    fireEvent.click(await view.findByRole('button', { name: 'Suggest a correction' }));
    const dialog = view.getByRole('dialog', { name: 'Suggest a correction' });
    expect((within(dialog).getByLabelText('Album Name') as HTMLInputElement).value).toBe(okComputer.title);
    expect(within(dialog).queryByLabelText('Artist')).toBeNull();
    fireEvent.input(within(dialog).getByLabelText('Release Date'), { target: { value: '1997-06-16' } });
    fireEvent.input(within(dialog).getByLabelText('Note (why, and where it comes from)'), { target: { value: 'the UK date' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Thanks: an editor will look at it.');
    expect(server.calls.find((call) => call.url === '/api/change-requests')?.body).toEqual({
      entityKind: 'album',
      entityId: okComputer.albumId,
      fields: { releaseDate: '1997-06-16' },
      note: 'the UK date',
    });
  });

  it('is not offered to a visitor', async () => {
    albumServer();
    const view = renderAt(ALBUM_URL);
    await view.findByRole('heading', { name: /Comments/ });
    expect(view.queryByRole('button', { name: 'Suggest a correction' })).toBeNull();
    expect(view.queryByRole('button', { name: 'History' })).toBeNull();
  });
});

describe('/change-requests', () => {
  const request = {
    requestId: 5,
    entityKind: 'album',
    entityId: 4,
    requester: 'quietquinn',
    fields: { releaseDate: '1997-06-16' },
    current: { title: 'OK Computer', artist: 'Radiohead', releaseDate: '1997-05-21' },
    note: 'the UK date',
    createdAt: '2026-05-01T09:30:00Z',
    status: 'open',
  };

  it('shows each request with now → proposed, and accepts one with a note', async () => {
    localStorage.setItem('halfstar.token', 't');
    const answers: Record<string, [number, unknown?]> = {
      'GET /api/auth/me': [200, editor],
      'GET /api/change-requests': [200, { requests: [request] }],
      'POST /api/change-requests/5/accept': [200, { ...request, status: 'accepted' }],
    };
    const server = fakeServer(answers);
    const view = renderAt('/change-requests');
    const list = await view.findByRole('list', { name: 'Change requests' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByRole('link', { name: 'OK Computer by Radiohead' }).getAttribute('href')).toBe('/albums/Radiohead/OK%20Computer');
    expect(item.textContent).toContain('asked by quietquinn');
    expect(within(item).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'FieldNowProposed',
      'Release date1997-05-211997-06-16',
    ]);
    answers['GET /api/change-requests'] = [200, { requests: [] }];
    fireEvent.click(within(item).getByRole('button', { name: 'Accept' }));
    const dialog = view.getByRole('dialog', { name: "Accept quietquinn's request" });
    fireEvent.input(within(dialog).getByLabelText('Note'), { target: { value: 'checked' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await view.findByText('No change requests waiting.')).toBeTruthy();
    expect(view.getByRole('status').textContent).toBe('Accepted: the change is made.');
    expect(server.calls.find((call) => call.url === '/api/change-requests/5/accept')?.body).toEqual({ note: 'checked' });
  });

  it('tells a member the page is for editors', async () => {
    localStorage.setItem('halfstar.token', 't');
    fakeServer({ 'GET /api/auth/me': [200, { ...vera, suspension: null }] });
    const view = renderAt('/change-requests');
    expect(await view.findByText('This page is for editors.')).toBeTruthy();
  });
});
