// The charts, genre and year pages against the demo catalogue.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

async function newPage() {
  const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
  return page; // watched for page and console errors by useServerAndBrowser
}

const column = (page, heading) => page.locator('section.chart-column', { has: page.getByRole('heading', { name: heading }) });

test('the selectors drive the route and the columns, and More pages the chart', async () => {
  const page = await newPage();
  await page.goto(`${run.server.url}/charts`);
  await page.getByRole('heading', { name: 'All Time Charts' }).waitFor();
  const year = page.getByLabel('Year', { exact: true });
  const options = await year.locator('option').allInnerTexts();
  const thisYear = new Date().getFullYear();
  assert.equal(options[0], 'All Time');
  assert.equal(options[1], String(thisYear));
  assert.equal(options.at(-1), '1900');
  assert.equal(options.length, 1 + thisYear - 1900 + 1);

  await column(page, 'Recent Albums:').locator('.album-tile').first().waitFor();
  assert.equal(await column(page, 'Recent Albums:').locator('.album-tile').count(), 10);
  await page.getByRole('button', { name: 'More' }).click();
  await column(page, 'Recent Albums:').locator('.album-tile').nth(19).waitFor();
  const full = await apiGet(run, '/genre/top-rated/all-time/all-genres?limit=20');
  const shown = await column(page, 'Recent Albums:').locator('.tile-title').allInnerTexts();
  assert.deepEqual(shown, full.mostRecent.map((album) => album.title));

  await year.selectOption('1997');
  await page.waitForURL(`${run.server.url}/charts/1997/all-genres`);
  await page.getByLabel('Genre', { exact: true }).selectOption('rock');
  await page.waitForURL(`${run.server.url}/charts/1997/rock`);
  await page.getByRole('heading', { name: '1997 Rock Charts' }).waitFor();
  await page.getByRole('heading', { name: 'Top Rated Rock Albums:' }).waitFor();
  await page.getByRole('heading', { name: 'Popular Rock Albums:' }).waitFor();
  const rock = await apiGet(run, '/genre/top-rated/1997/rock');
  await column(page, 'Top Rated Rock Albums:').locator('.album-tile').first().waitFor();
  assert.deepEqual(
    await column(page, 'Top Rated Rock Albums:').locator('.tile-title').allInnerTexts(),
    rock.topTen.map((album) => album.title),
  );
  const genre = await apiGet(run, '/genre/name/rock');
  await page.getByText(genre.description).waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a tile links its year and genres to their charts', async () => {
  const page = await newPage();
  await page.goto(`${run.server.url}/charts/all-time/all-genres`);
  const tile = column(page, 'Top Rated Albums:').locator('.album-tile').first();
  await tile.waitFor();
  const year = await tile.locator('.tile-year').innerText();
  await tile.locator('.tile-year').click();
  await page.waitForURL(`${run.server.url}/charts/${year}`);
  await page.getByRole('heading', { name: `${year} Charts` }).waitFor();
  const genreLink = column(page, 'Top Rated Albums:').locator('.tile-genres a').first();
  await genreLink.waitFor();
  const href = await genreLink.getAttribute('href');
  assert.match(href, /^\/charts\/all-time\/[a-z0-9-]+$/);
  await genreLink.click();
  await page.waitForURL(`${run.server.url}${href}`);
  await page.getByRole('heading', { name: /^Top Rated .+ Albums:$/ }).waitFor();
  await page.close();
});

test('the genre and year pages show their three lists', async () => {
  const page = await newPage();
  await page.goto(`${run.server.url}/genre/shoegaze`);
  await page.getByRole('heading', { name: 'Shoegaze', level: 1 }).waitFor();
  const genre = await apiGet(run, '/genre/name/shoegaze');
  await page.getByText(genre.description).waitFor();
  await column(page, 'Top Rated Shoegaze Albums:').locator('.album-tile').first().waitFor();

  await page.goto(`${run.server.url}/year/1997`);
  for (const heading of ['Top Rated 1997 Albums:', 'Popular 1997 Albums:', 'Recent 1997 Albums:']) {
    await column(page, heading).locator('.album-tile').first().waitFor();
  }
  const year = await apiGet(run, '/album/top-albums/year/1997');
  assert.deepEqual(
    await column(page, 'Popular 1997 Albums:').locator('.tile-title').allInnerTexts(),
    year.mostPopular.map((album) => album.title),
  );
  assert.deepEqual(page.errors, []);
  await page.close();
});
