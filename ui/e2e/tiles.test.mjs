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
