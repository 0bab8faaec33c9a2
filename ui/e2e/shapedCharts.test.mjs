// Charts a member shapes: from the charts page, a member builds 1990s
// shoegaze without dream pop by most divisive, shares the address, a visitor
// opens it signed out and sees the same chart, and the member saves it as a
// list of their own.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiAs, apiGet, logInDemoMember, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

test('a member shapes a chart, shares its address with a visitor, and saves it as a list', async () => {
  // In the demo every 1990s shoegaze album is dream pop too: an editor makes two of them shoegaze alone.
  const editor = await logInDemoMember(run.server, 'vinylvera');
  const loveless = await apiGet(run, '/album/name/my-bloody-valentine/loveless');
  const justForADay = await apiGet(run, '/album/name/slowdive/just-for-a-day');
  for (const album of [loveless, justForADay]) {
    await apiAs(run, editor.token, 'PATCH', `/album/${album.albumId}`, { genres: ['Shoegaze', 'Rock'] });
  }

  const { page } = await signedInPage(run, 'chart_shaper');
  await page.goto(`${run.server.url}/charts`);
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await page.getByRole('link', { name: /Shape your own chart/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Shape a chart' }).waitFor();
  await page.getByLabel('Decade').selectOption('1990');
  await page.getByRole('combobox', { name: 'Add a genre' }).selectOption({ label: 'Shoegaze' });
  await page.getByRole('combobox', { name: 'Leave out a genre' }).selectOption({ label: 'Dream Pop' });
  await page.getByLabel('Order').selectOption('most-divisive');
  const sentence = 'Shoegaze albums of the 1990s, without Dream Pop, by most divisive';
  await page.getByText(sentence).waitFor();
  await page.getByText('2 albums').waitFor();
  const chart = page.getByRole('list', { name: 'Chart' });
  await chart.getByText('Loveless').waitFor();
  await chart.getByText('Just for a Day').waitFor();
  assert.equal(await chart.getByText('Souvlaki').count(), 0, 'dream pop is left out');
  assert.equal(await page.evaluate(() => window.__sameDocument === true), true, 'the page was reloaded');

  const address = new URL(page.url());
  assert.equal(address.pathname, '/charts/shaped');
  assert.deepEqual(Object.fromEntries(address.searchParams), { from: '1990', to: '1999', genres: 'shoegaze', without: 'dream-pop', order: 'most-divisive' });
  const shown = await chart.locator('li').allInnerTexts();

  const visitor = await run.browser.newPage();
  await visitor.goto(address.href);
  await visitor.getByText(sentence).waitFor();
  await visitor.getByRole('list', { name: 'Chart' }).getByText('Loveless').waitFor();
  assert.deepEqual(await visitor.getByRole('list', { name: 'Chart' }).locator('li').allInnerTexts(), shown);
  await visitor.getByRole('button', { name: 'Save as a list' }).click();
  await visitor.getByRole('dialog').getByText('to save a chart as a list').waitFor();
  await visitor.close();

  await page.getByRole('button', { name: 'Save as a list' }).click();
  await page.getByRole('heading', { level: 1, name: sentence }).waitFor();
  const entries = page.locator('main').getByText(/Loveless|Just for a Day/);
  await entries.first().waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument === true), true, 'the page was reloaded');
});
