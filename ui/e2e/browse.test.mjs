// Browsing as a person would, against the release binary and the demo.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

async function newPage(viewport = { width: 1440, height: 900 }) {
  const page = await run.browser.newPage({ viewport });
  return page; // watched for page and console errors by useServerAndBrowser
}

test('home to album to artist to charts and back', async () => {
  const page = await newPage();
  await page.goto(`${run.server.url}/`);
  await page.getByRole('heading', { name: 'Featured Reviews' }).waitFor();
  const popular = page.locator('section', { has: page.getByRole('heading', { name: 'Popular Albums' }) });
  const firstTile = popular.locator('.album-tile').first();
  await firstTile.waitFor();
  const title = await firstTile.locator('.tile-title').innerText();
  const artist = await firstTile.locator('.tile-artist').innerText();
  await firstTile.locator('.cover').click();
  await page.locator('[data-screen="album"]').waitFor();
  assert.match(page.url(), /\/albums\/[^/]+\/[^/]+$/);
  await page.getByRole('heading', { name: title }).first().waitFor();

  await page.goto(`${run.server.url}${new URL(page.url()).pathname.replace(/^\/albums\/([^/]+)\/.*/, '/artists/$1')}`);
  await page.locator('[data-screen="artist"]').getByRole('heading', { name: artist }).waitFor();
  await page.getByRole('tab', { name: 'LPs' }).waitFor();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Charts' }).click();
  await page.locator('[data-screen="charts"]').waitFor();
  await page.goBack();
  await page.locator('[data-screen="artist"]').getByRole('heading', { name: artist }).waitFor();
  await page.goBack();
  await page.locator('[data-screen="album"]').waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('an unknown artist shows the not-found page, which goes back', async () => {
  const page = await newPage();
  // Looking the name up answers 404, which Chromium logs: allowed for these two addresses only.
  const lookups = ['artist/name', 'album/artist'].map((path) => `${run.server.url}/api/${path}/Nobody%20Here%20At%20All`);
  page.allowConsole({ test: (where) => lookups.includes(where) });
  await page.goto(`${run.server.url}/`);
  const search = page.getByRole('navigation', { name: 'Main' }).locator('xpath=..').getByPlaceholder('Search an Artist');
  await search.fill('Nobody Here At All');
  await search.press('Enter');
  await page.waitForURL(`${run.server.url}/artists/not-found/Nobody%20Here%20At%20All`);
  await page.getByText("Couldn't find artist called Nobody Here At All").waitFor();
  await page.getByRole('link', { name: 'Go Back' }).click();
  await page.waitForURL(`${run.server.url}/`);
  await page.close();
});

test('signed out, Add opens the Log In dialog', async () => {
  const page = await newPage();
  await page.goto(`${run.server.url}/`);
  await page.locator('.header-actions').getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'Add Artist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  assert.match(await dialog.innerText(), /to add to the database\./);
  await page.keyboard.press('Escape');
  assert.equal(await dialog.count(), 0);
  await page.close();
});

test('the theme is kept after a reload', async () => {
  const page = await newPage();
  await page.goto(`${run.server.url}/`);
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
  const before = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
  await page.locator('.header-actions').getByRole('button', { name: 'Settings' }).click();
  await page.locator('.header-actions').getByLabel('Theme').selectOption('teal');
  await page.reload();
  await page.getByRole('heading', { name: 'Featured Reviews' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'teal');
  const after = await page.evaluate(() => getComputedStyle(document.body).backgroundImage);
  assert.notEqual(after, before);
  await page.close();
});

test('the phone layout has the bottom bar and its menus', async () => {
  const page = await newPage({ width: 390, height: 844 });
  await page.goto(`${run.server.url}/`);
  const bar = page.getByRole('navigation', { name: 'Mobile' });
  const box = await bar.boundingBox();
  assert.equal(Math.round(box.height), 50);
  assert.equal(Math.round(box.y + box.height), 844);
  assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false);
  assert.equal(await bar.getByRole('link', { name: 'Library' }).count(), 0, 'no library when signed out');

  await bar.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menuitem', { name: 'Log In' }).waitFor();
  await page.mouse.click(200, 300);
  // The menu closes when the page next renders, a moment after the click.
  await page.getByRole('menuitem', { name: 'Log In' }).waitFor({ state: 'detached', timeout: 2000 }).catch(() => {});
  assert.equal(await page.getByRole('menuitem', { name: 'Log In' }).count(), 0, 'closes on an outside click');

  await bar.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'Add Post' }).click();
  await page.getByRole('dialog', { name: 'Log In' }).waitFor();
  await page.keyboard.press('Escape');

  await bar.getByRole('button', { name: 'Search' }).click();
  const search = page.locator('.mobile-search').getByPlaceholder('Search an Artist');
  await search.fill('radiohead');
  await search.press('Enter');
  await page.waitForURL(`${run.server.url}/artists/radiohead`);
  await page.locator('[data-screen="artist"]').getByRole('heading', { name: 'Radiohead' }).waitFor();

  await bar.getByRole('link', { name: 'Charts' }).click();
  await page.waitForURL(`${run.server.url}/charts/all-time/all-genres`);
  // The default chart has data, never three empty columns.
  await page.locator('section.chart-column .album-tile').first().waitFor();
  assert.deepEqual(page.errors, []);
  await page.close();
});
