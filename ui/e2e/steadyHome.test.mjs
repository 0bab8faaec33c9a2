// The home page holds still while it loads (placeholders of the final size),
// keeps its featured reviews to one row on phones, and its panels say how
// many more rows they have instead of cutting the last one off.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoMemberPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

/** Sums the page's layout shifts (as Lighthouse's CLS does) from its first paint. */
async function watchShifts(page) {
  await page.addInitScript(() => {
    window.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // The home page's panels answer a moment after the page shows, as on a slow line.
  await page.route(/\/api\/(review\/featured|review\/recent|post\/recent|comment\/recent)/, async (route) => {
    await new Promise((done) => setTimeout(done, 400));
    await route.continue();
  });
}

for (const [width, height] of [
  [390, 844],
  [1440, 900],
]) {
  test(`the home page does not move while it loads at ${width}px, signed out and in`, async () => {
    const visitor = await run.browser.newPage({ viewport: { width, height } });
    const { page: member } = await demoMemberPage(run, 'mira99', { width, height });
    for (const page of [visitor, member]) {
      await watchShifts(page);
      await page.goto(`${run.server.url}/`);
      await page.locator('.featured-tile:not(.placeholder)').first().waitFor();
      await page.locator('.feed li:not(.feed-placeholder)').first().waitFor();
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(() => window.layoutShift);
      assert.ok(shift < 0.05, `layout shift ${shift.toFixed(3)} at ${width}px`);
    }
  });
}

test('on a phone the featured reviews are one row, and the panels end with how many more there are', async () => {
  const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${run.server.url}/`);
  const tiles = page.locator('.featured-tile:not(.placeholder)');
  await tiles.first().waitFor();
  const tops = await tiles.evaluateAll((all) => all.map((tile) => Math.round(tile.getBoundingClientRect().top)));
  assert.ok(tops.length >= 2 && new Set(tops).size === 1, `featured tiles at ${tops}`);
  const grid = await page.locator('.featured-grid').boundingBox();
  assert.ok(grid.height < 220, `the featured reviews take ${grid.height}px`);

  const comments = page.getByRole('region', { name: 'Comments' });
  await comments.locator('.feed li').first().waitFor();
  assert.equal(await comments.locator('.feed li').count(), 6);
  const more = comments.getByRole('button', { name: /^Show \d+ more comments$/ });
  await more.click();
  assert.ok((await comments.locator('.feed li').count()) > 6);
  // No row is cut off: each line either fits or ends in an ellipsis, inside its panel.
  const overflowing = await page.locator('.home-panels').evaluate((panels) => {
    const box = panels.getBoundingClientRect();
    return [...panels.querySelectorAll('.feed li')].filter((row) => row.getBoundingClientRect().right > box.right + 1).length;
  });
  assert.equal(overflowing, 0);
});
