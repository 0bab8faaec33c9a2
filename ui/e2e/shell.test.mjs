// The UI shell in a real browser against the release binary.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

test('loads the home page, then a reloaded deep link still shows the shell', async () => {
  const page = await run.browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`${run.server.url}/`);
  await page.locator('[data-screen="home"]').waitFor();
  assert.equal(await page.title(), 'halfstar');
  assert.equal(await page.getByRole('link', { name: 'Home', exact: true }).getAttribute('class'), 'nav-link active');

  await page.goto(`${run.server.url}/charts/2020/rock`);
  await page.reload();
  const charts = page.locator('[data-screen="charts"]');
  await charts.waitFor();
  assert.match(await charts.innerText(), /2020/);
  assert.match(await charts.innerText(), /rock/);
  assert.equal(await page.getByRole('link', { name: 'Charts', exact: true }).getAttribute('class'), 'nav-link active');
  await page.screenshot({ path: `${run.artifacts}charts-deep-link.png` });
  assert.deepEqual(errors, []);
  await page.close();
});

test('Enter in the search box goes to the artist page and the box clears', async () => {
  const page = await run.browser.newPage();
  await page.goto(`${run.server.url}/`);
  const search = page.getByPlaceholder('Search an Artist');
  await search.fill('Sigur Rós');
  await search.press('Enter');
  await page.waitForURL(`${run.server.url}/artists/Sigur%20R%C3%B3s`);
  await page.locator('[data-screen="artist"]').getByRole('heading', { name: 'Sigur Rós' }).waitFor();
  assert.equal(await search.inputValue(), '');
  await page.close();
});

test('the artist-not-found page goes back one step', async () => {
  const page = await run.browser.newPage();
  await page.goto(`${run.server.url}/`);
  await page.goto(`${run.server.url}/artists/not-found/Nobody%20Here`);
  assert.match(await page.locator('[data-screen="artist-not-found"]').innerText(), /Couldn't find artist called Nobody Here/);
  await page.getByRole('link', { name: 'Go Back' }).click();
  await page.waitForURL(`${run.server.url}/`);
  await page.close();
});

test('an unknown API path answers JSON 404, not the shell', async () => {
  const response = await fetch(`${run.server.url}/api/no-such-call`);
  assert.equal(response.status, 404);
  assert.match((await response.json()).message, /No API route/);
});
