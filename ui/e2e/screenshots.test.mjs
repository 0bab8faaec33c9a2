// Saves a screenshot of every screen at desktop and phone sizes, and the
// home and album pages in every theme, under ui/e2e/screenshots/ for review.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });
const folder = new URL('./screenshots/', import.meta.url).pathname;
const SIZES = [
  [1440, 900],
  [390, 844],
];
const SCREENS = [
  ['home', '/'],
  ['artist', '/artists/radiohead'],
  ['artist-not-found', '/artists/not-found/Nobody'],
  ['album', '/albums/radiohead/ok-computer'],
  ['charts', '/charts/all-time/all-genres'],
  ['charts-year-genre', '/charts/1997/rock'],
  ['genre', '/genre/shoegaze'],
  ['year', '/year/1997'],
  ['library', '/my-library'],
  ['profile', '/user/vinylvera'],
  ['review', '/review/kid-a/1'],
  ['post', '/post/1'],
  ['add-album', '/add-album'],
  ['add-artist', '/add-artist'],
  ['add-review', '/add-review?artist=Radiohead&album=OK%20Computer'],
  ['add-post', '/add-post'],
  ['collection', '/collection'],
  ['grab-data', '/grab-data'],
  ['login', '/login'],
  ['sign-up', '/sign-up'],
];
const THEMES = ['dark', 'blue', 'green', 'red', 'purple', 'teal'];

async function signedInPage(viewport) {
  const page = await run.browser.newPage({ viewport });
  await page.goto(`${run.server.url}/login`);
  await page.getByLabel('Username').fill('vinylvera');
  await page.getByLabel('Password').fill('halfstar-demo');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${run.server.url}/`);
  return page;
}

/** Waits until no loading indicator is left, so the picture shows the content. */
async function settle(page) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => !document.querySelector('[role="status"], .loading'), null, { timeout: 10_000 }).catch(() => {});
}

test('every screen at both sizes', async () => {
  mkdirSync(folder, { recursive: true });
  for (const [width, height] of SIZES) {
    const page = await signedInPage({ width, height });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    for (const [name, path] of SCREENS) {
      await page.goto(`${run.server.url}${path}`);
      await settle(page);
      await page.screenshot({ path: `${folder}${name}-${width}x${height}.png` });
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('home and album in every theme', async () => {
  const page = await signedInPage({ width: 1440, height: 900 });
  for (const theme of THEMES) {
    await page.locator('.header-actions').getByRole('button', { name: 'Settings' }).click();
    await page.locator('.header-actions').getByLabel('Theme').selectOption(theme);
    await page.keyboard.press('Escape');
    for (const [name, path] of [
      ['home', '/'],
      ['album', '/albums/radiohead/ok-computer'],
    ]) {
      await page.goto(`${run.server.url}${path}`);
      await settle(page);
      await page.screenshot({ path: `${folder}theme-${theme}-${name}.png` });
    }
  }
  await page.close();
});
