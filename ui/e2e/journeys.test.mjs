// Journeys across screens and sign-ins, as a member makes them: what each
// screen shows must be the member's own, current, after moving between
// screens without reloading. Every page fails its test on a page error or a
// console error (see useServerAndBrowser).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { apiGet, demoMemberPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });
const screenshots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(screenshots, { recursive: true });
const snap = (page, name) => page.screenshot({ path: `${screenshots}journey-${name}.png` });

async function logIn(username) {
  const answer = await fetch(`${run.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'halfstar-demo' }),
  });
  assert.equal(answer.status, 200, `log-in of ${username}`);
  return answer.json();
}

async function apiSend(method, path, token, body) {
  const answer = await fetch(`${run.server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.ok(answer.ok, `${method} ${path} answered ${answer.status}`);
  return answer.status === 204 ? undefined : answer.json();
}

/** Remembers this document, so a later check can prove no reload happened. */
async function markDocument(page) {
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
}

async function assertSameDocument(page) {
  assert.equal(await page.evaluate(() => window.__sameDocument === true), true, 'the page was reloaded');
}

const nav = (page) => page.getByRole('navigation', { name: 'Main' });
const tile = (page, album) => page.locator(`main .album-tile[data-album-id="${album.albumId}"]`).first();
const tileRating = (page, album) => tile(page, album).locator('.tile-user-rating');

/** The text a tile shows for the viewer's own rating, once it reads `expected`. */
async function expectTileRating(page, album, expected) {
  await tile(page, album).waitFor();
  await tileRating(page, album).filter({ hasText: expected }).first().waitFor({ timeout: 10_000 });
}

async function logInThroughForm(page, username) {
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('halfstar-demo');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${run.server.url}/`);
  await nav(page).getByRole('link', { name: 'Profile' }).waitFor();
}

test('signing in shows my ratings everywhere, signing out shows none, and the next member sees only theirs', async () => {
  // LPs: the artist page opens on its LP tab.
  const popular = (await apiGet(run, '/album/popular-albums')).filter((album) => album.type === 'LP');
  const [first, second] = popular;
  const mira = await logIn('mira99');
  const sam = await logIn('shoegaze_sam');
  await apiSend('POST', '/rating', mira.token, { albumId: first.albumId, artistId: first.artistId, number: 8.5 });
  await apiSend('POST', '/rating', mira.token, { albumId: second.albumId, artistId: second.artistId, number: 3 });
  await apiSend('POST', '/rating', sam.token, { albumId: first.albumId, artistId: first.artistId, number: 2 });
  const samSecond = (await apiGet(run, `/rating/user/${sam.user.userId}`, sam.token)).find(
    (rating) => rating.albumId === second.albumId,
  );

  const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Signed out on an album page first: the page and tiles are cached as a visitor's.
  await page.goto(`${run.server.url}/albums/${first.artistSlug}/${first.slug}`);
  await page.locator('.album-my-rating-value', { hasText: 'Not Rated' }).waitFor();
  await nav(page).getByRole('link', { name: 'Home' }).click();
  await expectTileRating(page, first, 'Not Rated');
  await markDocument(page);

  await logInThroughForm(page, 'mira99');
  await expectTileRating(page, first, '8.5');
  await expectTileRating(page, second, '3.0');
  await snap(page, 'signed-in-home');
  await nav(page).getByRole('link', { name: 'Charts' }).click();
  await expectTileRating(page, first, '8.5');
  await tile(page, first).getByRole('link', { name: first.artist }).click();
  await page.locator('[data-screen="artist"]').waitFor();
  await expectTileRating(page, first, '8.5');
  await tile(page, first).getByRole('link', { name: first.title }).click();
  await page.locator('.album-my-rating-value', { hasText: '8.5' }).waitFor();

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${run.server.url}/`);
  await expectTileRating(page, first, 'Not Rated');
  await expectTileRating(page, second, 'Not Rated');
  await snap(page, 'signed-out-home');
  assert.equal(await page.locator('main .tile-user-rating', { hasText: '8.5' }).count(), 0, "mira's rating is still on the page");
  await page.goBack(); // the album page, from history: nothing of mira's may remain
  await page.locator('.album-my-rating-value', { hasText: 'Not Rated' }).waitFor();
  assert.equal(await nav(page).getByRole('link', { name: 'Profile' }).count(), 0);

  await nav(page).getByRole('link', { name: 'Home' }).click();
  await logInThroughForm(page, 'shoegaze_sam');
  await expectTileRating(page, first, '2.0');
  await expectTileRating(page, second, samSecond?.number == null ? 'Not Rated' : samSecond.number.toFixed(1));
  await tile(page, first).getByRole('link', { name: first.title }).click();
  await page.locator('.album-my-rating-value', { hasText: '2.0' }).waitFor();
  await nav(page).getByRole('link', { name: 'Library' }).click();
  await page.locator('[data-screen="library"]').waitFor();
  await expectTileRating(page, first, '2.0');
  // mira's other album is in sam's library only if he has it himself.
  assert.equal(await tile(page, second).count(), samSecond ? 1 : 0, "mira's library shows to sam");
  await assertSameDocument(page);
  await page.close();
});

