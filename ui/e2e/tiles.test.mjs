// Album tiles fit what they hold at every width a member uses: no title, own
// rating or genre cut off on the pages that show tiles.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoMemberPage, useServerAndBrowser } from './server.mjs';
import { tilesCutOff } from './tileFit.mjs';

const run = useServerAndBrowser({ before, after });
const WIDTHS = [320, 390, 768, 1440, 2560];
const PAGES = ['/', '/my-library', '/collection', '/charts', '/artists/the-cure'];

test('no tile cuts off its title, ratings or genres on any page at any width', async () => {
  for (const width of WIDTHS) {
    // mira99 has rated many albums: every tile has an own rating to show.
    const { page } = await demoMemberPage(run, 'mira99', { width, height: 900 });
    for (const path of PAGES) {
      await page.goto(`${run.server.url}${path}`);
      await page.locator('.album-tile').first().waitFor();
      await page.waitForLoadState('networkidle');
      const tiles = await page.locator('.album-tile').count();
      assert.ok(tiles >= 8, `${path} at ${width}px shows ${tiles} tiles`);
      assert.deepEqual(await tilesCutOff(page), [], `tiles cut off on ${path} at ${width}px`);
    }
    await page.close();
  }
});

test("the library's groups use the width of the page", async () => {
  const { page } = await demoMemberPage(run, 'mira99', { width: 1440, height: 900 });
  await page.goto(`${run.server.url}/my-library`);
  await page.locator('.album-tile').first().waitFor();
  const tops = await page.locator('.album-tile').evaluateAll((tiles) => tiles.map((tile) => Math.round(tile.getBoundingClientRect().top)));
  const widestRow = Math.max(...tops.map((top) => tops.filter((other) => other === top).length));
  assert.ok(widestRow >= 4, `the widest row of the library holds ${widestRow} tiles`);
});

/** Logs a demo member into a page that may be a touch phone's. */
async function memberOn(username, device) {
  const answer = await fetch(`${run.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'halfstar-demo' }),
  });
  const session = await answer.json();
  const page = await run.browser.newPage(device);
  await page.addInitScript((token) => localStorage.setItem('halfstar.token', token), session.token);
  return { page, session };
}

async function ratingOf(token, albumId) {
  const answer = await fetch(`${run.server.url}/api/rating/user/name/shoegaze_sam`, { headers: { authorization: `Bearer ${token}` } });
  return answer.ok ? (await answer.json()).find((rating) => rating.albumId === albumId)?.number : undefined;
}

for (const device of [
  { name: 'a touch phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'a desktop', viewport: { width: 1440, height: 900 } },
]) {
  test(`a member rates an album from its tile on ${device.name} without leaving the page`, async () => {
    const { page, session } = await memberOn('shoegaze_sam', device);
    await page.goto(`${run.server.url}/charts/all-time/all-genres`);
    const tile = page.locator('.album-tile', { has: page.locator('.tile-rate-button', { hasText: 'Not Rated' }) }).first();
    const title = await tile.locator('.tile-title').innerText();
    const albumId = Number(await tile.getAttribute('data-album-id'));
    await tile.locator('.tile-rate-button').click();
    const dialog = page.getByRole('dialog', { name: `Rate ${title}` });
    const control = dialog.getByRole('slider', { name: `Rate ${title}` });
    if (device.hasTouch) {
      // The stripe: a slider that screen readers and keys can set too. From its middle, a step up.
      await control.focus();
      await page.keyboard.press('ArrowRight');
      await dialog.locator('.rating-stripe-value', { hasText: '5.5' }).waitFor();
    } else {
      // The stars: the fourth star from the left is 4.0.
      const box = await control.boundingBox();
      await page.mouse.click(box.x + box.width * 0.39, box.y + box.height / 2);
    }
    const expected = device.hasTouch ? 5.5 : 4;
    await page.waitForFunction(
      async ([token, id, value]) => {
        const answer = await fetch('/api/rating/user/name/shoegaze_sam', { headers: { authorization: `Bearer ${token}` } });
        return (await answer.json()).some((rating) => rating.albumId === id && rating.number === value);
      },
      [session.token, albumId, expected],
    );
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.locator(`.album-tile[data-album-id="${albumId}"] .tile-rate-button`, { hasText: expected.toFixed(1) }).waitFor();
    assert.match(page.url(), /\/charts\/all-time\/all-genres$/);
    assert.equal(await ratingOf(session.token, albumId), expected);
  });
}
