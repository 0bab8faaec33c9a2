import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, within } from '@testing-library/preact';
import { fakeServer, vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { entry } from './diaryFixtures';

beforeEach(() => localStorage.setItem('halfstar.token', 't'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const me = [200, { ...vera, suspension: null }] as [number, unknown];

describe('the diary page', () => {
  it('shows listens by month with their marks, and the member changes their own', async () => {
    const server = fakeServer({
      'GET /api/auth/me': me,
      'GET /api/user/username/vinylvera/diary*': [
        200,
        {
          entries: [
            entry(3, '2026-03-14', { rating: 9.5, note: 'Still the best.', relisten: true }),
            entry(2, '2026-03-02', { source: 'player' }),
            entry(1, '2026-01-20'),
          ],
          next: null,
          months: [
            { month: '2026-03', listens: 2 },
            { month: '2026-01', listens: 1 },
          ],
        },
      ],
      'PATCH /api/diary/3': [200, entry(3, '2026-03-13')],
    });
    const view = renderAt('/user/vinylvera/diary');
    const march = (await view.findByRole('heading', { name: /March 2026/ })).closest('section')!;
    expect(march.textContent).toContain('2 listens');
    const first = within(march as HTMLElement).getByRole('listitem', { name: /Album 3 by Radiohead, March 14th, 2026/ });
    expect(first.textContent).toContain('Still the best.');
    expect(first.textContent).toContain('Re-listen');
    expect(within(march as HTMLElement).getByText('From a music player')).toBeTruthy();
    expect(view.getByRole('heading', { name: /January 2026/ })).toBeTruthy();

    fireEvent.click(within(first).getByRole('button', { name: /Change the listen of Album 3/ }));
    const dialog = await view.findByRole('dialog');
    const day = within(dialog).getByLabelText('Listened on') as HTMLInputElement;
    expect(day.value).toBe('2026-03-14');
    expect((within(dialog).getByLabelText('A re-listen') as HTMLInputElement).checked).toBe(true);
    fireEvent.input(day, { target: { value: '2026-03-13' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save to diary' }));
    await within(dialog).findByText('Saved.');
    const sent = server.calls.find((call) => call.method === 'PATCH');
    expect(sent?.body).toEqual({ listenedOn: '2026-03-13', rating: 9.5, note: 'Still the best.', relisten: true });
  });

  it("shows another member's diary without changes, and an empty one", async () => {
    fakeServer({
      'GET /api/auth/me': me,
      'GET /api/user/username/mira99/diary*': [200, { entries: [entry(1, '2026-01-20')], next: null, months: [{ month: '2026-01', listens: 1 }] }],
      'GET /api/user/username/quiet/diary*': [200, { entries: [], next: null, months: [] }],
    });
    const view = renderAt('/user/mira99/diary');
    await view.findByRole('heading', { name: "mira99's diary" });
    await view.findByRole('heading', { name: /January 2026/ });
    expect(view.queryByRole('button', { name: /Change/ })).toBeNull();
    cleanup();
    const empty = renderAt('/user/quiet/diary');
    await empty.findByText('quiet has not logged a listen yet.');
  });
});