test('a rating made, changed and removed agrees on the album page, artist tile, chart tile and profile', async () => {
  const chart = await apiGet(run, '/genre/top-rated/all-time/all-genres');
  const album = chart.mostPopular.find((item) => item.type === 'LP') ?? chart.mostPopular[0];
  const { page, session } = await demoMemberPage(run, 'halfstar-hugo');
  const mine = await apiGet(run, `/rating/user/${session.user.userId}`, session.token);
  const existing = mine.find((rating) => rating.albumId === album.albumId);
  if (existing) await apiSend('DELETE', `/rating/${existing.ratingId}`, session.token);

  await page.goto(`${run.server.url}/albums/${album.artistSlug}/${album.slug}`);
  await page.locator('.album-my-rating-value', { hasText: 'Not Rated' }).waitFor();
  await markDocument(page);
  const stars = page.getByRole('slider', { name: `Rate ${album.title}` });
  const box = await stars.boundingBox();
  await page.mouse.click(box.x + box.width * 0.39, box.y + box.height / 2);
  await page.locator('.album-my-rating-value', { hasText: '4.0' }).waitFor();

  const everywhere = async (expected) => {
    await page.locator('[data-screen="album"] .album-info').getByRole('link', { name: album.artist }).first().click();
    await page.locator('[data-screen="artist"]').waitFor();
    await expectTileRating(page, album, expected);
    await nav(page).getByRole('link', { name: 'Charts' }).click();
    await page.locator('[data-screen="charts"]').waitFor();
    await expectTileRating(page, album, expected);
    await nav(page).getByRole('link', { name: 'Profile' }).click();
    await page.locator('[data-screen="profile"]').waitFor();
    // The profile's figures and tab count follow the server's.
    const stats = await apiGet(run, `/user/username/halfstar-hugo/stats`);
    await page.getByRole('tab', { name: `Ratings (${stats.ratingsCount})` }).waitFor();
    await page
      .locator('.profile-stats div', { has: page.getByText('Score', { exact: true }) })
      .locator('dd', { hasText: stats.score.toLocaleString('en') })
      .waitFor();
    if (expected === 'Not Rated') {
      assert.equal(stats.recentlyRated.some((item) => item.albumId === album.albumId), false);
    } else {
      await expectTileRating(page, album, expected);
    }
    await page.goBack();
    await page.goBack();
    await page.goBack();
    await page.locator('[data-screen="album"] .album-info').waitFor();
  };
  await everywhere('4.0');

  await stars.focus();
  await page.keyboard.press('ArrowRight');
  await page.locator('.album-my-rating-value', { hasText: '4.5' }).waitFor();
  await everywhere('4.5');

  await page.getByRole('button', { name: 'Remove my rating' }).click();
  await page.locator('.album-my-rating-value', { hasText: 'Not Rated' }).waitFor();
  await everywhere('Not Rated');
  await assertSameDocument(page);
  await page.close();
});

test('a vote on a review and on a post holds after leaving and coming back', async () => {
  const { page, session } = await demoMemberPage(run, 'lowend.theo');
  const featured = await apiGet(run, '/review/featured');
  const review = featured.find((item) => item.user.userId !== session.user.userId);
  const posts = await apiGet(run, '/post/recent');
  const post = posts.find((item) => item.user.userId !== session.user.userId);

  for (const path of [`/review/${review.albumSlug}/${review.reviewId}`, `/post/${post.postId}`]) {
    await page.goto(`${run.server.url}${path}`);
    await markDocument(page);
    const up = page.getByRole('button', { name: 'Thumbs up' });
    await up.waitFor();
    if ((await up.getAttribute('aria-pressed')) === 'true') {
      await up.click(); // take back an earlier demo vote, so this test starts from none
      await page.locator('.vote-button.up[aria-pressed="false"]').waitFor();
    }
    await page.getByRole('button', { name: 'Thumbs down' }).click();
    await page.locator('.vote-button.down[aria-pressed="true"]').waitFor();
    const approval = await page.getByLabel('Approval').innerText();
    const count = await page.locator('.vote-count').innerText();

    await nav(page).getByRole('link', { name: 'Home' }).click();
    await page.locator('[data-screen="home"]').waitFor();
    await page.goBack();
    await page.locator('.vote-button.down[aria-pressed="true"]').waitFor();
    assert.equal(await page.locator('.vote-button.up').getAttribute('aria-pressed'), 'false');
    assert.equal(await page.getByLabel('Approval').innerText(), approval);
    assert.equal(await page.locator('.vote-count').innerText(), count);
    // Pressing it once more takes the vote back, as the member expects.
    await page.getByRole('button', { name: 'Thumbs down' }).click();
    await page.locator('.vote-button.down[aria-pressed="false"]').waitFor();
    await nav(page).getByRole('link', { name: 'Home' }).click();
    await page.goBack();
    await page.getByRole('button', { name: 'Thumbs down' }).waitFor();
    assert.equal(await page.locator('.vote-button.down').getAttribute('aria-pressed'), 'false');
    await assertSameDocument(page);
  }
  const target = await apiGet(run, `/reviewvote/review/${review.reviewId}`);
  assert.equal(target.some((vote) => vote.userId === session.user.userId), false);
  await page.close();
});

