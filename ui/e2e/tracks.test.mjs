// Tracklists and track ratings: an editor types an album's tracklist, members
// rate tracks on the album page and see the averages, counts and best tracks
// move, and none of it touches their album rating.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });
const ALBUM = '/albums/radiohead/my-iron-lung';

async function openTracks(page) {
  await page.goto(`${run.server.url}${ALBUM}`);
  await page.getByRole('tab', { name: 'Tracks' }).click();
}

const row = (page, title) => page.locator('li.track', { has: page.locator('.track-title', { hasText: title }) });

test('an editor types a tracklist; members rate three tracks and see the averages move', async () => {
  const { page: editor } = await demoMemberPage(run, 'vinylvera');
  await openTracks(editor);
  await editor.getByRole('button', { name: 'Add the tracklist' }).click();
  const dialog = editor.getByRole('dialog', { name: 'Tracklist of My Iron Lung' });
  await dialog.getByRole('textbox').fill('My Iron Lung 4:36\nThe Trickster 4:40\nLewis (Mistreated) 3:19\nPermanent Daylight 2:49');
  await dialog.getByText('4 tracks · 15:24').waitFor();
  await dialog.getByRole('button', { name: 'Save tracklist' }).click();
  await dialog.waitFor({ state: 'detached' });
  await editor.getByText('4 tracks · 15:24').waitFor();
  await editor.close();

  const { page, session } = await demoMemberPage(run, 'mira99');
  const albumBefore = await apiGet(run, '/album/name/radiohead/my-iron-lung', session.token);
  await openTracks(page);
  await row(page, 'The Trickster').locator('.track-average', { hasText: 'not rated' }).waitFor();
  const ratings = [
    ['My Iron Lung', '9.0'],
    ['The Trickster', '7.5'],
    ['Lewis (Mistreated)', '8.0'],
  ];
  for (const [title, number] of ratings) {
    await page.getByRole('combobox', { name: `Your rating of ${title}` }).selectOption(number);
    await row(page, title).locator('.track-average', { hasText: `${number} (1)` }).waitFor();
  }

  // Another member rates two of them; on the next visit the averages and the best tracks show it.
  const theo = (await demoMemberPage(run, 'lowend.theo')).page;
  await openTracks(theo);
  await theo.getByRole('combobox', { name: 'Your rating of My Iron Lung' }).selectOption('7.0');
  await row(theo, 'My Iron Lung').locator('.track-average', { hasText: '8.0 (2)' }).waitFor();
  await theo.getByRole('combobox', { name: 'Your rating of The Trickster' }).selectOption('10.0');
  await row(theo, 'The Trickster').locator('.track-average', { hasText: '8.8 (2)' }).waitFor();
  await theo.close();

  await page.getByRole('tab', { name: 'Info' }).click();
  await page.getByRole('tab', { name: 'Tracks' }).click();
  await page.getByText('Best tracks: The Trickster, My Iron Lung').waitFor();
  assert.equal(await page.getByRole('combobox', { name: 'Your rating of The Trickster' }).inputValue(), '7.5');

  // Changing one's mind, and taking a rating back.
  await page.getByRole('combobox', { name: 'Your rating of Lewis (Mistreated)' }).selectOption('');
  await row(page, 'Lewis (Mistreated)').locator('.track-average', { hasText: 'not rated' }).waitFor();

  // The profile shows the member's best rated tracks, each leading to its album.
  await page.goto(`${run.server.url}/user/mira99`);
  const top = page.getByRole('region', { name: 'Top Tracks' });
  await top.getByText('My Iron Lung', { exact: false }).first().waitFor();
  assert.deepEqual(
    (await top.locator('li').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()),
    ['9.0 My Iron Lung · My Iron Lung by Radiohead', '7.5 The Trickster · My Iron Lung by Radiohead'],
  );
  await top.getByRole('link', { name: 'My Iron Lung' }).first().click();
  await page.waitForURL(`${run.server.url}${ALBUM}`);
  await page.getByRole('heading', { level: 1, name: 'My Iron Lung' }).waitFor();

  const albumAfter = await apiGet(run, '/album/name/radiohead/my-iron-lung', session.token);
  assert.equal(albumAfter.numberOfRatings, albumBefore.numberOfRatings, 'track ratings are not album ratings');
  assert.equal(albumAfter.userRating, albumBefore.userRating);
  const exported = await apiGet(run, '/user/me/export', session.token);
  assert.deepEqual(
    exported.trackRatings.map((rating) => [rating.track, rating.number]),
    [
      ['My Iron Lung', 9],
      ['The Trickster', 7.5],
    ],
  );
});

test('a signed-out reader sees the tracklist and is asked to log in to rate', async () => {
  const page = await run.browser.newPage();
  await openTracks(page);
  await page.getByText('4 tracks · 15:24').waitFor();
  await page.getByRole('combobox', { name: 'Your rating of The Trickster' }).selectOption('5.0');
  await page.getByRole('dialog').getByText(/to rate tracks/).waitFor();
});
