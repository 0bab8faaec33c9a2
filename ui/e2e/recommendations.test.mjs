// Recommendations: a newcomer whose ratings agree with a demo member's opens
// "For you" on the home page, waits while it is worked out, dismisses an
// album and takes that back, rates a recommended album and sees it leave,
// and sees an album's similar albums change after rating two albums highly,
// all without a reload. Turned off in settings, "For you" says so.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiAs, apiGet, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

/** The titles of the tiles in a list of album tiles. */
async function titles(list) {
  return list.locator('.album-tile .tile-title').allInnerTexts();
}

test('For you follows a member of like taste, and similar albums follow ratings', async () => {
  const { page, session } = await signedInPage(run, 'newcomer_taste');
  const token = session.token;
  // Agree with hookline on eight albums, spread over the scale.
  const theirs = (await apiGet(run, '/rating/user/name/hookline?limit=100')).filter((r) => r.number != null);
  const agreed = theirs.slice(0, 8);
  assert.ok(new Set(agreed.map((r) => r.number)).size > 1, 'ratings to compare need some spread');
  for (const rating of agreed) {
    await apiAs(run, token, 'POST', '/rating', { albumId: rating.albumId, artistId: rating.artistId, number: rating.number });
  }

  await page.goto(run.server.url);
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.getByRole('tab', { name: 'For you' }).click();
  const panel = page.getByRole('tabpanel', { name: 'For you' });
  const grid = panel.locator('ol.album-grid');
  await grid.locator('li').first().waitFor({ timeout: 20_000 });
  await panel.getByText(/Loved by the \d+ members? whose ratings agree most with yours/).waitFor();
  const recommended = await titles(grid);
  assert.ok(recommended.length > 1, `recommendations: ${recommended}`);
  const rated = new Set(agreed.map((r) => r.album?.title));
  assert.ok(!recommended.some((title) => rated.has(title)), 'nothing already rated is recommended');

  // Not for me, then Undo.
  const [first, second] = recommended;
  await grid.locator('li', { hasText: first }).getByRole('button', { name: 'Not for me' }).click();
  await panel.getByText(`${first} will not be recommended again.`).waitFor();
  await page.waitForFunction((title) => ![...document.querySelectorAll('ol.album-grid li')].some((li) => li.textContent.includes(title)), first);
  await panel.getByRole('button', { name: 'Undo' }).click();
  await grid.locator('li', { hasText: first }).waitFor();

  // Open the second, rate it, come back: it has left.
  await grid.locator('li', { hasText: second }).locator('.tile-title').click();
  await page.locator('[data-screen="album"]').waitFor();
  const stars = page.getByRole('slider', { name: `Rate ${second}` });
  const box = await stars.boundingBox();
  await page.mouse.click(box.x + box.width * 0.59, box.y + box.height / 2);
  await page.locator('.album-my-rating-value', { hasText: '6.0' }).waitFor();
  await page.getByRole('link', { name: 'halfstar home' }).click();
  await page.getByRole('tab', { name: 'For you' }).click();
  // The list first shows as last read, then as read again: the rated album leaves.
  await page.waitForFunction(
    ([kept, rated]) => {
      const shown = [...document.querySelectorAll('ol.album-grid .tile-title')].map((title) => title.textContent);
      return shown.includes(kept) && !shown.includes(rated);
    },
    [first, second],
    { timeout: 10_000 },
  );

  // Similar albums: one member loved both Please Please Me and The Kick
  // Inside; the newcomer loving both makes them similar.
  const beatles = await apiGet(run, '/album/name/the-beatles/please-please-me');
  const kateBush = await apiGet(run, '/album/name/kate-bush/the-kick-inside');
  await apiAs(run, token, 'POST', '/rating', { albumId: kateBush.albumId, artistId: kateBush.artistId, number: 10 });
  await page.goto(`${run.server.url}/albums/the-beatles/please-please-me`);
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  const similar = page.locator('section.similar-albums');
  // Far down the page, the similar albums come once scrolled to.
  const scrollToSimilar = async () => {
    await page.locator('section.similar-albums, .when-on-screen').first().waitFor({ state: 'attached' });
    await page.evaluate(() => document.querySelector('.when-on-screen')?.scrollIntoView());
  };
  await scrollToSimilar();
  await similar.getByRole('heading', { name: 'Similar albums' }).waitFor();
  await similar.locator('li, p.empty').first().waitFor();
  assert.ok(!(await titles(similar)).includes('The Kick Inside'));
  const beatlesStars = page.getByRole('slider', { name: 'Rate Please Please Me' });
  const beatlesBox = await beatlesStars.boundingBox();
  await page.mouse.click(beatlesBox.x + beatlesBox.width * 0.99, beatlesBox.y + beatlesBox.height / 2);
  await page.locator('.album-my-rating-value', { hasText: '10' }).waitFor();
  // Worked out in the background within seconds: asked until it is.
  const started = Date.now();
  const similarTo = async () => (await apiGet(run, `/album/${beatles.albumId}/similar`, token)).albums.map((pick) => pick.album.title);
  while (!(await similarTo()).includes('The Kick Inside')) {
    assert.ok(Date.now() - started < 20_000, 'The Kick Inside became similar within 20 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // Away and back without a reload: the page shows the new similar album.
  await page.getByRole('link', { name: 'The Beatles' }).first().click();
  await page.locator('[data-screen="artist"]').waitFor();
  await page.goBack();
  await scrollToSimilar();
  await similar.locator('li', { hasText: 'The Kick Inside' }).getByText('Loved by 2 members who loved this').waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload on the way');

  // Turned off, For you says so and where to turn it on.
  await apiAs(run, token, 'PUT', '/settings/community', { recommendations: false });
  await page.goto(`${run.server.url}/for-you`);
  await page.getByText('Recommendations are off.').waitFor();
  await page.getByRole('link', { name: 'settings' }).click();
  const toggle = page.getByRole('checkbox', { name: /Recommend albums to me/ });
  await toggle.waitFor();
  assert.equal(await toggle.isChecked(), false);
  await toggle.click();
  await page.getByRole('checkbox', { name: /Recommend albums to me/, checked: true }).waitFor();
  await page.getByText('Changes are saved as you make them.').waitFor();
  await page.goto(`${run.server.url}/for-you`);
  await page.locator('[data-screen="for-you"] ol.album-grid li').first().waitFor({ timeout: 20_000 });
  assert.deepEqual(page.errors, []);
});

test('For you asks a visitor to log in, on a phone too', async () => {
  const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${run.server.url}/for-you`);
  await page.getByText('to see albums recommended for you.').waitFor();
  await page.getByRole('link', { name: 'Log in' }).waitFor();
  await page.close();
});
