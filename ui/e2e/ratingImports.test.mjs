// Bringing ratings in (issue 24), as members do it against the release
// binary and the demo catalogue: each fixture format uploaded from the
// "Import my data" page (reached from the Settings menu, without a reload),
// checked in the preview (counts, an uncertain row's candidates, the missing
// albums), confirmed, then found on the album pages and in the library; a
// scrobble history filling the "Listened, not yet rated" queue and rated from
// it; the same file imported twice changing nothing; an editor sent to the
// data-import page for a missing artist; the exports; and the whole thing on
// a phone. Screenshots go to ui/e2e/screenshots/ with the others.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiAs as callApi, apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });
const screenshots = new URL('./screenshots/', import.meta.url).pathname;
const fixtures = resolve(import.meta.dirname, '../../tests/fixtures/member-import');
const fixture = (name) => join(fixtures, name);

const DESKTOP = { name: '1440x900', viewport: { width: 1440, height: 900 } };
const PHONE = { name: '375x812', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

async function shot(page, name, device) {
  mkdirSync(screenshots, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${screenshots}${name}-${device.name}.png`, fullPage: true });
}

/** A fresh member (no ratings yet) on `device`, on the home page. */
async function freshMember(username, device = DESKTOP) {
  const { page, session } = await signedInPage(run, username, device.viewport);
  await page.goto(`${run.server.url}/`);
  return { page, token: session.token };
}

/** Calls the API as a member and returns the JSON answer. */
const apiAs = (token, method, path, body) => callApi(run, token, method, path, body);

/** The member's ratings as the server keeps them: "Artist – Title" → number (null: library only). */
async function ratingsOf(token) {
  const me = await apiGet(run, '/auth/me', token);
  const rows = await apiGet(run, `/rating/user/${me.userId}?page=1&limit=2000`, token);
  return Object.fromEntries(rows.map((row) => [`${row.album.artist} – ${row.album.title}`, row.number]));
}

async function wishlistOf(token) {
  const me = await apiGet(run, '/auth/me', token);
  const rows = await apiGet(run, `/wishlistitem/user/${me.userId}?page=1&limit=2000`, token);
  return rows.map((row) => row.album?.title ?? row.albumTitle).sort();
}

/** Opens Import my data from the Settings menu (desktop) or the profile menu (phone): client routing, no reload. */
async function openImportPage(page, device) {
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  if (device.isMobile) {
    const bar = page.getByRole('navigation', { name: 'Mobile' });
    await bar.getByRole('button', { name: 'Profile' }).click();
    await bar.getByRole('menuitem', { name: 'Import my data' }).click();
  } else {
    await page.locator('.header-actions').getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('menuitem', { name: 'Import my data' }).click();
  }
  await page.waitForURL(`${run.server.url}/settings/import`);
  await page.getByRole('heading', { level: 1, name: 'Import my data' }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was opened without a reload');
}

/** Picks a file (and a format), sends it and waits for the preview. */
async function upload(page, path, format) {
  await page.getByLabel('Your file').setInputFiles(path);
  if (format) await page.getByLabel('Format').selectOption({ label: format });
  await page.getByRole('button', { name: 'Read the file' }).click();
  await page.getByRole('heading', { name: 'Check what matched' }).waitFor();
}

/** The figures of the preview, as shown. */
async function shownCounts(page) {
  const figures = {};
  for (const figure of await page.locator('.import-counts > div').all()) {
    figures[(await figure.locator('dt').innerText()).toLowerCase()] = Number((await figure.locator('dd').innerText()).replace(/,/g, ''));
  }
  return figures;
}

/** The preview's counts agree with the job the server holds. */
async function countsAgree(page, token) {
  const job = await apiGet(run, '/import/ratings/current', token);
  const { matched, uncertain, missing, skipped } = job.counts;
  assert.deepEqual(await shownCounts(page), { matched, uncertain, missing, skipped });
  return job;
}

async function openSection(page, name) {
  await page.getByRole('tab', { name: new RegExp(`^${name} \\(`) }).click();
}

async function confirm(page, fileName) {
  await page.getByRole('button', { name: 'Confirm import' }).click();
  await page.getByRole('heading', { name: `Imported ${fileName}` }).waitFor();
}

async function importAnother(page) {
  await page.getByRole('button', { name: 'Import another file' }).click();
  await page.getByLabel('Your file').waitFor();
}

/** Saves what a click downloads and returns its name and text. */
async function downloaded(page, click) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
}

test('a member brings their Rate Your Music ratings in: picks a candidate, sees the missing albums, lets the file win, and finds the ratings on the site; the same file again changes nothing', async () => {
  const { page, token } = await freshMember('rym_mover');
  // A rating of their own from before, that the file disagrees with.
  const okComputer = await apiGet(run, '/album/name/radiohead/ok-computer');
  await apiAs(token, 'POST', '/rating', { albumId: okComputer.albumId, artistId: okComputer.artistId, number: 8 });

  await openImportPage(page, DESKTOP);
  await page.getByText('Nothing is written until you have seen what matched and confirmed.').waitFor();
  await shot(page, 'import-upload', DESKTOP);
  await upload(page, fixture('rym.csv'));
  const job = await countsAgree(page, token);
  assert.equal(job.format, 'rym');
  assert.match(await page.locator('.import-file').innerText(), /rym\.csv/);

  // "In Rainbow" is not a title of the catalogue: the member is asked, with In Rainbows among the candidates.
  await openSection(page, 'Uncertain');
  const uncertain = page.getByRole('group', { name: /Radiohead – In Rainbow \(2007\)/ });
  await uncertain.waitFor();
  assert.equal(await uncertain.getByRole('radio', { name: 'None of these: leave it out' }).isChecked(), true);
  const effectsBefore = await page.locator('.import-effects').innerText();
  // With the keyboard: from "None of these", the arrow key picks the candidate above it.
  await uncertain.getByRole('radio', { name: 'None of these: leave it out' }).focus();
  await page.keyboard.press('ArrowUp');
  const inRainbows = uncertain.getByRole('radio', { name: /Radiohead – In Rainbows \(2007\)/ });
  assert.equal(await inRainbows.isChecked(), true);
  await page.waitForFunction((before) => document.querySelector('.import-effects').textContent !== before, effectsBefore);
  assert.equal(await inRainbows.evaluate((radio) => radio === document.activeElement), true, 'the focus stays on the choice');
  await shot(page, 'import-preview-uncertain', DESKTOP);

  // Cocteau Twins are not in the catalogue: listed as missing, with the list to download (no editor tools for a member).
  await openSection(page, 'Missing');
  const missing = page.getByRole('list', { name: 'Missing rows' });
  await missing.getByText('Cocteau Twins – Heaven or Las Vegas (1990)').waitFor();
  assert.equal(await page.getByRole('link', { name: /from MusicBrainz/ }).count(), 0);
  const csv = await downloaded(page, () => page.getByRole('button', { name: 'Download the missing albums (CSV)' }).click());
  assert.match(csv.name, /\.csv$/);
  assert.match(csv.text, /Cocteau Twins/);

  // OK Computer: the member's own 8 stays unless the file wins.
  await openSection(page, 'Matched');
  const okRow = page.getByRole('list', { name: 'Matched rows' }).getByRole('listitem').filter({ hasText: 'Radiohead – OK Computer (1997)' });
  await okRow.getByText('keeps your 8 (file: 10)').waitFor();
  await page.getByLabel('The file wins: replace my ratings that differ').check();
  await okRow.getByText('8 → 10').waitFor();
  assert.match(await page.locator('.import-effects').innerText(), /replace 1 rating of yours that differs/);
  await shot(page, 'import-preview-matched', DESKTOP);

  await confirm(page, 'rym.csv');
  assert.match(await page.getByRole('list', { name: 'What the import did' }).innerText(), /ratings? added/);
  await shot(page, 'import-done', DESKTOP);
  const ratings = await ratingsOf(token);
  assert.equal(ratings['Radiohead – OK Computer'], 10, 'the file won');
  assert.equal(ratings['Radiohead – In Rainbows'], 9, 'the candidate chosen');
  assert.equal(ratings['Kate Bush – Hounds of Love'], 9);
  assert.equal(ratings['Sigur Rós – Ágætis byrjun'], 8, 'HTML entities and accents');
  assert.equal(Object.keys(ratings).some((key) => key.startsWith('Cocteau Twins')), false, 'nothing written for a missing album');

  // On the album page and in the library.
  await page.goto(`${run.server.url}/albums/radiohead/in-rainbows`);
  await page.locator('.album-my-rating-value').getByText('9.0').waitFor();
  await page.goto(`${run.server.url}/settings/import`);
  await page.getByRole('link', { name: 'See your library' }).click();
  await page.waitForURL(`${run.server.url}/my-library`);
  await page.locator('.library-group').getByRole('article', { name: 'Hounds of Love by Kate Bush' }).waitFor();
  await page.locator('.library-group').getByRole('article', { name: 'OK Computer by Radiohead' }).waitFor();

  // The same file again: nothing to add, and nothing changes.
  await page.goto(`${run.server.url}/settings/import`);
  await importAnother(page);
  await upload(page, fixture('rym.csv'));
  assert.doesNotMatch(await page.locator('.import-effects').innerText(), /will add \d+ rating/);
  await confirm(page, 'rym.csv');
  assert.deepEqual(await ratingsOf(token), ratings);
});

test('Discogs collection and wantlist, ListenBrainz and halfstar files are read, converted and confirmed', async () => {
  const { page, token } = await freshMember('discogs_mover');
  await openImportPage(page, DESKTOP);

  // A file no reader knows is refused with the server's own words, and the form stays.
  page.allowConsole(new RegExp(`^${run.server.url}/api/import/ratings\\?`));
  const junk = join(mkdtempSync(join(tmpdir(), 'halfstar-junk-')), 'notes.txt');
  writeFileSync(junk, 'shopping list\nmilk, eggs\n');
  await page.getByLabel('Your file').setInputFiles(junk);
  await page.getByRole('button', { name: 'Read the file' }).click();
  await page.getByRole('alert').getByText(/This file is not one halfstar can read/).waitFor();
  await page.getByLabel('Your file').setInputFiles(fixture('rym.csv'));
  await page.getByLabel('Format').selectOption({ label: 'Discogs collection or wantlist CSV' });
  await page.getByRole('button', { name: 'Read the file' }).click();
  await page.getByRole('alert').getByText(/does not look like a Discogs/).waitFor();

  await upload(page, fixture('discogs-collection.csv'), 'Discogs collection or wantlist CSV');
  const collection = await countsAgree(page, token);
  assert.equal(collection.format, 'discogs-collection');
  // The member is told how stars became numbers.
  assert.match(await page.getByRole('list', { name: 'Notes' }).innerText(), /Discogs/);
  await openSection(page, 'Missing');
  await page.getByRole('list', { name: 'Missing rows' }).getByText(/Boards Of Canada – Music Has The Right To Children/i).waitFor();
  await confirm(page, 'discogs-collection.csv');
  let ratings = await ratingsOf(token);
  assert.equal(ratings['Radiohead – In Rainbows'], 10, '5 stars');
  assert.equal(ratings['Nirvana – Nevermind'], 8, '"Nirvana (2)", 4 stars');
  assert.equal(ratings['Björk – Post'], 6, '3 stars');
  assert.equal(ratings['Massive Attack – Mezzanine'], 10, 'the Deluxe Edition is the album');

  await importAnother(page);
  await upload(page, fixture('discogs-wantlist.csv'));
  assert.equal((await countsAgree(page, token)).format, 'discogs-wantlist');
  await confirm(page, 'discogs-wantlist.csv');
  const wishlist = await wishlistOf(token);
  for (const title of ['The Dreaming', 'Innervisions', 'Syro']) assert.ok(wishlist.includes(title), `${title} on the wishlist`);

  await importAnother(page);
  await upload(page, fixture('halfstar.json'), 'halfstar export (.json)');
  assert.equal((await countsAgree(page, token)).format, 'halfstar');
  await confirm(page, 'halfstar.json');
  ratings = await ratingsOf(token);
  assert.equal(ratings['Radiohead – The Bends'], 8.5);

  // The member's own export from another halfstar site, with what they thought of an album
  // there: its genres voted, described, another album dismissed from their recommendations.
  const { page: formerPage, session: former } = await signedInPage(run, 'discogs_mover_before', DESKTOP.viewport);
  await formerPage.close();
  const kidA = await apiGet(run, '/album/name/radiohead/kid-a');
  const homogenic = await apiGet(run, '/album/name/bjork/homogenic');
  await apiAs(former.token, 'POST', '/rating', { albumId: kidA.albumId, artistId: kidA.artistId, number: 9 });
  await apiAs(former.token, 'PUT', `/album/${kidA.albumId}/genre-votes`, { votes: [{ genre: 'Electronic', primary: true }] });
  await apiAs(former.token, 'PUT', `/album/${kidA.albumId}/descriptors`, { descriptors: ['anxious', 'cold'] });
  await apiAs(former.token, 'PUT', `/recommendations/dismissed/${homogenic.albumId}`, {});
  const exported = join(mkdtempSync(join(tmpdir(), 'halfstar-export-')), 'former.json');
  writeFileSync(exported, JSON.stringify(await apiGet(run, '/user/me/export', former.token)));
  await importAnother(page);
  await upload(page, exported, 'halfstar export (.json)');
  assert.match(
    await page.locator('.import-effects').innerText(),
    /cast your genre votes on 1 album, apply your descriptors to 1 album and stop recommending 1 album you dismissed/,
  );
  await confirm(page, 'former.json');
  const did = page.getByRole('list', { name: 'What the import did' });
  for (const line of ['Your genre votes on 1 album cast', 'Your descriptors of 1 album applied', '1 album you dismissed no longer recommended']) {
    await did.getByText(line).waitFor();
  }
  const described = await apiGet(run, `/album/${kidA.albumId}/descriptors`, token);
  assert.deepEqual([...described.mine].sort(), ['anxious', 'cold']);

  await importAnother(page);
  await upload(page, fixture('listenbrainz.zip'));
  const listens = await countsAgree(page, token);
  assert.equal(listens.format, 'listenbrainz');
  assert.match(await page.locator('.import-effects').innerText(), /Listened, not yet rated/);
  await confirm(page, 'listenbrainz.zip');
  await page.getByRole('link', { name: 'Rate what you listened to' }).waitFor();
});

test('a Last.fm history fills the Listened queue; an album rated from it leaves it, one is not wanted', async () => {
  const { page, token } = await freshMember('scrobbler');
  await openImportPage(page, DESKTOP);
  await upload(page, fixture('lastfm.csv'));
  const job = await countsAgree(page, token);
  assert.equal(job.format, 'lastfm');
  await openSection(page, 'Matched');
  const kidARow = page.getByRole('list', { name: 'Matched rows' }).getByRole('listitem').filter({ hasText: 'Radiohead – Kid A (2000)' });
  await kidARow.getByText('to your listened queue').waitFor();
  assert.match(await kidARow.innerText(), /4 plays/);
  await confirm(page, 'lastfm.csv');
  await page.getByRole('link', { name: 'Rate what you listened to' }).click();
  await page.waitForURL(`${run.server.url}/my-library#listened`);

  const queue = page.getByRole('region', { name: 'Listened, not yet rated' });
  const kidA = queue.getByRole('listitem', { name: 'Kid A by Radiohead' });
  await kidA.waitFor();
  assert.match(await kidA.innerText(), /4 plays/);
  // Most played first.
  assert.equal(await queue.getByRole('listitem').first().getAttribute('aria-label'), 'Kid A by Radiohead');
  await shot(page, 'listened-queue', DESKTOP);

  const slider = kidA.getByRole('slider', { name: 'Rate Kid A' });
  const box = await slider.boundingBox();
  await page.mouse.click(box.x + box.width * 0.78, box.y + box.height / 2);
  await kidA.waitFor({ state: 'detached' });
  const ratings = await ratingsOf(token);
  assert.equal(typeof ratings['Radiohead – Kid A'], 'number', 'rated from the queue');

  const untrue = queue.getByRole('listitem', { name: 'Untrue by Burial' });
  await untrue.getByRole('button', { name: 'Not interested in Untrue' }).click();
  await untrue.waitFor({ state: 'detached' });
  const left = await apiGet(run, '/user/me/listened?offset=0&limit=24', token);
  assert.deepEqual(
    left.albums.map((entry) => entry.album.title).filter((title) => ['Kid A', 'Untrue'].includes(title)),
    [],
  );

  // ListenBrainz listens as JSON lines add theirs: Mezzanine's three listens put it first.
  await page.goto(`${run.server.url}/settings/import`);
  await importAnother(page);
  await upload(page, fixture('listenbrainz.jsonl'), 'ListenBrainz export (.zip or .jsonl)');
  assert.equal((await countsAgree(page, token)).format, 'listenbrainz');
  await confirm(page, 'listenbrainz.jsonl');
  await page.getByRole('link', { name: 'Rate what you listened to' }).click();
  const mezzanine = queue.getByRole('listitem', { name: 'Mezzanine by Massive Attack' });
  await mezzanine.waitFor();
  assert.match(await mezzanine.innerText(), /3 plays/);
});

test('an editor adds a missing artist from MusicBrainz from the preview; the exports download', async () => {
  const { page } = await demoMemberPage(run, 'crate_digger', DESKTOP.viewport);
  await page.goto(`${run.server.url}/settings/import`);
  await upload(page, fixture('rym.csv'));
  await openSection(page, 'Missing');
  await page.getByRole('button', { name: 'Match again' }).waitFor();
  await page.getByRole('link', { name: 'Add Cocteau Twins from MusicBrainz' }).click();
  await page.waitForURL(`${run.server.url}/grab-data?name=Cocteau+Twins`);
  assert.equal(await page.getByRole('textbox', { name: 'Artist', exact: true }).inputValue(), 'Cocteau Twins');

  // Back on the import page, the preview is still there; matching again brings it back.
  await page.goBack();
  await page.getByRole('button', { name: /^Accept all best guesses/ }).click();
  await page.getByRole('tab', { name: 'Uncertain (0)' }).waitFor();
  await page.getByText('No uncertain rows: every album was either found or is missing.').waitFor();
  await openSection(page, 'Missing');
  await page.getByRole('button', { name: 'Match again' }).click();
  await page.getByRole('heading', { name: 'Check what matched' }).waitFor();
  await page.getByRole('button', { name: 'Discard' }).click();
  await page.getByLabel('Your file').waitFor();

  const csv = await downloaded(page, () => page.getByRole('button', { name: 'Rate Your Music style CSV' }).click());
  assert.match(csv.name, /\.csv$/);
  assert.match(csv.text.split('\n')[0], /Title/);
  const json = await downloaded(page, () => page.getByRole('button', { name: 'halfstar JSON' }).click());
  assert.match(json.name, /\.json$/);
  assert.equal(JSON.parse(json.text).member.username, 'crate_digger');
});

test('on a phone: a big scrobble history shows its progress, the preview fits, and it is confirmed', async () => {
  const { page, token } = await freshMember('phone_scrobbler', PHONE);
  // 100,000 scrobbles of the demo catalogue, written the way Last.fm exporters do.
  const albums = [
    ['Radiohead', 'OK Computer'],
    ['Kate Bush', 'Hounds of Love'],
    ['Burial', 'Untrue'],
    ['Massive Attack', 'Mezzanine'],
    ['Frank Ocean', 'Blonde'],
  ];
  const lines = ['uts,utc_time,artist,artist_mbid,album,album_mbid,track,track_mbid'];
  const start = 1706724000;
  for (let i = 0; i < 100_000; i += 1) {
    const [artist, album] = albums[i % albums.length];
    const uts = start - i * 60;
    lines.push(`${uts},"${new Date(uts * 1000).toUTCString()}",${artist},,${album},,Track ${i % 12},`);
  }
  const big = join(mkdtempSync(join(tmpdir(), 'halfstar-scrobbles-')), 'scrobbles.csv');
  writeFileSync(big, `${lines.join('\n')}\n`);

  await openImportPage(page, PHONE);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(await fits(), 'the upload form fits the phone');
  await shot(page, 'import-upload', PHONE);
  await page.getByLabel('Your file').setInputFiles(big);
  await page.getByRole('button', { name: 'Read the file' }).click();
  await page.locator('.import-progress progress').waitFor();
  assert.match(await page.locator('.import-progress label').innerText(), /^(Reading|Matching)/);
  await page.getByRole('heading', { name: 'Check what matched' }).waitFor({ timeout: 30_000 });
  const job = await countsAgree(page, token);
  assert.equal(job.counts.matched, albums.length);
  assert.ok(await fits(), 'the preview fits the phone');
  await shot(page, 'import-preview', PHONE);
  await confirm(page, 'scrobbles.csv');
  assert.ok(await fits(), 'the result fits the phone');

  await page.getByRole('link', { name: 'Rate what you listened to' }).click();
  const queue = page.getByRole('region', { name: 'Listened, not yet rated' });
  await queue.getByRole('listitem', { name: 'OK Computer by Radiohead' }).getByText('20,000 plays', { exact: false }).waitFor();
  assert.ok(await fits(), 'the queue fits the phone');
  await shot(page, 'listened-queue', PHONE);
});
