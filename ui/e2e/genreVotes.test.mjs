// Genres by vote: two members have voted Pygmalion's genres; a third votes
// on the album page, and the album's genres become the votes' result there
// and then, without a reload.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiAs, apiGet, logInDemoMember, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

test("a third member's vote makes the album's genres the votes' result", async () => {
  const album = await apiGet(run, '/album/name/slowdive/pygmalion');
  assert.deepEqual(album.genres.map((genre) => genre.name), ['Ambient', 'Post-rock', 'Dream Pop']);
  for (const member of ['mira99', 'lowend.theo']) {
    const { token } = await logInDemoMember(run.server, member);
    await apiAs(run, token, 'PUT', `/album/${album.albumId}/genre-votes`, {
      votes: [{ genre: 'Slowcore', primary: true }, { genre: 'Ambient', primary: false }],
    });
  }

  const { page } = await signedInPage(run, 'genre_voter');
  await page.goto(`${run.server.url}/albums/slowdive/pygmalion`);
  // The album's own genres, not those of the similar albums' tiles.
  const genres = page.getByRole('tabpanel', { name: 'Info' }).getByRole('list', { name: 'Genres' });
  await genres.getByRole('link', { name: 'Post-rock' }).waitFor();
  await page.getByText("members' votes decide once 3 have voted (1 more needed)").waitFor();
  await page.getByRole('button', { name: 'Vote genres' }).click();

  const dialog = page.getByRole('dialog', { name: 'Vote genres' });
  await dialog.getByRole('table', { name: "Members' votes" }).getByRole('row', { name: /Slowcore\s+2\s+0/ }).waitFor();
  await dialog.getByRole('combobox', { name: 'Add a genre' }).selectOption('Slowcore');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Add a genre' }).selectOption('Ambient');
  await dialog.getByRole('button', { name: 'Add', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'How Ambient fits' }).selectOption('secondary');
  await dialog.getByRole('button', { name: 'Save my vote' }).click();
  await dialog.getByRole('status').filter({ hasText: "The album's genres: Slowcore, Ambient." }).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await genres.getByRole('link', { name: 'Slowcore' }).waitFor();
  assert.deepEqual(await genres.getByRole('link').allInnerTexts(), ['Slowcore', 'Ambient']);
  await page.getByText("Genres by 3 members' votes.").waitFor();
});
