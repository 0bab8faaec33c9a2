import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, waitFor, within } from '@testing-library/preact';
import { vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { dummy, entries, kidA, LIST_URL, listPage, listServer, loveless, mira } from './listFixtures';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

type View = ReturnType<typeof renderAt>;

/** The albums' titles in the order the page shows them. */
const shownOrder = (view: View) =>
  Array.from(view.container.querySelectorAll('.list-entry .list-entry-title')).map((title) => title.textContent);

const calls = (server: ReturnType<typeof listServer>, method: string) => server.calls.filter((call) => call.method === method);

/** Lets every answer and the renders after it land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

/**
 * Holds every `method` call until `release` is called, so a test sees the
 * screen between the change and the server's answer.
 */
function hold(method: string) {
  const answer = globalThis.fetch;
  const waiting: Array<() => void> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if ((init.method ?? 'GET') === method) await new Promise<void>((resume) => waiting.push(resume));
    return answer(url, init);
  });
  return { release: () => waiting.splice(0).forEach((resume) => resume()), waiting: () => waiting.length };
}

describe('a list as others see it', () => {
  it('shows the title, author, badge, description and the albums numbered, with notes and ratings', async () => {
    listServer(listPage({}, { visibility: 'unlisted' }), {}, mira);
    const view = renderAt(LIST_URL);
    expect(await view.findByRole('heading', { level: 1, name: 'Late night' })).toBeTruthy();
    const screen = view.container.querySelector('[data-screen="list"]') as HTMLElement;
    expect(screen.textContent).toContain('Unlisted');
    expect(view.getByRole('link', { name: 'vinylvera' }).getAttribute('href')).toBe('/user/vinylvera');
    expect(screen.textContent).toContain('For after midnight.');
    expect(screen.textContent).toContain('3 albums · Ordered');
    expect(shownOrder(view)).toEqual(['Kid A', 'Loveless', 'Dummy']);
    const rows = view.container.querySelectorAll('.list-entry');
    expect(view.container.querySelector('ol.list-entry-rows')).toBeTruthy();
    expect(rows[0].querySelector('.list-entry-position')?.textContent).toBe('1');
    expect(rows[0].textContent).toContain('Start here.');
    expect(rows[0].textContent).toContain('8.50');
    expect(rows[0].textContent).toContain('You: 9.0');
    expect(rows[2].textContent).toContain('No ratings');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'Kid A' }).getAttribute('href')).toBe('/albums/radiohead/kid-a');
    // Not the author: no edit mode, but Like and Report.
    expect(view.queryByRole('button', { name: 'Edit list' })).toBeNull();
    expect(view.getByRole('button', { name: 'Like' }).getAttribute('aria-pressed')).toBe('false');
    expect(await view.findByRole('button', { name: 'Report list' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Late night by vinylvera · halfstar'));
  });

  it('leaves the numbers off an unordered list', async () => {
    listServer(listPage({}, { ranked: false }));
    const view = renderAt(LIST_URL);
    await view.findByRole('heading', { level: 1, name: 'Late night' });
    expect(view.container.querySelector('ul.list-entry-rows')).toBeTruthy();
    expect(view.container.querySelector('.list-entry-position')).toBeNull();
    expect(view.container.textContent).toContain('Not ordered');
    // A visitor has no rating of their own to show.
    expect(view.container.textContent).not.toContain('You:');
  });

  it('puts the address right when the slug is not the list’s', async () => {
    listServer(listPage());
    const view = renderAt('/list/7/an-old-title');
    await view.findByRole('heading', { level: 1, name: 'Late night' });
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/list/7/late-night'));
    expect(view.location.history).toHaveLength(1);
  });

  it('says a private or missing list is not there', async () => {
    listServer(listPage(), { 'GET /api/list/7': [404, { message: 'No such list.' }] });
    const view = renderAt(LIST_URL);
    expect(await view.findByText('There is no such list, or its author keeps it private.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('List not found · halfstar'));
  });

  it('asks a visitor to log in to like it', async () => {
    const server = listServer(listPage());
    const view = renderAt(LIST_URL);
    fireEvent.click(await view.findByRole('button', { name: 'Like' }));
    expect(view.getByRole('dialog', { name: 'Log In' }).textContent).toContain('to like lists.');
    expect(calls(server, 'POST')).toHaveLength(0);
  });

  it('likes and unlikes it, the count following the server', async () => {
    const server = listServer(listPage(), { 'POST /api/list/7/like': [200, { liked: true, likeCount: 3 }] }, mira);
    const view = renderAt(LIST_URL);
    const like = await view.findByRole('button', { name: 'Like' });
    expect(view.container.textContent).toContain('2 likes');
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(view.container.textContent).toContain('3 likes');
    expect(calls(server, 'POST').map((call) => call.url)).toEqual(['/api/list/7/like']);

    server.answers['DELETE /api/list/7/like'] = [200, { liked: false, likeCount: 2 }];
    await waitFor(() => expect((like as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(like);
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('false'));
    expect(view.container.textContent).toContain('2 likes');
  });

  it('takes a refused like back and says why', async () => {
    listServer(listPage(), { 'POST /api/list/7/like': [429, { message: 'You are liking too fast.' }] }, mira);
    const view = renderAt(LIST_URL);
    const like = await view.findByRole('button', { name: 'Like' });
    const held = hold('POST');
    fireEvent.click(like);
    // Liked at once...
    await waitFor(() => expect(like.getAttribute('aria-pressed')).toBe('true'));
    expect(view.container.textContent).toContain('3 likes');
    held.release();
    // ...and back when the server refuses.
    expect(await view.findByText('You are liking too fast.')).toBeTruthy();
    await settle();
    expect(like.getAttribute('aria-pressed')).toBe('false');
    expect(view.container.textContent).toContain('2 likes');
  });

  it('copies its address, or shows it for copying by hand when the clipboard is refused', async () => {
    listServer(listPage());
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('NotAllowedError'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const view = renderAt(LIST_URL);
    fireEvent.click(await view.findByRole('button', { name: 'Copy link' }));
    expect(await view.findByText('Link copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/list/7/late-night`);
    fireEvent.click(view.getByRole('button', { name: 'Copy link' }));
    const field = (await view.findByLabelText('Copy this link')) as HTMLInputElement;
    expect(field.value).toBe(`${window.location.origin}/list/7/late-night`);
    expect(field.readOnly).toBe(true);
  });

  it('has comments on the list, asked for and posted with its id', async () => {
    const server = listServer(listPage(), { 'POST /api/comment': [201, {}] }, mira);
    const view = renderAt(LIST_URL);
    expect(await view.findByText('No comments yet.')).toBeTruthy();
    expect(server.calls.map((call) => call.url)).toContain('/api/comment/list/7?page=1');
    const box = view.getByLabelText('Add a comment');
    fireEvent.input(box, { target: { value: 'Great picks.' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(calls(server, 'POST')).toHaveLength(1));
    expect(calls(server, 'POST')[0].body).toEqual({ listId: 7, commentText: 'Great picks.' });
  });

  it('opens the history when asked, and only then fetches it', async () => {
    const server = listServer(listPage(), {
      'GET /api/list/7/history': [200, [{ at: '2026-11-02T10:00:00Z', text: 'Dummy by Portishead was added' }]],
    });
    const view = renderAt(LIST_URL);
    await view.findByRole('heading', { level: 1, name: 'Late night' });
    expect(server.calls.some((call) => call.url === '/api/list/7/history')).toBe(false);
    const details = view.container.querySelector('details.list-history') as HTMLDetailsElement;
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(await view.findByText('Dummy by Portishead was added')).toBeTruthy();
    expect(within(view.getByRole('list', { name: 'History' })).getByText('November 2nd, 2026')).toBeTruthy();
  });
});

/** The author's page, in edit mode. */
async function editing(extra: Record<string, [number, unknown?]> = {}, page = listPage({ canEdit: true })) {
  const server = listServer(page, extra, vera);
  const view = renderAt(LIST_URL);
  fireEvent.click(await view.findByRole('button', { name: 'Edit list' }));
  return { server, view };
}

describe("the author's edit mode", () => {
  it('shows the count but no Like button to the author', async () => {
    listServer(listPage({ canEdit: true }), {}, vera);
    const view = renderAt(LIST_URL);
    await view.findByRole('button', { name: 'Edit list' });
    expect(view.queryByRole('button', { name: 'Like' })).toBeNull();
    expect(view.queryByRole('button', { name: 'Report list' })).toBeNull();
    expect(view.container.textContent).toContain('2 likes');
  });

  it('moves an album with Move down at once, saves the position and keeps focus on the moved row', async () => {
    const moved = listPage({ canEdit: true, entries: entries([loveless, kidA, dummy], ['', 'Start here.', '']) });
    const { server, view } = await editing({ 'PATCH /api/list/7/entries/101': [200, moved] });
    const held = hold('PATCH');
    const down = view.getByRole('button', { name: 'Move Kid A down' });
    expect((view.getByRole('button', { name: 'Move Kid A up' }) as HTMLButtonElement).disabled).toBe(true);
    down.focus();
    fireEvent.click(down);
    // On screen before the server has answered.
    await waitFor(() => expect(shownOrder(view)).toEqual(['Loveless', 'Kid A', 'Dummy']));
    expect(held.waiting()).toBe(1);
    held.release();
    await waitFor(() => expect(calls(server, 'PATCH')).toHaveLength(1));
    expect(calls(server, 'PATCH')[0]).toMatchObject({ url: '/api/list/7/entries/101', body: { position: 2 } });
    expect(document.activeElement).toBe(view.getByRole('button', { name: 'Move Kid A down' }));
    expect(view.container.textContent).toContain('Kid A moved to 2 of 3.');
    await waitFor(() => expect(shownOrder(view)).toEqual(['Loveless', 'Kid A', 'Dummy']));
  });

  it('puts a refused move back and says why', async () => {
    const { server, view } = await editing({ 'PATCH /api/list/7/entries/103': [403, { message: 'Only its author can change this list.' }] });
    const held = hold('PATCH');
    // The list is not asked for again meanwhile: the old order comes back from the screen's own copy.
    const refetches = hold('GET');
    fireEvent.click(view.getByRole('button', { name: 'Move Dummy up' }));
    await waitFor(() => expect(shownOrder(view)).toEqual(['Kid A', 'Dummy', 'Loveless']));
    held.release();
    expect(await view.findByText("Couldn't move Dummy: Only its author can change this list.")).toBeTruthy();
    await waitFor(() => expect(shownOrder(view)).toEqual(['Kid A', 'Loveless', 'Dummy']));
    expect(calls(server, 'PATCH')[0].body).toEqual({ position: 2 });
    expect(refetches.waiting()).toBeGreaterThan(0);
  });

  it('moves an album by dragging its handle with the pointer', async () => {
    // Rows 100px apart, 90px tall, in the order they are in the document.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this.matches('li.list-entry') ? Array.from(this.parentElement!.children).indexOf(this) : 0;
      return { top: index * 100, bottom: index * 100 + 90, height: 90, left: 0, right: 600, width: 600, x: 0, y: index * 100, toJSON: () => ({}) };
    });
    const moved = listPage({ canEdit: true, entries: entries([loveless, dummy, kidA], ['', '', 'Start here.']) });
    const { server, view } = await editing({ 'PATCH /api/list/7/entries/101': [200, moved] });
    const handle = view.container.querySelector('[data-entry-id="101"] .list-drag-handle') as HTMLElement;
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 45 });
    fireEvent.pointerMove(window, { pointerId: 1, clientY: 150 });
    // Past the second row's middle: it makes room above.
    const second = view.container.querySelector('[data-entry-id="102"]') as HTMLElement;
    expect(second.style.transform).toBe('translateY(-100px)');
    fireEvent.pointerMove(window, { pointerId: 1, clientY: 260 });
    fireEvent.pointerUp(window, { pointerId: 1, clientY: 260 });
    await waitFor(() => expect(shownOrder(view)).toEqual(['Loveless', 'Dummy', 'Kid A']));
    await waitFor(() => expect(calls(server, 'PATCH')).toHaveLength(1));
    expect(calls(server, 'PATCH')[0].body).toEqual({ position: 3 });
    expect(second.style.transform).toBe('');
  });

  it('leaves the order alone when a drag is called off with Escape', async () => {
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const index = this.matches('li.list-entry') ? Array.from(this.parentElement!.children).indexOf(this) : 0;
      return { top: index * 100, bottom: index * 100 + 90, height: 90, left: 0, right: 600, width: 600, x: 0, y: index * 100, toJSON: () => ({}) };
    });
    const { server, view } = await editing();
    const handle = view.container.querySelector('[data-entry-id="101"] .list-drag-handle') as HTMLElement;
    fireEvent.pointerDown(handle, { pointerId: 1, button: 0, clientY: 45 });
    fireEvent.pointerMove(window, { pointerId: 1, clientY: 260 });
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.pointerUp(window, { pointerId: 1, clientY: 260 });
    expect(shownOrder(view)).toEqual(['Kid A', 'Loveless', 'Dummy']);
    expect(calls(server, 'PATCH')).toHaveLength(0);
  });

  it('saves a note on Enter and on leaving the box, once each', async () => {
    const { server, view } = await editing({
      'PATCH /api/list/7/entries/102': [200, listPage({ canEdit: true, entries: entries(undefined, ['Start here.', 'Loud.', '']) })],
      'PATCH /api/list/7/entries/103': [200, listPage({ canEdit: true, entries: entries(undefined, ['Start here.', 'Loud.', 'Rain.']) })],
    });
    const note = view.getByRole('textbox', { name: 'Note on Loveless' });
    fireEvent.focusIn(note);
    fireEvent.input(note, { target: { value: 'Loud.' } });
    fireEvent.keyDown(note, { key: 'Enter' });
    await waitFor(() => expect(calls(server, 'PATCH')).toHaveLength(1));
    expect(calls(server, 'PATCH')[0]).toMatchObject({ url: '/api/list/7/entries/102', body: { note: 'Loud.' } });
    expect(await view.findByText('Note saved')).toBeTruthy();
    fireEvent.focusOut(note);

    const other = view.getByRole('textbox', { name: 'Note on Dummy' });
    fireEvent.focusIn(other);
    fireEvent.input(other, { target: { value: ' Rain. ' } });
    fireEvent.focusOut(other);
    await waitFor(() => expect(calls(server, 'PATCH')).toHaveLength(2));
    expect(calls(server, 'PATCH')[1]).toMatchObject({ url: '/api/list/7/entries/103', body: { note: 'Rain.' } });
  });

  it('puts a refused note back', async () => {
    const { view } = await editing({ 'PATCH /api/list/7/entries/101': [400, { message: 'A note holds at most 1,000 characters.' }] });
    hold('GET');
    const note = view.getByRole('textbox', { name: 'Note on Kid A' }) as HTMLTextAreaElement;
    fireEvent.focusIn(note);
    fireEvent.input(note, { target: { value: 'Too long' } });
    fireEvent.focusOut(note);
    expect(await view.findByText("Couldn't save the note on Kid A: A note holds at most 1,000 characters.")).toBeTruthy();
    await waitFor(() => expect(note.value).toBe('Start here.'));
    // Out of edit mode the list shows the note the server kept, once every answer is in.
    await settle();
    fireEvent.click(view.getByRole('button', { name: 'Done editing' }));
    expect(view.container.querySelector('.list-entry-note')?.textContent).toBe('Start here.');
  });

  it('removes an album at once and saves it', async () => {
    const { server, view } = await editing({ 'DELETE /api/list/7/entries/102': [204] });
    server.answers['GET /api/list/7'] = [200, listPage({ canEdit: true, entries: entries([kidA, dummy]) })];
    const held = hold('DELETE');
    fireEvent.click(view.getByRole('button', { name: 'Remove Loveless' }));
    await waitFor(() => expect(shownOrder(view)).toEqual(['Kid A', 'Dummy']));
    expect(view.container.textContent).toContain('2 albums');
    held.release();
    await waitFor(() => expect(calls(server, 'DELETE').map((call) => call.url)).toEqual(['/api/list/7/entries/102']));
    expect(Array.from(view.container.querySelectorAll('.list-entry-position')).map((n) => n.textContent)).toEqual(['1', '2']);
  });

  it('saves only the changed details', async () => {
    const saved = { ...listPage().list, title: 'Very late', visibility: 'private' as const };
    const { server, view } = await editing({ 'PATCH /api/list/7': [200, saved] });
    server.answers['GET /api/list/7'] = [200, listPage({ canEdit: true }, saved)];
    const editor = view.getByRole('region', { name: 'Edit list' });
    fireEvent.input(within(editor).getByLabelText('Title'), { target: { value: ' Very late ' } });
    fireEvent.click(within(editor).getByLabelText('Private', { exact: false }));
    fireEvent.submit(within(editor).getByRole('button', { name: 'Save changes' }).closest('form')!);
    expect(await within(editor).findByText('Saved.')).toBeTruthy();
    expect(calls(server, 'PATCH')[0]).toMatchObject({ url: '/api/list/7', body: { title: 'Very late', visibility: 'private' } });
    expect(await view.findByRole('heading', { level: 1, name: 'Very late' })).toBeTruthy();
    expect(view.container.querySelector('.list-heading')?.textContent).toContain('Private');
  });

  it('shows a refused save with the server’s message', async () => {
    const { view } = await editing({ 'PATCH /api/list/7': [400, { message: 'title: give the list a title.' }] });
    const editor = view.getByRole('region', { name: 'Edit list' });
    fireEvent.input(within(editor).getByLabelText('Title'), { target: { value: '   ' } });
    fireEvent.submit(within(editor).getByRole('button', { name: 'Save changes' }).closest('form')!);
    expect(await within(editor).findByText('title: give the list a title.')).toBeTruthy();
  });

  it('deletes the list after asking, then shows the author’s profile', async () => {
    const { server, view } = await editing({ 'DELETE /api/list/7': [204] });
    fireEvent.click(view.getByRole('button', { name: 'Delete list' }));
    const dialog = view.getByRole('dialog', { name: 'Delete this list?' });
    expect(calls(server, 'DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(view.location.history.at(-1)).toBe('/user/vinylvera'));
    expect(calls(server, 'DELETE').map((call) => call.url)).toEqual(['/api/list/7']);
  });
});

describe('an empty list', () => {
  it('tells its author how to fill it', async () => {
    listServer(listPage({ canEdit: true, entries: [] }), {}, vera);
    const view = renderAt(LIST_URL);
    expect(await view.findByText('No albums on this list yet.', { exact: false })).toBeTruthy();
    expect(view.container.textContent).toContain('Add some with "Add to list"');
  });
});
