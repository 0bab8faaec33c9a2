// The /grab-data page against a stand-in for the import sources.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMockSources } from './mockSources.mjs';
import { apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

let mock;
const run = useServerAndBrowser({
  before,
  after,
  env: async () => {
    mock = await startMockSources();
    return mock.env;
  },
});
after(() => mock?.stop());

test('an editor previews an artist and their albums, then updates the catalogue with them', async () => {
  const { page } = await demoMemberPage(run, 'crate_digger');
  await page.goto(`${run.server.url}/grab-data`);
  await page.getByLabel('Artist', { exact: true }).fill('radiohead');
  await page.getByRole('button', { name: 'Get Artist' }).click();
  const artist = page.getByRole('region', { name: 'Artist' });
  await artist.getByRole('heading', { name: 'Radiohead' }).waitFor();
  await artist.getByText('Radiohead are an English rock band from Abingdon, Oxfordshire, formed in 1985.').waitFor();

  await page.getByRole('button', { name: 'Get Albums' }).click();
  const albums = page.getByRole('region', { name: 'Albums' });
  await albums.getByRole('heading', { name: '4 Albums' }).waitFor();
  assert.deepEqual(await albums.locator('.grab-data-album strong').allInnerTexts(), [
    'Pablo Honey',
    'OK Computer',
    'Kid A',
    'A Moon Shaped Pool',
  ]);
  const kidA = albums.locator('.grab-data-album', { hasText: 'Kid A' });
  assert.equal(await kidA.locator('time').innerText(), 'October 2000', 'a month-only date is no made-up day');
  await kidA.getByText('Alternative Rock, Art Rock, Rock').waitFor();
  const leftOut = page.getByRole('region', { name: 'Left out' });
  await leftOut.getByText(/Amnesiac.*no front cover/).waitFor();
  await leftOut.getByText(/Creep.*single \(MusicBrainz: Single\)/).waitFor();
  await leftOut.getByText(/Kid A Mnesia.*live album \(MusicBrainz: Album \+ Compilation \+ Live\)/).waitFor();

  // The demo catalogue has Radiohead already: adding is refused (409), updating works.
  page.allowConsole(new RegExp(`^${run.server.url}/api/artist$`));
  await page.getByRole('button', { name: 'Add Artist' }).click();
  await page.locator('.grab-data-outcome.form-error', { hasText: /already/ }).waitFor();
  await page.getByRole('button', { name: 'Add Albums' }).click();
  await page.getByText('Add Albums: 0 added, 0 updated, 0 unchanged, 4 skipped.').waitFor();
  const outcome = await page.locator('.grab-data-outcome').innerText();
  assert.match(outcome, /OK Computer: already in the catalogue/, outcome);

  await page.getByRole('button', { name: 'Update Artist Albums' }).click();
  await page.getByText('Update Artist Albums: 0 added, 4 updated, 0 unchanged, 0 skipped.').waitFor();
  const updated = await apiGet(run, '/album/name/radiohead/kid-a');
  assert.deepEqual(
    updated.genres.map((g) => g.name),
    ['Alternative Rock', 'Art Rock', 'Rock'],
  );
  assert.equal(updated.releaseDate, '2000-10-01');
  assert.equal(updated.releaseDatePrecision, 'month');

  await page.getByRole('button', { name: 'Update Album Pictures' }).click();
  // Updating the albums gave them the archive's covers already.
  await page.getByText('Update Album Pictures: 0 added, 0 updated, 4 unchanged, 0 skipped.').waitFor();
  const covered = await apiGet(run, '/album/name/radiohead/kid-a');
  assert.match(covered.pictureUrl, /^https:\/\/coverartarchive\.org\/.+-500\.jpg$/);
  // Sent again as they are now, the albums are not rewritten.
  await page.getByRole('button', { name: 'Update Artist Albums' }).click();
  await page.getByText('Update Artist Albums: 0 added, 0 updated, 4 unchanged, 0 skipped.').waitFor();
  await page.getByRole('button', { name: 'Clear' }).click();
  assert.equal(await page.getByLabel('Artist', { exact: true }).inputValue(), '');
  assert.equal(await page.getByRole('region', { name: 'Albums' }).count(), 0);

  await page.goto(`${run.server.url}/artists/radiohead`);
  await page.locator('.album-tile', { hasText: 'Kid A' }).waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('every namesake is offered with what tells them apart, and the chosen one comes without a namesake\'s biography', async () => {
  const { page } = await demoMemberPage(run, 'crate_digger');
  // A name MusicBrainz doesn't know is answered 404 on purpose.
  page.allowConsole(new RegExp(`^${run.server.url}/api/import/artist\\?name=Nobody\\+Like\\+This$`));
  await page.goto(`${run.server.url}/grab-data`);
  await page.getByLabel('Artist', { exact: true }).fill('Nirvana');
  await page.getByRole('button', { name: 'Get Artist' }).click();
  const candidates = page.getByRole('region', { name: 'Candidates' });
  const uk = candidates.getByRole('button', { name: /1960s UK psychedelic band · Group · GB · 1967– · score 100/ });
  await uk.waitFor();
  assert.equal(await candidates.getByRole('button').count(), 7);
  await uk.click();
  const artist = page.getByRole('region', { name: 'Artist' });
  await artist.getByText('MusicBrainz id 9282c8b4-ca0b-4c6b-b7e3-4f7762dfc4d6').waitFor();
  // Last.fm, asked by name, answers about the US band: that is not this artist's biography.
  await artist.getByText('No description found.').waitFor();

  await page.getByRole('button', { name: 'Get Albums' }).click();
  const albums = page.getByRole('region', { name: 'Albums' });
  await albums.getByRole('heading', { name: '3 Albums' }).waitFor();
  const dates = await albums.locator('time').allInnerTexts();
  assert.deepEqual(dates, ['1968', 'September 1968', '1971']);

  await page.getByRole('textbox', { name: 'Artist' }).fill('Nobody Like This');
  await page.getByRole('button', { name: 'Get Artist' }).click();
  await page.getByText('MusicBrainz has no artist called Nobody Like This').waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('anyone but an editor is told the page needs the role', async () => {
  const { page } = await signedInPage(run, 'curiousmember');
  await page.goto(`${run.server.url}/grab-data`);
  await page.getByText('This page needs the editor role.', { exact: false }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Get Artist' }).count(), 0);
  await page.close();
});
