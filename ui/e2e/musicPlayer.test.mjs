// A member's music player sends plays: the token is made in Settings, the
// plays go through liblistenbrainz (ListenBrainz's own Python client, as a
// scrobbler would send them), and they show in the "Listened, not yet rated"
// queue and, for an album the catalogue lacks, on the import page until an
// editor adds it.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { apiAs, logInDemoMember, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

const root = new URL('../../', import.meta.url).pathname;
const python = `${root}.venv-listenbrainz/bin/python`;

/** Plays of one album sent with liblistenbrainz: playing now, a single play, then the rest as one import. */
async function sendPlays(token, artist, album, tracks) {
  assert.ok(existsSync(python), `${python} is missing: install it with 'scripts/test-listenbrainz --install'`);
  return promisify(execFile)(python, [`${root}tests/listenbrainz/send_listens.py`, run.server.url, token, artist, album, ...tracks]);
}

test("a player's plays, sent with liblistenbrainz, reach the queue and the import page; a revoked token stops them; a missing album's plays count once it is added", async () => {
  const { page } = await signedInPage(run, 'navidrome_nell');
  await page.goto(`${run.server.url}/settings/account`);
  const section = page.getByRole('region', { name: 'Music player' });
  await section.getByText('You have no player token yet.').waitFor();
  assert.equal(await section.locator('dd code').first().innerText(), `${run.server.url}/apis/listenbrainz/1/`);
  await section.getByRole('button', { name: 'Make a player token' }).click();
  const token = (await section.getByTestId('player-token').innerText()).trim();
  assert.match(token, /^[0-9a-f-]{36}$/);

  await sendPlays(token, 'Radiohead', 'The Bends', ['Planet Telex', 'The Bends', 'High and Dry']);
  await sendPlays(token, 'Nobody Known', 'Not in the Catalogue', ['Track One']);

  // The header's Library link, on the same page: the album waits to be rated.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
  const queue = page.locator('#listened');
  const item = queue.getByRole('listitem', { name: 'The Bends by Radiohead' });
  await item.waitFor();
  assert.match(await item.innerText(), /3 plays/);

  // The import page lists the album the catalogue lacks, and leads back to the token.
  await page.getByRole('banner').getByRole('button', { name: /Settings/ }).click();
  await page.getByRole('menuitem', { name: /Import/ }).click();
  const missing = page.getByRole('region', { name: 'Missing from your music player' });
  await missing.getByText('Not in the Catalogue').waitFor();
  assert.match(await missing.innerText(), /Nobody Known\s+1 play/);
  await missing.getByRole('link', { name: 'music player' }).click();
  await page.waitForURL(`${run.server.url}/settings/account#account-player`);
  await section.getByText(/last used/).waitFor();

  await section.getByRole('button', { name: 'Revoke token' }).click();
  await section.getByText('You have no player token yet.').waitFor();
  await assert.rejects(sendPlays(token, 'Radiohead', 'The Bends', ['Just']), /InvalidAuthTokenException/);

  // An editor adds the album the catalogue lacked: the play that waited counts for it.
  const editor = await logInDemoMember(run.server, 'vinylvera');
  await apiAs(run, editor.token, 'POST', '/artist', { name: 'Nobody Known', description: '', pictureUrl: '' });
  await apiAs(run, editor.token, 'POST', '/album', { artist: 'Nobody Known', title: 'Not in the Catalogue', releaseDate: '2024' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).click();
  const arrived = queue.getByRole('listitem', { name: 'Not in the Catalogue by Nobody Known' });
  await arrived.waitFor();
  assert.match(await arrived.innerText(), /1 play/);
  const missingRead = page.waitForResponse((answer) => answer.url().includes('/api/user/me/player-listens/unmatched'));
  await page.getByRole('banner').getByRole('button', { name: /Settings/ }).click();
  await page.getByRole('menuitem', { name: /Import/ }).click();
  await missingRead;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  assert.equal(await missing.count(), 0, 'nothing is missing any more');
});
