// Descriptors: two members described Souvlaki; a newcomer rates it, which
// lets them describe it, ticks words in the dialog, sees the album's
// descriptors change without a reload, and follows one to the descriptor's
// page, which a visitor signed out sees too.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiAs, apiGet, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

async function signUp(username) {
  const answer = await fetch(`${run.server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.org`, password: 'long enough password' }),
  });
  assert.equal(answer.status, 201, await answer.clone().text());
  return (await answer.json()).token;
}

test('a member who rated an album describes it and follows a descriptor to its page', async () => {
  const album = await apiGet(run, '/album/name/slowdive/souvlaki');
  for (const [member, words] of [
    ['describer_one', ['dreamy', 'lush']],
    ['describer_two', ['dreamy', 'wall of sound']],
  ]) {
    const token = await signUp(member);
    await apiAs(run, token, 'POST', '/rating', { albumId: album.albumId, artistId: album.artistId, number: 9 });
    await apiAs(run, token, 'PUT', `/album/${album.albumId}/descriptors`, { descriptors: words });
  }

  const { page } = await signedInPage(run, 'newcomer_describer');
  await page.goto(`${run.server.url}/albums/slowdive/souvlaki`);
  const descriptors = page.getByRole('list', { name: 'Descriptors' });
  await descriptors.getByRole('link', { name: 'dreamy' }).waitFor();
  assert.deepEqual(await descriptors.getByRole('link').allInnerTexts(), ['dreamy'], 'one member is not enough');
  const describe = page.getByRole('button', { name: 'Describe' });
  await page.getByText('Rate the album to describe it.').waitFor();
  assert.equal(await describe.isDisabled(), true);

  const stars = page.getByRole('slider', { name: `Rate ${album.title}` });
  const box = await stars.boundingBox();
  await page.mouse.click(box.x + box.width * 0.79, box.y + box.height / 2);
  await page.locator('.album-my-rating-value', { hasText: '8.0' }).waitFor();
  await page.waitForFunction(() => ![...document.querySelectorAll('button')].find((b) => b.textContent === 'Describe')?.disabled);
  await describe.click();

  const dialog = page.getByRole('dialog', { name: 'Describe' });
  await dialog.getByRole('group', { name: 'Mood' }).getByRole('checkbox', { name: /dreamy/ }).check();
  await dialog.getByRole('group', { name: 'Sound' }).getByRole('checkbox', { name: /^lush/ }).check();
  await dialog.getByText('(2 ticked)').waitFor();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await descriptors.getByRole('link', { name: 'lush' }).waitFor();
  assert.deepEqual(await descriptors.getByRole('link').allInnerTexts(), ['dreamy', 'lush']);

  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  await descriptors.getByRole('link', { name: 'lush' }).click();
  await page.getByRole('heading', { level: 1, name: 'lush' }).waitFor();
  await page.getByText('Rich and full arrangements.').waitFor();
  const tile = page.locator('.descriptor-albums li', { hasText: 'Souvlaki' });
  await tile.getByText('2 members').waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument === true), true, 'the page was reloaded');

  const visitor = await run.browser.newPage();
  await visitor.goto(`${run.server.url}/descriptor/dreamy`);
  await visitor.locator('.descriptor-albums li', { hasText: 'Souvlaki' }).getByText('3 members').waitFor();
  await visitor.getByRole('link', { name: 'Shape a chart of dreamy albums' }).click();
  await visitor.getByText('Albums, described as dreamy, by weighted score').waitFor();
  await visitor.getByRole('list', { name: 'Chart' }).getByText('Souvlaki').waitFor();
  await visitor.goto(`${run.server.url}/descriptor/loud-ish`);
  await visitor.getByText('No descriptor called “loud-ish”.').waitFor();
  await visitor.close();
});
