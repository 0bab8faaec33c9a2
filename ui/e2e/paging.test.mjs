// Lists longer than a page, on the synthetic community (albums with hundreds
// of ratings and dozens of reviews): the true totals, a chart of every
// rating, and Show more that reaches what the first page left out.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { apiGet, useServerAndBrowser } from './server.mjs';

// One member writes a few pages of reviews and posts in seconds, past what
// the per-member allowances let a person do in an hour.
const run = useServerAndBrowser({
  before,
  after,
  synthetic: 'small',
  env: () => ({ HALFSTAR_REVIEWS_PER_HOUR: '1000', HALFSTAR_POSTS_PER_HOUR: '1000' }),
});
mkdirSync(new URL('./screenshots/', import.meta.url).pathname, { recursive: true });

test("an album's ratings and reviews: totals, the chart and paging cover them all", async () => {
  const popular = await apiGet(run, '/album/popular-albums?limit=50');
  const album = popular.find((item) => item.numberOfRatings > 120 && item.numberOfReviews > 20);
  assert.ok(album, 'the synthetic community has an album with more ratings and reviews than a page');
  const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${run.server.url}/albums/${album.artistSlug}/${album.slug}`);
  const total = album.numberOfRatings;

  await page.getByRole('tab', { name: `Ratings (${total})` }).click();
  const panel = page.getByRole('region', { name: 'Ratings' });
  await panel.getByRole('heading', { name: `${total} Ratings` }).waitFor();
  const rows = panel.locator('.album-ratings-list > li');
  await rows.nth(49).waitFor();
  assert.equal(await rows.count(), 50);
  await panel.getByText(`Showing 50 of ${total}`).waitFor();
  await panel.getByRole('button', { name: 'Show more' }).click();
  await rows.nth(99).waitFor();
  await panel.getByText(`Showing 100 of ${total}`).waitFor();
  const firstHundred = await apiGet(run, `/rating/album/${album.albumId}?limit=100`);
  const shownNames = await rows.locator('.album-author-name').allInnerTexts();
  assert.ok(shownNames.join(' ').includes(firstHundred[99].user.username), 'the second page is the server’s');

  // The chart counts every rating, not the pages shown.
  await panel.getByRole('button', { name: 'Chart' }).click();
  const chart = panel.getByRole('img', { name: /^Bar chart of ratings/ });
  await chart.waitFor();
  const described = await chart.getAttribute('aria-label');
  await page.screenshot({ path: new URL('./screenshots/journey-ratings-chart.png', import.meta.url).pathname });
  const counted = [...described.matchAll(/(\d+) rated/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  assert.equal(counted, total);

  const reviews = album.numberOfReviews;
  await page.getByRole('tab', { name: `Reviews (${reviews})` }).click();
  await page.getByRole('heading', { name: `${reviews} Reviews` }).waitFor();
  const previews = page.locator('.album-review-list > li');
  await previews.nth(19).waitFor();
  assert.equal(await previews.count(), 20);
  await page.getByText(`Showing 20 of ${reviews}`).waitFor();
  await page.screenshot({ path: new URL('./screenshots/journey-reviews-paged.png', import.meta.url).pathname });
  // Clicks while the true total is not all shown: a button counted just after
  // the last page came in may not yet be redrawn as gone (a full last page
  // leaves one more Show more, which loads nothing).
  for (let shown = await previews.count(); shown < reviews; shown = await previews.count()) {
    await page.getByRole('button', { name: 'Show more' }).click();
    await previews.nth(shown).waitFor();
  }
  assert.equal(await previews.count(), reviews);
  await page.close();
});

test("a member's profile pages their reviews and posts, with the true counts in the tabs", async () => {
  // member1 writes more of each than a page holds (synthetic members sign in as synthetic-N).
  const token = 'synthetic-1';
  const me = await apiGet(run, '/auth/me', token);
  const send = async (path, body) => {
    const answer = await fetch(`${run.server.url}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.ok(answer.ok, `POST ${path} answered ${answer.status}: ${await answer.text()}`);
  };
  const chart = await apiGet(run, '/genre/top-rated/all-time/all-genres?limit=40');
  const before = await apiGet(run, `/user/username/${me.username}/stats`);
  const reviewed = new Set((await apiGet(run, `/review/user/${me.username}?limit=100`)).map((review) => review.albumId));
  const albums = chart.mostRecent.filter((album) => !reviewed.has(album.albumId)).slice(0, 25);
  for (const album of albums) {
    await send('/review', { artistName: album.artist, albumName: album.title, reviewText: `Notes on ${album.title}.` });
  }
  for (let n = 1; n <= 23; n += 1) await send('/post', { title: `Post number ${n}`, postText: 'More to say.' });
  const stats = await apiGet(run, `/user/username/${me.username}/stats`);
  assert.equal(stats.reviewsCount, before.reviewsCount + albums.length);

  const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${run.server.url}/user/${encodeURIComponent(me.username)}`);
  for (const [tab, count] of [
    ['Reviews', stats.reviewsCount],
    ['Posts', stats.postsCount],
  ]) {
    await page.getByRole('tab', { name: `${tab} (${count})` }).click();
    const items = page.locator('.profile-list > li');
    await items.nth(19).waitFor();
    assert.equal(await items.count(), 20);
    await page.getByText(`Showing 20 of ${count}`).waitFor();
    for (let shown = await items.count(); shown < count; shown = await items.count()) {
      await page.getByRole('button', { name: 'Show more' }).click();
      await items.nth(shown).waitFor();
    }
    assert.equal(await items.count(), count);
  }
  await page.close();
});
