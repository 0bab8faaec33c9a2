// The album page's writes, as a member would make them, against the release binary.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, signedInPage, useServerAndBrowser } from './server.mjs';

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
