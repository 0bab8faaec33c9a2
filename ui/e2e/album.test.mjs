// The album page's writes, as a member would make them, against the release binary.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

async function openPopularAlbum(page, index) {
  const popular = await apiGet(run, '/album/popular-albums');
  const album = popular[index];
  await page.goto(`${run.server.url}/albums/${album.artistSlug}/${album.slug}`);
  await page.locator('[data-screen="album"] .album-info').waitFor();
  return album;
}

test('rates an album with the half stars, sees the average and count change, then removes it', async () => {
  const { page, session } = await signedInPage(run, 'starclicker');
  const album = await openPopularAlbum(page, 0);
  const figures = page.locator('.album-facts');
  const count = album.numberOfRatings;
  await figures.getByText(`(${count} ratings)`).waitFor();
  await figures.getByText(album.averageRating.toFixed(2)).waitFor();

  // The right half of the fourth star is 4.0.
  const stars = page.getByRole('slider', { name: `Rate ${album.title}` });
  const box = await stars.boundingBox();
  await page.mouse.click(box.x + box.width * 0.39, box.y + box.height / 2);
  await page.locator('.album-my-rating-value', { hasText: '4.0' }).waitFor();
  const expected = (album.averageRating * count + 4) / (count + 1);
  await figures.getByText(`(${count + 1} ratings)`).waitFor();
  await figures.getByText(expected.toFixed(2)).waitFor();
  const mine = await apiGet(run, `/rating/user/${session.user.userId}`, session.token);
  assert.deepEqual(
    mine.map((rating) => [rating.albumId, rating.number]),
    [[album.albumId, 4]],
  );

  // The keyboard steps by a half.
  await stars.focus();
  await page.keyboard.press('ArrowRight');
  await page.locator('.album-my-rating-value', { hasText: '4.5' }).waitFor();
  await figures.getByText(((album.averageRating * count + 4.5) / (count + 1)).toFixed(2)).waitFor();

  await page.getByRole('button', { name: 'Remove my rating' }).click();
  await page.locator('.album-my-rating-value', { hasText: 'Not Rated' }).waitFor();
  await figures.getByText(`(${count} ratings)`).waitFor();
  await figures.getByText(album.averageRating.toFixed(2)).waitFor();
  assert.deepEqual(await apiGet(run, `/rating/user/${session.user.userId}`, session.token), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('adds an album to the wishlist and the library, and both survive a reload', async () => {
  const { page, session } = await signedInPage(run, 'shelfkeeper');
  const album = await openPopularAlbum(page, 1);
  const actions = page.getByRole('group', { name: 'Album actions' });

  await actions.getByRole('button', { name: 'Add to Wishlist' }).click();
  await actions.getByRole('button', { name: 'Added to Wishlist' }).waitFor();
  await actions.getByRole('button', { name: 'Add to Library' }).click();
  await actions.getByRole('button', { name: 'Added to Library' }).waitFor();

  await page.reload();
  await actions.getByRole('button', { name: 'Added to Wishlist' }).waitFor();
  await actions.getByRole('button', { name: 'Added to Library' }).waitFor();
  const wishlist = await apiGet(run, `/wishlistitem/user/${session.user.userId}`, session.token);
  assert.deepEqual(
    wishlist.map((item) => item.albumId),
    [album.albumId],
  );
  const library = await apiGet(run, `/rating/user/${session.user.userId}`, session.token);
  assert.deepEqual(
    library.map((entry) => [entry.albumId, entry.number]),
    [[album.albumId, null]],
  );
  // A library entry has no number, so the album's figures do not move.
  await page.locator('.album-facts').getByText(`(${album.numberOfRatings} ratings)`).waitFor();

  // The wishlist button toggles back.
  await actions.getByRole('button', { name: 'Added to Wishlist' }).click();
  await actions.getByRole('button', { name: 'Add to Wishlist' }).waitFor();
  assert.deepEqual(await apiGet(run, `/wishlistitem/user/${session.user.userId}`, session.token), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('signed out, rating an album asks to log in and changes nothing', async () => {
  const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
  const album = await openPopularAlbum(page, 2);
  const stars = page.getByRole('slider', { name: `Rate ${album.title}` });
  const box = await stars.boundingBox();
  await page.mouse.click(box.x + box.width * 0.95, box.y + box.height / 2);
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  await dialog.getByText('to rate albums.').waitFor();
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  const after = await apiGet(run, `/album/name/${album.artistSlug}/${album.slug}`);
  assert.equal(after.numberOfRatings, album.numberOfRatings);
  await page.close();
});

test('comments on an album, sees it listed, and deletes it', async () => {
  const { page } = await signedInPage(run, 'talkative');
  const album = await openPopularAlbum(page, 3);
  const box = page.getByLabel('Add a comment');
  // Blank text is not sent.
  await box.fill('   ');
  await page.getByRole('button', { name: 'Submit' }).click();
  assert.equal(await box.inputValue(), '   ');

  await box.fill('The second side is the reason I keep coming back.');
  await page.getByRole('button', { name: 'Submit' }).click();
  const comment = page.locator('.album-comment', { hasText: 'The second side is the reason' });
  await comment.waitFor();
  assert.equal(await box.inputValue(), '');
  const listed = await apiGet(run, `/comment/album/${album.albumId}?page=1`);
  assert.equal(listed.data[0].commentText, 'The second side is the reason I keep coming back.');

  await comment.getByRole('button', { name: 'Delete comment' }).click();
  await comment.waitFor({ state: 'detached' });
  const after = await apiGet(run, `/comment/album/${album.albumId}?page=1`);
  assert.ok(after.data.every((item) => !item.commentText.startsWith('The second side')));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('on the artist page a tile shows half stars on hover that rate the album', async () => {
  const { page, session } = await signedInPage(run, 'hoverrater');
  const popular = await apiGet(run, '/album/popular-albums');
  const album = popular.find((item) => item.type === 'LP');
  await page.goto(`${run.server.url}/artists/${album.artistSlug}`);
  const tile = page.locator(`.album-tile[data-album-id="${album.albumId}"]`);
  await tile.waitFor();
  const stars = tile.getByRole('slider', { name: `Rate ${album.title}` });
  assert.equal(await stars.isVisible(), false);
  await tile.hover();
  const box = await stars.boundingBox();
  await page.mouse.click(box.x + box.width * 0.69, box.y + box.height / 2);
  await tile.locator('.tile-user-rating', { hasText: '7.0' }).waitFor();
  // The click rated the album without opening it.
  assert.match(page.url(), /\/artists\//);
  const mine = await apiGet(run, `/rating/user/${session.user.userId}`, session.token);
  assert.deepEqual(
    mine.map((rating) => [rating.albumId, rating.number]),
    [[album.albumId, 7]],
  );
  await page.close();
});

test('an editor changes an album through Edit Album; a member sees no such action', async () => {
  const member = await signedInPage(run, 'noeditor');
  const album = await openPopularAlbum(member.page, 4);
  assert.equal(await member.page.getByRole('button', { name: 'Edit Album' }).count(), 0);
  await member.page.close();

  const { page } = await demoMemberPage(run, 'vinylvera');
  await openPopularAlbum(page, 4);
  await page.getByRole('group', { name: 'Album actions' }).getByRole('button', { name: 'Edit Album' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Album' });
  const genres = dialog.getByLabel('Genre(s)');
  assert.equal(await genres.inputValue(), album.genres.map((genre) => genre.name).join(', '));
  await genres.fill('Shoegaze, Dream Pop');
  await dialog.getByLabel('Release Date').fill('1991-11-04');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The album's own genres, not those of the similar albums' tiles.
  const chips = page.getByRole('tabpanel', { name: 'Info' }).getByRole('list', { name: 'Genres' });
  await chips.getByRole('link', { name: 'Shoegaze' }).waitFor();
  await chips.getByRole('link', { name: 'Dream Pop' }).waitFor();
  await page.locator('.album-facts').getByText('November 4th, 1991').waitFor();
  const saved = await apiGet(run, `/album/name/${album.artistSlug}/${album.slug}`);
  assert.deepEqual(
    saved.genres.map((genre) => genre.name).sort(),
    ['Dream Pop', 'Shoegaze'],
  );
  assert.equal(saved.releaseYear, 1991);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an album page shows its actions at every width, beside or under the cover, without hovering', async () => {
  const { page } = await demoMemberPage(run, 'mira99');
  for (const width of [320, 390, 768, 1440, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    await openPopularAlbum(page, 1);
    await page.mouse.move(0, 0);
    const cover = await page.locator('.album-cover .cover').boundingBox();
    const actions = page.getByRole('group', { name: 'Album actions' });
    for (const name of ['Write a Review', /^Add(ed)? to Wishlist$/, /^Add(ed)? to Library$/, 'Add to List']) {
      const button = actions.getByRole('button', { name });
      const box = await button.boundingBox();
      const clear = box.y >= cover.y + cover.height || box.x >= cover.x + cover.width;
      assert.ok(clear, `${name} is clear of the cover at ${width} px`);
      assert.ok(box.x >= 0 && box.x + box.width <= width, `${name} is on screen at ${width} px`);
      const shown = await button.evaluate((node) => {
        for (let at = node; at; at = at.parentElement) if (getComputedStyle(at).opacity !== '1') return false;
        return true;
      });
      assert.ok(shown, `${name} is not see-through at ${width} px`);
    }
    if (width === 390 || width === 1440) await page.screenshot({ path: `${run.artifacts}album-actions-${width}.png` });
  }
  await page.close();
});
