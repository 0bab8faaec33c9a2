// The library and the collection view, as a member arranges them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

const decadeOf = (year) => `${Math.floor(year / 10) * 10} - ${Math.floor(year / 10) * 10 + 9}`;
const figure = (page, term) => page.locator('.library-figures div', { has: page.locator('dt', { hasText: term }) }).locator('dd');

test('the library groups by decade, sorts within groups, filters by genre and shows its figures', async () => {
  const { page, session } = await demoMemberPage(run, 'vinylvera');
  const ratings = await apiGet(run, `/rating/user/${session.user.userId}?limit=1000`, session.token);
  const numbered = ratings.filter((rating) => rating.number != null);
  await page.goto(`${run.server.url}/my-library`);
  await page.locator('.library-group').first().waitFor();
  assert.equal(await figure(page, 'Ratings').innerText(), String(numbered.length));
  assert.equal(await figure(page, 'Artists').innerText(), String(new Set(ratings.map((r) => r.artistId)).size));
  const mean = numbered.reduce((sum, rating) => sum + rating.number, 0) / numbered.length;
  assert.equal(await figure(page, 'Average Rating').innerText(), mean.toFixed(2));

  await page.getByLabel('Group by').selectOption({ label: 'Decade' });
  const decades = [...new Set(ratings.map((rating) => decadeOf(rating.album.releaseYear)))].sort().reverse();
  assert.deepEqual(await page.locator('.library-group h2').allInnerTexts(), decades);

  // Decade is never a secondary sort, and neither is the primary choice.
  const secondary = page.getByLabel('Then by');
  assert.deepEqual(await secondary.locator('option').allInnerTexts(), ['Artist', 'Album', 'Rating', 'Year', 'None']);
  await secondary.selectOption({ label: 'Rating' });
  const firstGroup = page.locator('.library-group').first();
  const expected = ratings
    .filter((rating) => decadeOf(rating.album.releaseYear) === decades[0])
    .map((rating) => rating.number ?? -1)
    .sort((a, b) => b - a)
    .map((number) => (number === -1 ? 'Not Rated' : number.toFixed(1)));
  assert.deepEqual(await firstGroup.locator('.tile-user-rating').allInnerTexts(), expected);

  // Grouping by Year makes a Year secondary sort impossible: it resets to None.
  await secondary.selectOption({ label: 'Year' });
  await page.getByLabel('Group by').selectOption({ label: 'Year' });
  assert.equal(await secondary.inputValue(), 'none');

  const genre = ratings[0].album.genres[0].name;
  const withGenre = ratings.filter((rating) => rating.album.genres.some((g) => g.name === genre));
  await page.getByLabel('Genre', { exact: true }).selectOption(genre);
  await page.locator('.library-group').first().waitFor();
  assert.equal(await page.locator('.album-tile').count(), withGenre.length);
  assert.equal(
    await figure(page, 'Ratings').innerText(),
    String(withGenre.filter((rating) => rating.number != null).length),
  );
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the wishlist toggle shows the wishlist and leaves rating grouping behind', async () => {
  const { page, session } = await signedInPage(run, 'wishful');
  const [album] = await apiGet(run, '/album/popular-albums?limit=1');
  await fetch(`${run.server.url}/api/wishlistitem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ albumId: album.albumId, albumTitle: album.title }),
  });
  await page.goto(`${run.server.url}/my-library`);
  await page.getByText('Rate albums and they will show up here.').waitFor();
  await page.getByLabel('Group by').selectOption({ label: 'Rating' });

  await page.getByRole('button', { name: 'Wishlist' }).click();
  await page.locator('.album-tile', { hasText: album.title }).waitFor();
  assert.equal(await page.getByLabel('Group by').inputValue(), 'artist');
  assert.ok(!(await page.getByLabel('Group by').locator('option').allInnerTexts()).includes('Rating'));
  const genre = album.genres[0].name;
  await page.getByLabel('Genre', { exact: true }).selectOption(genre);
  await page.locator('.album-tile', { hasText: album.title }).waitFor();
  await figure(page, 'Albums').filter({ hasText: '1' }).waitFor();

  await fetch(`${run.server.url}/api/wishlistitem/${(await apiGet(run, `/wishlistitem/user/${session.user.userId}`))[0].wishlistitemId}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${session.token}` },
  });
  await page.reload();
  await page.getByRole('button', { name: 'Wishlist' }).click();
  await page.getByText('You have no albums in your wishlist').waitFor();
  await page.close();
});

test('a visitor is asked to log in to build a library', async () => {
  const page = await run.browser.newPage();
  await page.goto(`${run.server.url}/my-library`);
  const prompt = page.locator('[data-screen="library"] .login-prompt');
  assert.match(await prompt.innerText(), /to start building your library\.$/);
  await page.close();
});

test("the collection view lays a member's albums out in 4, 3, 2 or 1 columns", async () => {
  const stats = await apiGet(run, '/user/username/mira99/stats');
  for (const [width, columns] of [
    [1920, 4],
    [1600, 3],
    [1440, 2],
    [700, 1],
  ]) {
    const page = await run.browser.newPage({ viewport: { width, height: 900 } });
    await page.goto(`${run.server.url}/collection?user=mira99`);
    await page.getByRole('heading', { name: "mira99's Collection" }).waitFor();
    const grid = page.locator('.collection-grid').first();
    await grid.waitFor();
    const template = await grid.evaluate((node) => getComputedStyle(node).gridTemplateColumns);
    assert.equal(template.split(' ').length, columns, `${width}px: ${template}`);
    if (width === 1920) {
      // Grouped by year, newest first.
      const years = (await page.locator('.library-group h2').allInnerTexts()).map(Number);
      assert.deepEqual(years, [...years].sort((a, b) => b - a));
      assert.equal(await figure(page, 'Ratings').innerText(), String(stats.ratingsCount));
    }
    await page.close();
  }
});
