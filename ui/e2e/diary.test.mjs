// The listening diary: a member logs a re-listen with a note from the album
// page and finds it in their diary, on the album and in a follower's feed;
// a tile logs a listen in one action; a player's plays of most of an album
// (sent with liblistenbrainz) become one diary entry and a "Listened, not
// yet rated" prompt.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { apiAs, apiGet, demoMemberPage, logInDemoMember, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

const root = new URL('../../', import.meta.url).pathname;
const python = `${root}.venv-listenbrainz/bin/python`;

const call = (method, path, token, body) => apiAs(run, token, method, path, body);

test('a re-listen with a note is logged from the album page and found in the diary, on the album and in the feed', async () => {
  const { page: follower, session: followerSession } = await signedInPage(run, 'diary_reader');
  await call('POST', '/user/username/mira99/follow', followerSession.token);

  const { page } = await demoMemberPage(run, 'mira99');
  await page.goto(`${run.server.url}/albums/the-cure/disintegration`);
  await page.getByRole('group', { name: 'Album actions' }).getByRole('button', { name: 'Log a Listen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a listen' });
  await dialog.getByLabel('Listened on').fill('2026-03-12');
  const noRating = dialog.getByRole('button', { name: 'No rating' });
  if (await noRating.isVisible()) await noRating.click();
  const stars = dialog.getByRole('slider', { name: 'Your rating then' });
  await stars.focus();
  for (let step = 0; step < 3; step += 1) await stars.press('ArrowLeft');
  assert.equal(await stars.getAttribute('aria-valuenow'), '9');
  await dialog.getByLabel('Note (optional)').fill('Better than I remembered.');
  await dialog.getByLabel('A re-listen').check();
  await dialog.getByRole('button', { name: 'Save to diary' }).click();

  // The dialog's link leads to the diary, without a reload.
  await dialog.getByRole('link', { name: 'your diary' }).click();
  await page.waitForURL(`${run.server.url}/user/mira99/diary`);
  const march = page.getByRole('region', { name: /March 2026/ });
  const entry = march.getByRole('listitem', { name: /Disintegration by The Cure, March 12th, 2026/ });
  await entry.getByText('Better than I remembered.').waitFor();
  await entry.getByText('Re-listen').waitFor();

  await entry.getByRole('link', { name: 'Disintegration' }).click();
  await page.getByText('Listened once, on March 12th, 2026').waitFor();

  // The follower's feed tells the re-listen, its rating and its note, and leads to the album.
  await follower.goto(`${run.server.url}/feed`);
  const told = follower.locator('.feed-item[data-kind="listen"]').first();
  await told.getByRole('link', { name: 're-listened to Disintegration by The Cure 9.0' }).waitFor();
  await told.getByText('Better than I remembered.').waitFor();
  await told.getByRole('link', { name: 're-listened to Disintegration by The Cure 9.0' }).click();
  await follower.waitForURL(`${run.server.url}/albums/the-cure/disintegration`);
  await follower.close();
  await page.close();
});

