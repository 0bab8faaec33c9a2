import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, waitFor, within } from '@testing-library/preact';
import type { ImportCandidate, ImportJob, ImportRow } from '../../api/types';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { RowChoice } from './ImportRows';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const signIn = () => localStorage.setItem('halfstar.token', 't');
const me = (role = 'user') => [200, { ...vera, role, suspension: null }] as [number, unknown];

function candidate(albumId: number, title: string, score: number, fields: Partial<ImportCandidate> = {}): ImportCandidate {
  return {
    albumId,
    title,
    slug: title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    artist: 'Radiohead',
    artistSlug: 'radiohead',
    year: 1997,
    type: 'Album',
    pictureUrl: '',
    score,
    ...fields,
  };
}

function row(fields: Partial<ImportRow> = {}): ImportRow {
  return {
    row: 1,
    line: 2,
    artist: 'Radiohead',
    title: 'OK Computr',
    year: 1997,
    rating: 9,
    shelf: 'owned',
    plays: 0,
    hasReview: false,
    status: 'uncertain',
    how: null,
    album: null,
    candidates: [candidate(4, 'OK Computer', 91), candidate(5, 'OK Computer OKNOTOK 1997 2017', 64, { year: 2017 })],
    problem: null,
    currentRating: null,
    ...fields,
  };
}

function job(fields: Partial<ImportJob> = {}): ImportJob {
  return {
    importId: 'imp1',
    fileName: 'ratings.csv',
    format: 'rym',
    formatName: 'Rate Your Music export',
    status: 'ready',
    progress: { done: 10, total: 10 },
    message: null,
    notes: ['3 rows had no rating and went to your library.'],
    counts: { rows: 10, matched: 6, uncertain: 1, missing: 2, skipped: 1 },
    effects: { ratingsAdded: 5, ratingsDiffering: 1, ratingsSame: 0, libraryAdded: 0, wishlistAdded: 0, listened: 0, reviewsAdded: 0, trackRatings: 0, playerPlays: 0, genreVotes: 0, descriptors: 0, dismissals: 0 },
    result: null,
    ...fields,
  };
}

