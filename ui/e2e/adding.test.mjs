// Add Artist and Add Album, as an editor and as a member without the role.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

async function openFromAddMenu(page, item) {
  await page.locator('.header-actions').getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  await page.getByRole('heading', { name: item, level: 1 }).waitFor();
}

test('an editor adds an artist and then an album, landing on each page', async () => {
  const { page } = await demoMemberPage(run, 'crate_digger');
  await page.goto(`${run.server.url}/`);
  await openFromAddMenu(page, 'Add Artist');
  await page.getByLabel('Artist Name').fill('Ride');
  await page.getByLabel('Description').fill('Oxford shoegaze band formed in 1988.');
  await page.getByLabel('Image URL').fill('https://example.org/ride.jpg');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${run.server.url}/artists/ride`);
  await page.getByRole('heading', { name: 'Ride', level: 1 }).waitFor();
  await page.getByText('Oxford shoegaze band formed in 1988.').waitFor();

  await openFromAddMenu(page, 'Add Album');
  assert.equal(await page.getByLabel('Release Date').getAttribute('placeholder'), 'YYYY-MM-DD');
  assert.deepEqual(await page.getByLabel('Type').locator('option').allInnerTexts(), ['LP', 'EP', 'Live', 'Other']);
  await page.getByLabel('Artist', { exact: true }).fill('ride');
  await page.getByLabel('Album Name').fill('Nowhere');
  await page.getByLabel('Release Date').fill('1990-10-15');
  await page.getByLabel('Genre(s)').fill('Shoegaze, Dream Pop');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${run.server.url}/albums/ride/nowhere`);
  await page.getByRole('heading', { name: 'Nowhere', level: 1 }).waitFor();
  await page.getByText('October 15th, 1990').waitFor();
  const album = await apiGet(run, '/album/name/ride/nowhere');
  assert.deepEqual(
    album.genres.map((genre) => genre.name),
    ['Shoegaze', 'Dream Pop'],
  );
  assert.equal(album.type, 'LP');

  // The new album is on its artist's page at once, not after the cache expires.
  await page.goto(`${run.server.url}/artists/ride`);
  await page.locator('.album-tile', { hasText: 'Nowhere' }).waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an album known only to its year reads as the year, and keeps it through an edit', async () => {
  const { page } = await demoMemberPage(run, 'crate_digger');
  await page.goto(`${run.server.url}/add-album`);
  await page.getByLabel('Artist', { exact: true }).fill('Radiohead');
  await page.getByLabel('Album Name').fill('Airbag Sessions');
  await page.getByLabel('Release Date').fill('2019');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${run.server.url}/albums/radiohead/airbag-sessions`);
  await page.getByRole('heading', { name: 'Airbag Sessions', level: 1 }).waitFor();
  const released = page.locator('.album-facts time');
  assert.equal(await released.innerText(), '2019');
  assert.equal(await released.getAttribute('datetime'), '2019');
  const facts = await page.locator('.album-facts').innerText();
  assert.doesNotMatch(facts, /January|2019-01-01/);
  const album = await apiGet(run, '/album/name/radiohead/airbag-sessions');
  assert.equal(album.releaseDate, '2019-01-01');
  assert.equal(album.releaseDatePrecision, 'year');

  // The edit form offers the year as given, and a month given there stays a month.
  await page.getByRole('button', { name: 'Edit Album' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Album' });
  assert.equal(await dialog.getByLabel('Release Date').inputValue(), '2019');
  await dialog.getByLabel('Release Date').fill('2019-05');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.locator('.album-facts time', { hasText: 'May 2019' }).waitFor();

  await page.goto(`${run.server.url}/artists/radiohead`);
  const year = page.locator('.album-tile', { hasText: 'Airbag Sessions' }).locator('.tile-year');
  assert.equal(await year.getAttribute('title'), 'May 2019');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("the server's reasons show under the form", async () => {
  const { page } = await demoMemberPage(run, 'crate_digger');
  // Every submit here is refused on purpose (400 and 409).
  page.allowConsole(new RegExp(`^${run.server.url}/api/(artist|album)$`));
  await page.goto(`${run.server.url}/add-album`);
  await page.getByLabel('Artist', { exact: true }).fill('Nobody We Know');
  await page.getByLabel('Album Name').fill('Anything');
  await page.getByLabel('Release Date').fill('1990-02-30');
  await page.getByRole('button', { name: 'Submit' }).click();
  const message = page.locator('.form-error');
  assert.match(await message.innerText(), /releaseDate/);
  await page.getByLabel('Release Date').fill('1990');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.locator('.form-error', { hasText: /artist/i }).waitFor();
  assert.match(await message.innerText(), /add the artist first/i);
  assert.equal(new URL(page.url()).pathname, '/add-album');

  await page.goto(`${run.server.url}/add-artist`);
  await page.getByLabel('Artist Name').fill('Radiohead');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.locator('.form-error').waitFor();
  assert.match(await message.innerText(), /^Something went wrong while adding the artist\. .+/);
  await page.close();
});

test('a member without the editor role is told so before typing, and a role taken away mid-form is explained', async () => {
  const { page } = await signedInPage(run, 'plainmember');
  for (const path of ['/add-artist', '/add-album']) {
    await page.goto(`${run.server.url}${path}`);
    const note = page.getByRole('note');
    await note.getByText('Adding to the catalogue needs the editor role').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Submit' }).count(), 0);
    await note.getByRole('link', { name: 'post' }).click();
    await page.waitForURL(`${run.server.url}/add-post`);
  }

  // An editor whose role is taken away while the form is open gets the spec's message.
  const { page: editor, session } = await signedInPage(run, 'formereditor');
  const cli = await import('node:child_process');
  const promote = (args) => cli.execFileSync(run.server.binary, ['--data-dir', run.server.dataDir, 'user', ...args]);
  promote(['promote', 'formereditor', '--role', 'editor']);
  await editor.goto(`${run.server.url}/add-artist`);
  await editor.getByLabel('Artist Name').fill('Lush');
  promote(['demote', 'formereditor']);
  editor.allowConsole(new RegExp(`^${run.server.url}/api/(artist|album)$`));
  await editor.getByRole('button', { name: 'Submit' }).click();
  await editor.getByText('You must have the editor role to add an artist.').waitFor();
  const search = await apiGet(run, '/search?q=lush');
  assert.deepEqual(search.artists, []);
  assert.ok(session.token);
  await page.close();
  await editor.close();
});

test('a visitor is asked to log in instead of seeing the form', async () => {
  const page = await run.browser.newPage();
  await page.goto(`${run.server.url}/add-album`);
  const prompt = page.locator('[data-screen="add-album"] .login-prompt');
  assert.match(await prompt.innerText(), /^Log in or sign up to add to the database\.$/);
  assert.equal(await page.getByLabel('Album Name').count(), 0);
  await page.close();
});