test("a tile's headphones log a listen in one action", async () => {
  const { page, session } = await signedInPage(run, 'tile_listener');
  await page.goto(`${run.server.url}/artists/the-cure`);
  await page.getByRole('button', { name: 'Log a listen of Pornography' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a listen' });
  assert.equal(await dialog.getByLabel('A re-listen').isChecked(), false);
  await dialog.getByRole('button', { name: 'Save to diary' }).click();
  await dialog.getByText('Logged in your diary.').waitFor();
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  assert.equal(page.url(), `${run.server.url}/artists/the-cure`, 'the tile did not open its album');
  const diary = await apiGet(run, '/user/username/tile_listener/diary', session.token);
  assert.deepEqual(
    diary.entries.map((entry) => entry.album.title),
    ['Pornography'],
  );
  await page.close();
});

const HOMOGENIC = ['Hunter', 'Jóga', 'Unravel', 'Bachelorette', 'All Neon Like', '5 Years', 'Immature', 'Alarm Call', 'Pluto', 'All Is Full of Love'];

test("a player's plays of most of an album become one diary entry and a prompt to rate it", async () => {
  const editor = await logInDemoMember(run.server, 'vinylvera');
  const album = await apiGet(run, '/album/name/bjork/homogenic');
  await call('PATCH', `/album/${album.albumId}`, editor.token, {
    tracks: HOMOGENIC.map((title, n) => ({ disc: 1, position: n + 1, title, lengthMs: 240000 })),
  });
  const { page, session } = await signedInPage(run, 'player_listener');
  const { token } = await call('POST', '/settings/player-token', session.token);
  assert.ok(existsSync(python), `${python} is missing: install it with 'scripts/test-listenbrainz --install'`);
  await promisify(execFile)(python, [`${root}tests/listenbrainz/send_listens.py`, run.server.url, token, 'Björk', 'Homogenic', ...HOMOGENIC.slice(0, 6)]);

  await page.goto(`${run.server.url}/my-library`);
  const prompt = page.locator('#listened').getByRole('listitem', { name: 'Homogenic by Björk' });
  await prompt.getByText(/6 plays/).waitFor();

  // The diary has the sitting once, not six tracks.
  await page.goto(`${run.server.url}/user/player_listener/diary`);
  const entries = page.locator('.diary-entry');
  await entries.first().getByText('From a music player').waitFor();
  assert.equal(await entries.count(), 1);
  assert.match(await entries.first().innerText(), /Homogenic/);

  // Logging again from the queue: it knows this would be a re-listen.
  await page.goBack();
  await prompt.getByRole('button', { name: 'Log a listen of Homogenic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log a listen' });
  assert.equal(await dialog.getByLabel('A re-listen').isChecked(), true);
  await dialog.getByRole('button', { name: 'Save to diary' }).click();
  await dialog.getByText('Logged in your diary.').waitFor();
  await page.close();
});

test("last year's page, opened from the profile, sums the year up and its picture downloads", async () => {
  const { page, session } = await signedInPage(run, 'year_looker');
  const lastYear = new Date().getUTCFullYear() - 1;
  const albums = await Promise.all(['the-cure/disintegration', 'the-cure/pornography', 'bjork/homogenic'].map((path) => apiGet(run, `/album/name/${path}`)));
  for (const [album, day, relisten] of [
    [albums[0], `${lastYear}-03-12`, false],
    [albums[0], `${lastYear}-03-12`, true],
    [albums[1], `${lastYear}-07-01`, false],
    [albums[2], `${lastYear}-11-30`, false],
  ]) {
    await call('POST', '/diary', session.token, { albumId: album.albumId, listenedOn: day, relisten, note: '' });
  }
  await call('POST', '/diary', session.token, { albumId: albums[2].albumId });

  await page.goto(`${run.server.url}/user/year_looker`);
  await page.getByRole('navigation', { name: 'Years in music' }).getByRole('link', { name: String(lastYear) }).click();
  await page.waitForURL(`${run.server.url}/user/year_looker/year/${lastYear}`);
  await page.getByRole('heading', { name: `My ${lastYear} in music` }).waitFor();
  const figures = page.locator('.year-figures');
  assert.match(await figures.innerText(), /Listens\s+4\s+Albums listened to\s+3\s+First listens\s+3\s+Re-listens\s+1/i);
  await page.getByRole('region', { name: 'Top artists' }).getByText('The Cure').waitFor();
  await page.getByRole('link', { name: /Disintegration by The Cure, 2 listens/ }).waitFor();
  await page.locator(`.year-heat[title="March 12th, ${lastYear}: 2 listens"]`).waitFor();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the picture' }).click()]);
  assert.equal(download.suggestedFilename(), `halfstar-year_looker-${lastYear}.svg`);
  const svg = await (await fetch(`${run.server.url}/api/user/username/year_looker/year/${lastYear}/image.svg`)).text();
  assert.match(svg, new RegExp(`year_looker's ${lastYear} in music`));
  assert.match(svg, /4 listens · 3 albums/);

  // The community's year: the albums the most members listened to, whatever their release year; one
  // member's re-listen counts once.
  const friend = await signedInPage(run, 'year_friend');
  await call('POST', '/diary', friend.session.token, { albumId: albums[2].albumId, listenedOn: `${lastYear}-12-01`, note: '' });
  await friend.page.close();
  await page.getByRole('navigation', { name: 'Other years' }).getByRole('link', { name: `Everyone's ${lastYear}` }).click();
  const listened = page.getByRole('region', { name: `Most listened in ${lastYear}` });
  assert.match(await listened.locator('li').first().innerText(), /Homogenic by Björk\s+2 listeners/);
  assert.match(await listened.locator('li', { hasText: 'Disintegration' }).innerText(), /Disintegration by The Cure\s+1 listener$/);
  await page.goBack();

  // The other year is a link away, without a reload.
  await page.getByRole('navigation', { name: 'Other years' }).getByRole('link', { name: String(lastYear + 1) }).click();
  await page.getByRole('heading', { name: `My ${lastYear + 1} in music` }).waitFor();
  await page.close();
});