/** Picks an option as a person does (happy-dom does not pass testing-library's change event on a select). */
function pick(select: HTMLElement, value: string) {
  (select as HTMLSelectElement).value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

const page = (rows: ImportRow[], total = rows.length) => [200, { rows, total }] as [number, unknown];

describe('RowChoice', () => {
  it('offers each candidate as a radio, best first, and "None of these" chosen while the row is uncertain', () => {
    const view = render(<RowChoice row={row()} onChoose={() => {}} />);
    const group = view.getByRole('group', { name: /Radiohead – OK Computr \(1997\)/ });
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    const text = (radio: HTMLInputElement) =>
      [...radio.closest('label')!.querySelectorAll('.import-candidate-name, .import-score')].map((part) => part.textContent).join(' · ');
    expect(radios.map(text)).toEqual([
      'Radiohead – OK Computer (1997) · 91% alike',
      'Radiohead – OK Computer OKNOTOK 1997 2017 (2017) · 64% alike',
      'None of these: leave it out',
    ]);
    expect(radios.map((radio) => radio.checked)).toEqual([false, false, true]);
    expect(group.textContent).toContain('rated 9 · owned · line 2');
  });

  it('reports the album picked, and "None of these" as null', () => {
    const chosen: (number | null)[] = [];
    const view = render(<RowChoice row={row()} onChoose={(albumId) => chosen.push(albumId)} />);
    fireEvent.click(view.getByRole('radio', { name: /OK Computer \(1997\)/ }));
    expect(chosen).toEqual([4]);
    view.rerender(<RowChoice row={row({ status: 'matched', how: 'chosen', album: candidate(4, 'OK Computer', 91) })} onChoose={(albumId) => chosen.push(albumId)} />);
    expect((view.getByRole('radio', { name: /OK Computer \(1997\)/ }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(view.getByRole('radio', { name: 'None of these: leave it out' }));
    expect(chosen).toEqual([4, null]);
  });

  it('shows the choice being saved as made, keeps the radios usable, and shows a refusal', async () => {
    const view = render(<RowChoice row={row()} onChoose={() => {}} />);
    fireEvent.click(view.getByRole('radio', { name: /OK Computer \(1997\)/ }));
    view.rerender(<RowChoice row={row()} onChoose={() => {}} pending />);
    const radio = view.getByRole('radio', { name: /OK Computer \(1997\)/ }) as HTMLInputElement;
    expect(radio.checked).toBe(true);
    expect((view.getAllByRole('radio') as HTMLInputElement[]).some((each) => each.disabled)).toBe(false);
    expect(view.getByRole('group').getAttribute('aria-busy')).toBe('true');
    // Refused: the saved state (uncertain) comes back, with the reason.
    view.rerender(<RowChoice row={row()} onChoose={() => {}} error="The import is no longer waiting for choices." />);
    expect((view.getByRole('radio', { name: 'None of these: leave it out' }) as HTMLInputElement).checked).toBe(true);
    expect(view.getByRole('alert').textContent).toBe('The import is no longer waiting for choices.');
  });
});

describe('Import my data', () => {
  it('asks a visitor to log in', async () => {
    fakeServer({});
    const view = renderAt('/settings/import');
    expect((await view.findByText(/to bring your ratings in/)).textContent).toContain('Log in');
  });

  it('offers the upload form when the member has no import, with help for the chosen format', async () => {
    signIn();
    fakeServer({ 'GET /api/auth/me': me(), 'GET /api/import/ratings/current': [200, null] });
    const view = renderAt('/settings/import');
    expect(await view.findByLabelText('Your file')).toBeTruthy();
    const format = view.getByLabelText('Format') as HTMLSelectElement;
    expect([...format.options].map((option) => option.text)).toEqual([
      'Detect automatically',
      'Rate Your Music CSV',
      'Discogs collection or wantlist CSV',
      'Last.fm scrobbles CSV',
      'ListenBrainz export (.zip or .jsonl)',
      'halfstar export (.json)',
    ]);
    expect(view.container.querySelectorAll('.import-help dt').length).toBe(5);
    pick(format, 'discogs');
    await waitFor(() => expect(view.container.querySelector('.import-help p')!.textContent).toContain('Discogs ratings are 1 to 5 stars'));
  });

  it("lists what the member's music player played that the catalogue lacks, and nothing when it lacks nothing", async () => {
    signIn();
    const missing = {
      albums: [
        { artist: 'Burial', album: 'Untrue', releaseGroupMbid: null, plays: 12, lastListenedAt: '2026-11-20T21:00:00.000Z' },
        { artist: 'Someone', album: '', releaseGroupMbid: null, plays: 1, lastListenedAt: '2026-11-19T09:00:00.000Z' },
      ],
      total: 2,
    };
    fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, null],
      'GET /api/user/me/player-listens/unmatched*': [200, missing],
    });
    const view = renderAt('/settings/import');
    const section = await view.findByRole('region', { name: 'Missing from your music player' });
    expect(section.textContent).toContain('played 2 albums that halfstar does not have');
    expect([...section.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Untrue by Burial12 plays · last November 20th, 2026',
      'No album name by Someone1 play · last November 19th, 2026',
    ]);
    cleanup();

    fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, null],
      'GET /api/user/me/player-listens/unmatched*': [200, { albums: [], total: 0 }],
    });
    const none = renderAt('/settings/import');
    expect(await none.findByLabelText('Your file')).toBeTruthy();
    expect(none.queryByRole('region', { name: 'Missing from your music player' })).toBeNull();
  });

  it("sends the file's own bytes with its format and name, and shows the server's refusal", async () => {
    signIn();
    const server = fakeServer({ 'GET /api/auth/me': me(), 'GET /api/import/ratings/current': [200, null] });
    // fakeServer reads bodies as JSON: the upload's raw body is recorded here instead.
    const fetchMock = vi.mocked(globalThis.fetch);
    const json = fetchMock.getMockImplementation()!;
    const uploads: { url: string; body: unknown; type: string | undefined }[] = [];
    fetchMock.mockImplementation(async (url, init = {}) => {
      if (init.method !== 'POST') return json(url, init);
      uploads.push({ url: String(url), body: init.body, type: (init.headers as Record<string, string>)['Content-Type'] });
      return new Response(JSON.stringify({ message: 'This file is not one halfstar reads: Rate Your Music, Discogs, ...' }), { status: 400 });
    });
    const view = renderAt('/settings/import');
    const input = (await view.findByLabelText('Your file')) as HTMLInputElement;
    pick(view.getByLabelText('Format'), 'rym');
    await waitFor(() => expect(view.container.querySelector('.import-help p')!.textContent).toContain('rateyourmusic.com'));
    const file = new File(['Artist,Title\n'], 'my ratings.csv', { type: 'text/csv' });
    // A file picked: the input's files, then its change event (as the browser sends them).
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    expect(await view.findByText('my ratings.csv · 13 bytes')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Read the file' }));
    expect((await view.findByRole('alert')).textContent).toBe('This file is not one halfstar reads: Rate Your Music, Discogs, ...');
    expect(uploads).toEqual([{ url: '/api/import/ratings?format=rym&fileName=my+ratings.csv', body: file, type: 'application/octet-stream' }]);
    expect(server.calls.find((call) => call.url === '/api/import/ratings/current')?.authorization).toBe('Bearer t');
  });

  it('shows how far the server read and polls the job until it is ready', async () => {
    signIn();
    const server = fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, job({ status: 'reading', progress: { done: 12000, total: 100000 } })],
      'GET /api/import/ratings/imp1': [200, job({ status: 'matching', progress: { done: 0, total: 0 } })],
    });
    const view = renderAt('/settings/import');
    const label = await view.findByText('Reading 12,000 of 100,000 rows');
    const bar = view.getByLabelText('Reading 12,000 of 100,000 rows') as HTMLProgressElement;
    expect([bar.max, bar.value]).toEqual([100000, 12000]);
    expect(label).toBeTruthy();
    // The next poll asks for the job by its id.
    expect(await view.findByText('Matching...', {}, { timeout: 2000 })).toBeTruthy();
    expect(server.calls.some((call) => call.url === '/api/import/ratings/imp1')).toBe(true);
  });

  it('resumes a job waiting for the member: counts, notes, what confirming does, and the uncertain rows', async () => {
    signIn();
    fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, job()],
      'GET /api/import/ratings/imp1/rows*': page([row()]),
    });
    const view = renderAt('/settings/import');
    await view.findByRole('heading', { name: 'Check what matched' });
    const figures = view.container.querySelector('.import-counts')!;
    expect([...figures.querySelectorAll('div')].map((figure) => figure.textContent)).toEqual(['Matched6', 'Uncertain1', 'Missing2', 'Skipped1']);
    expect(view.getByRole('list', { name: 'Notes' }).textContent).toBe('3 rows had no rating and went to your library.');
    expect(view.container.querySelector('.import-effects')!.textContent).toBe('Confirming will add 5 ratings and keep 1 of your own that differs.');
    fireEvent.click(view.getByLabelText('The file wins: replace my ratings that differ'));
    expect(view.container.querySelector('.import-effects')!.textContent).toBe('Confirming will add 5 ratings and replace 1 rating of yours that differs.');
    expect(view.getByRole('tab', { name: 'Uncertain (1)' }).getAttribute('aria-selected')).toBe('true');
    expect(await view.findByRole('group', { name: /OK Computr/ })).toBeTruthy();
  });

  it('saves the candidate the member picks and refreshes what confirming would do', async () => {
    signIn();
    const chosen = row({ status: 'matched', how: 'chosen', album: candidate(4, 'OK Computer', 91) });
    const server = fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, job()],
      'GET /api/import/ratings/imp1/rows*': page([row()]),
      'PUT /api/import/ratings/imp1/rows/1': [200, chosen],
      'GET /api/import/ratings/imp1': [200, job({ counts: { rows: 10, matched: 7, uncertain: 0, missing: 2, skipped: 1 } })],
    });
    const view = renderAt('/settings/import');
    fireEvent.click(await view.findByRole('radio', { name: /OK Computer \(1997\)/ }));
    await waitFor(() => expect(view.getByRole('tab', { name: 'Uncertain (0)' })).toBeTruthy());
    expect(server.calls.filter((call) => call.method === 'PUT').map((call) => [call.url, call.body])).toEqual([
      ['/api/import/ratings/imp1/rows/1', { albumId: 4 }],
    ]);
    // The row stays where the member chose, its choice shown.
    expect((view.getByRole('radio', { name: /OK Computer \(1997\)/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('accepts every best guess at once', async () => {
    signIn();
    const server = fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, job()],
      'GET /api/import/ratings/imp1/rows*': page([row()]),
      'POST /api/import/ratings/imp1/accept-best': [200, job({ counts: { rows: 10, matched: 7, uncertain: 0, missing: 2, skipped: 1 } })],
    });
    const view = renderAt('/settings/import');
    fireEvent.click(await view.findByRole('button', { name: 'Accept all best guesses (1)' }));
    await view.findByRole('tab', { name: 'Matched (7)' });
    expect(server.calls.some((call) => call.method === 'POST' && call.url === '/api/import/ratings/imp1/accept-best')).toBe(true);
    expect(view.queryByRole('button', { name: /Accept all best guesses/ })).toBeNull();
  });

  it('shows matched rows with their rating change, and missing rows with the editor tools', async () => {
    signIn();
    const matched = [
      row({ row: 2, status: 'matched', how: 'name', album: candidate(4, 'OK Computer', 100), rating: 9, currentRating: 8, candidates: [] }),
      row({ row: 3, status: 'matched', how: 'musicbrainz', album: candidate(6, 'Kid A', 100, { year: 2000 }), rating: 10, currentRating: null, candidates: [] }),
    ];
    const missing = [row({ row: 4, status: 'missing', artist: 'Nirvana (2)', title: 'Bleach', year: 1989, candidates: [] })];
    fakeServer({
      'GET /api/auth/me': me('editor'),
      'GET /api/import/ratings/current': [200, job()],
      'GET /api/import/ratings/imp1/rows?status=uncertain&offset=0&limit=50': page([row()]),
      'GET /api/import/ratings/imp1/rows?status=matched&offset=0&limit=50': page(matched, 60),
      'GET /api/import/ratings/imp1/rows?status=missing&offset=0&limit=50': page(missing),
      'GET /api/import/ratings/imp1/rows?status=skipped&offset=0&limit=50': page([
        row({ row: 5, line: 12, status: 'skipped', artist: 'Boards of Canada', title: 'no album name', year: null, candidates: [], problem: 'the scrobble names no album' }),
      ]),
    });
    const view = renderAt('/settings/import');
    fireEvent.click(await view.findByRole('tab', { name: 'Matched (6)' }));
    const list = await view.findByRole('list', { name: 'Matched rows' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0].textContent).toContain('keeps your 8 (file: 9)');
    expect(items[0].textContent).toContain('by name');
    expect(items[1].textContent).toContain('new: 10');
    expect(within(items[1]).getByRole('link', { name: 'Radiohead – Kid A (2000)' }).getAttribute('href')).toBe('/albums/radiohead/kid-a');
    expect(view.getByText('Showing 2 of 60')).toBeTruthy();
    expect(view.getByRole('button', { name: 'Show more' })).toBeTruthy();
    fireEvent.click(view.getByLabelText('The file wins: replace my ratings that differ'));
    expect(items[0].textContent).toContain('8 → 9');

    fireEvent.click(view.getByRole('tab', { name: 'Missing (2)' }));
    const add = await view.findByRole('link', { name: 'Add Nirvana (2) from MusicBrainz' });
    expect(add.getAttribute('href')).toBe('/grab-data?name=Nirvana+%282%29');
    expect(view.getByRole('button', { name: 'Match again' })).toBeTruthy();
    expect(view.getByRole('button', { name: 'Download the missing albums (CSV)' })).toBeTruthy();

    fireEvent.click(view.getByRole('tab', { name: 'Skipped (1)' }));
    const skipped = await view.findByRole('list', { name: 'Skipped rows' });
    expect(skipped.textContent).toBe('Line 12: Boards of Canada – no album namethe scrobble names no album');
  });

  it('gives a member without the editor role the download only', async () => {
    signIn();
    fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, job({ counts: { rows: 3, matched: 1, uncertain: 0, missing: 2, skipped: 0 } })],
      'GET /api/import/ratings/imp1/rows*': page([row({ row: 4, status: 'missing', artist: 'Nobody', title: 'Nothing', candidates: [] })]),
    });
    const view = renderAt('/settings/import');
    await view.findByRole('list', { name: 'Missing rows' });
    expect(view.queryByRole('link', { name: /from MusicBrainz/ })).toBeNull();
    expect(view.queryByRole('button', { name: 'Match again' })).toBeNull();
    expect(view.getByRole('button', { name: 'Download the missing albums (CSV)' })).toBeTruthy();
  });

  it('confirms with the file-wins choice and shows what was written, with the way to the library', async () => {
    signIn();
    const done = job({
      status: 'done',
      result: { ratingsAdded: 5, ratingsChanged: 1, ratingsKept: 0, ratingsSame: 0, libraryAdded: 0, wishlistAdded: 0, listened: 4, diaryLogged: 0, reviewsAdded: 0, reviewsKept: 0, trackRatingsAdded: 0, trackRatingsChanged: 0, trackRatingsKept: 0, trackRatingsUnplaced: 0, playerPlaysKept: 0, genreVotesAdded: 0, descriptorsAdded: 0, dismissalsAdded: 0 },
    });
    const server = fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, job()],
      'GET /api/import/ratings/imp1/rows*': page([row()]),
      'POST /api/import/ratings/imp1/confirm': [200, done],
      'GET /api/import/ratings/imp1': [200, done],
      'DELETE /api/import/ratings/imp1': [204],
    });
    const view = renderAt('/settings/import');
    fireEvent.click(await view.findByLabelText('The file wins: replace my ratings that differ'));
    fireEvent.click(view.getByRole('button', { name: 'Confirm import' }));
    await view.findByRole('heading', { name: 'Imported ratings.csv' });
    expect(server.calls.find((call) => call.url === '/api/import/ratings/imp1/confirm')?.body).toEqual({ fileWins: true });
    expect(view.getByRole('list', { name: 'What the import did' }).textContent).toBe(
      '5 ratings added1 rating changed to the file\'s4 albums in your "Listened, not yet rated" queue',
    );
    expect(view.getByRole('link', { name: 'See your library' }).getAttribute('href')).toBe('/my-library');
    expect(view.getByRole('link', { name: 'Rate what you listened to' }).getAttribute('href')).toBe('/my-library#listened');
    fireEvent.click(view.getByRole('button', { name: 'Import another file' }));
    expect(await view.findByLabelText('Your file')).toBeTruthy();
    expect(server.calls.some((call) => call.method === 'DELETE' && call.url === '/api/import/ratings/imp1')).toBe(true);
  });

  it('discards the preview and offers the upload again', async () => {
    signIn();
    const server = fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, job()],
      'GET /api/import/ratings/imp1/rows*': page([row()]),
      'DELETE /api/import/ratings/imp1': [204],
    });
    const view = renderAt('/settings/import');
    await view.findByRole('group', { name: /OK Computr/ });
    fireEvent.click(view.getByRole('button', { name: 'Discard' }));
    expect(await view.findByLabelText('Your file')).toBeTruthy();
    expect(server.calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual(['/api/import/ratings/imp1']);
    // Nothing asks for the rows of the import that is gone.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const deleted = server.calls.findIndex((call) => call.method === 'DELETE');
    expect(server.calls.slice(deleted).filter((call) => call.url.includes('/rows'))).toEqual([]);
  });

  it('says why a file could not be read', async () => {
    signIn();
    fakeServer({
      'GET /api/auth/me': me(),
      'GET /api/import/ratings/current': [200, job({ status: 'failed', message: 'line 3: no Artist column' })],
    });
    const view = renderAt('/settings/import');
    expect((await view.findByRole('alert')).textContent).toBe('line 3: no Artist column');
    expect(view.getByRole('button', { name: 'Try another file' })).toBeTruthy();
  });
});

describe('Add from MusicBrainz', () => {
  it('opens the data-import page with the artist filled in', async () => {
    signIn();
    fakeServer({ 'GET /api/auth/me': me('editor') });
    const view = renderAt('/grab-data?name=Nirvana%20(2)');
    expect(((await view.findByLabelText('Artist')) as HTMLInputElement).value).toBe('Nirvana (2)');
  });
});
