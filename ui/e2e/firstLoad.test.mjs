// The first page a visitor opens carries only what it shows: at most 90 KB
// over the wire for the page, its code and its styles, sent as the copies
// compressed at build time. The rarer screens and the ratings chart load
// when they are first opened, and then work.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoMemberPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

const MOST_FIRST_LOAD_BYTES = 90 * 1024;

/** Every response of the page's own HTML, code and styles, with the bytes it took on the wire. */
function watchOwnFiles(page) {
  const files = [];
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (!['document', 'script', 'stylesheet'].includes(type)) return;
    files.push(
      (async () => ({
        path: new URL(response.url()).pathname,
        encoding: (await response.allHeaders())['content-encoding'] ?? '',
        bytes: (await response.request().sizes()).responseBodySize,
      }))(),
    );
  });
  return () => Promise.all(files);
}

test('the home page loads in at most 90 KB, its bundles compressed at build time', async () => {
  const page = await run.browser.newPage();
  const files = watchOwnFiles(page);
  await page.goto(`${run.server.url}/`);
  await page.locator('.featured-tile:not(.placeholder)').first().waitFor();
  await page.waitForLoadState('networkidle');
  const loaded = await files();
  const total = loaded.reduce((sum, file) => sum + file.bytes, 0);
  const listing = loaded.map((file) => `${file.path} ${file.encoding} ${file.bytes}`).join('\n');
  console.log(`first load of /: ${total} bytes`);
  assert.ok(total <= MOST_FIRST_LOAD_BYTES, `first load of / is ${total} bytes:\n${listing}`);
  const bundles = loaded.filter((file) => file.path.startsWith('/assets/'));
  assert.ok(bundles.length > 0, listing);
  for (const bundle of bundles) assert.equal(bundle.encoding, 'br', bundle.path);
  // Neither the chart library nor the admin's screen came with it.
  assert.ok(!loaded.some((file) => /drawRatingsChart|AdminPage/.test(file.path)), listing);
});

test('screens that load on demand arrive when opened, moving between screens without reloading', async () => {
  const { page } = await demoMemberPage(run, 'vinylvera');
  const files = watchOwnFiles(page);
  await page.goto(`${run.server.url}/albums/radiohead/ok-computer`);
  await page.getByRole('heading', { level: 1, name: 'OK Computer' }).waitFor();
  await page.getByRole('tab', { name: /Ratings/ }).click();
  await page.getByRole('button', { name: 'Chart' }).click();
  await page.locator('.album-chart-canvas canvas').waitFor();

  // The header's menu moves to the admin screen and then the settings, on the same page.
  const openFromMenu = async (item) => {
    await page.getByRole('banner').getByRole('button', { name: /Settings/ }).click();
    await page.getByRole('menuitem', { name: item }).click();
  };
  await openFromMenu(/^Admin/);
  await page.waitForURL(`${run.server.url}/admin`);
  await page.getByRole('tab', { name: /Reports/ }).waitFor();
  await openFromMenu('Account settings');
  await page.waitForURL(`${run.server.url}/settings/account`);
  await page.getByRole('heading', { name: "Where you're signed in" }).waitFor();
  const loaded = (await files()).map((file) => file.path);
  assert.equal(loaded.filter((path) => !path.startsWith('/assets/')).length, 1, 'one page load');
  for (const part of ['drawRatingsChart', 'AdminPage', 'AccountPage']) {
    assert.ok(loaded.some((path) => path.includes(part)), `${part} loaded: ${loaded.join(', ')}`);
  }
});
