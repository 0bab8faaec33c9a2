import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, within } from '@testing-library/preact';
import { vera } from '../../test/fakeServer';
import { renderAt } from '../../test/renderAt';
import { ALBUM_URL, albumServer } from './albumFixtures';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const track = (trackId: number, position: number, title: string, numberOfRatings: number) => ({
  trackId,
  disc: 1,
  position,
  title,
  lengthMs: 240000,
  recordingMbid: null,
  numberOfRatings,
  averageRating: numberOfRatings ? 8 : null,
  userRating: null,
});

describe('the tracklist editor', () => {
  it('says which rated tracks an edit would take away, before saving', async () => {
    const server = albumServer(
      {
        'GET /api/album/4/tracks': [
          200,
          {
            tracks: [track(1, 1, 'Airbag', 2), track(2, 2, 'Paranoid Android', 0), track(3, 3, 'Lucky', 3)],
            totalLengthMs: 720000,
            everyLengthKnown: true,
            bestTrackIds: [1, 3],
          },
        ],
        'PATCH /api/album/4': [200, {}],
      },
      { ...vera, role: 'editor' },
    );
    const view = renderAt(ALBUM_URL);
    fireEvent.click(await view.findByRole('tab', { name: 'Tracks' }));
    fireEvent.click(await view.findByRole('button', { name: 'Edit tracklist' }));
    const dialog = within(await view.findByRole('dialog'));
    const text = dialog.getByRole('textbox') as HTMLTextAreaElement;
    expect(text.value).toBe('Airbag 4:00\nParanoid Android 4:00\nLucky 4:00');
    expect(dialog.queryByRole('alert')).toBeNull();

    fireEvent.input(text, { target: { value: 'Airbag 4:00' } });
    expect(dialog.getByRole('alert').textContent).toBe('1 rated track will lose its ratings: Lucky.');
    fireEvent.click(dialog.getByRole('button', { name: 'Save tracklist' }));
    await vi.waitFor(() => expect(server.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const patch = server.calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ tracks: [{ disc: 1, position: 1, title: 'Airbag', lengthMs: 240000, recordingMbid: null }] });
  });
});