test('wishlist and library changes show in the library and the collection without a reload', async () => {
  const popular = await apiGet(run, '/album/popular-albums');
  const { page, session } = await demoMemberPage(run, 'crate_digger');
  const mine = await apiGet(run, `/rating/user/${session.user.userId}`, session.token);
  const wished = await apiGet(run, `/wishlistitem/user/${session.user.userId}`, session.token);
  const album = popular.find(
    (item) => !mine.some((row) => row.albumId === item.albumId) && !wished.some((row) => row.albumId === item.albumId),
  );
  await page.goto(`${run.server.url}/albums/${album.artistSlug}/${album.slug}`);
  await markDocument(page);
  const actions = page.getByRole('group', { name: 'Album actions' });
  await actions.getByRole('button', { name: 'Add to Wishlist' }).click();
  await actions.getByRole('button', { name: 'Added to Wishlist' }).waitFor();
  await actions.getByRole('button', { name: 'Add to Library' }).click();
  await actions.getByRole('button', { name: 'Added to Library' }).waitFor();

  await nav(page).getByRole('link', { name: 'Library' }).click();
  await page.locator('[data-screen="library"]').waitFor();
  await tile(page, album).waitFor();
  await page.getByRole('button', { name: 'Wishlist' }).click();
  await tile(page, album).waitFor();

  await nav(page).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: 'My collection' }).click();
  await page.locator('[data-screen="collection"]').waitFor();
  await tile(page, album).waitFor();
  await page.getByRole('button', { name: 'Wishlist' }).click();
  await tile(page, album).waitFor();

  // Taken out again from the library itself.
  await nav(page).getByRole('link', { name: 'Library' }).click();
  await tile(page, album).getByRole('button', { name: 'Remove from Library' }).waitFor();
  await snap(page, 'library-remove');
  await tile(page, album).getByRole('button', { name: 'Remove from Library' }).click();
  await tile(page, album).waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Wishlist' }).click();
  await tile(page, album).getByRole('button', { name: 'Remove from Wishlist' }).click();
  await tile(page, album).waitFor({ state: 'detached' });
  await nav(page).getByRole('link', { name: 'Profile' }).click();
  await page.getByRole('link', { name: 'My collection' }).click();
  await page.locator('[data-screen="collection"]').waitFor();
  await page.locator('main .album-tile').first().waitFor();
  // The collection was shown before (kept, then refetched on return, as every
  // page after a write): its fresh answer takes the tile away.
  await tile(page, album).waitFor({ state: 'detached', timeout: 5000 });
  await nav(page).getByRole('link', { name: 'Home' }).click();
  await tile(page, album).waitFor();
  await tile(page, album).getByRole('link', { name: album.title }).click();
  await actions.getByRole('button', { name: 'Add to Library' }).waitFor();
  await actions.getByRole('button', { name: 'Add to Wishlist' }).waitFor();
  await assertSameDocument(page);
  assert.deepEqual(
    (await apiGet(run, `/rating/user/${session.user.userId}`, session.token)).filter((row) => row.albumId === album.albumId),
    [],
  );
  await page.close();
});

test('profile tiles say whose rating is whose', async () => {
  const mira = await logIn('mira99');
  const stats = await apiGet(run, '/user/username/mira99/stats');
  const album = stats.topAlbums[0];
  const { page, session } = await demoMemberPage(run, 'vinylvera');
  await apiSend('POST', '/rating', session.token, { albumId: album.albumId, artistId: album.artistId, number: 1.5 });
  await page.goto(`${run.server.url}/user/mira99`);
  const shown = tile(page, album);
  await shown.locator('.tile-owner-rating', { hasText: `mira99: ${album.userRating.toFixed(1)}` }).waitFor();
  await shown.locator('.tile-user-rating:not(.tile-owner-rating)', { hasText: 'You: 1.5' }).waitFor();
  assert.equal(await shown.locator('.tile-owner-rating').getAttribute('title'), "mira99's rating");
  await page.getByRole('tab', { name: /^Ratings/ }).click();
  await tile(page, album).locator('.tile-owner-rating', { hasText: `mira99: ${album.userRating.toFixed(1)}` }).waitFor();
  await tile(page, album).getByText('You: 1.5').waitFor();
  await snap(page, 'profile-whose-rating');
  assert.ok(mira.user.userId);
  await page.close();
});
