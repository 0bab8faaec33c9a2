// Lists (issue 22), as members make and share them, against the release
// binary and the demo community: a list started from an album page, filled
// from album tiles, re-ordered by dragging and by keyboard, annotated, seen
// on the profile and the album page, liked and discussed by another member,
// then made private and gone for them. Once on a desktop with a mouse and
// once on a phone with a finger. Screenshots of the list screens go to
// ui/e2e/screenshots/ with the others.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { apiGet, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });
const screenshots = new URL('./screenshots/', import.meta.url).pathname;

const DESKTOP = { name: '1440x900', viewport: { width: 1440, height: 900 } };
const PHONE = { name: '390x844', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Logs a demo member in (every demo password is `halfstar-demo`) and opens a page as them on `device`. */
async function memberPage(username, { viewport, isMobile = false, hasTouch = false }) {
  const answer = await fetch(`${run.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'halfstar-demo' }),
  });
  assert.equal(answer.status, 200, `log-in of ${username}`);
  const session = await answer.json();
  const page = await run.browser.newPage({ viewport, isMobile, hasTouch });
  await page.addInitScript((token) => localStorage.setItem('halfstar.token', token), session.token);
  return { page, session };
}

async function shot(page, name, device) {
  mkdirSync(screenshots, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: `${screenshots}${name}-${device.name}.png` });
}

/** The titles of the list's albums as the server keeps them, in order. */
async function savedOrder(listId, token) {
  const { entries } = await apiGet(run, `/list/${listId}`, token);
  return entries.map((entry) => entry.album.title);
}

/** Waits until the server holds `expected` (each change is saved as it is made). */
async function waitForSaved(listId, token, expected) {
  const deadline = Date.now() + 5000;
  let order;
  while (Date.now() < deadline) {
    order = await savedOrder(listId, token);
    if (JSON.stringify(order) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.deepEqual(order, expected, 'the order the server kept');
}

/** The titles in the order the page shows them. */
const shownOrder = (page) => page.locator('.list-entry .list-entry-title').allInnerTexts();

/** Waits until the page shows the albums in `expected` order. */
async function waitForShown(page, expected) {
  await page
    .waitForFunction(
      (titles) => JSON.stringify([...document.querySelectorAll('.list-entry .list-entry-title')].map((title) => title.textContent)) === JSON.stringify(titles),
      expected,
      { timeout: 5000 },
    )
    .catch(() => {});
  assert.deepEqual(await shownOrder(page), expected, 'the order on the page');
}

const row = (page, title) =>
  page.locator('.list-entry', { has: page.locator('.list-entry-title').getByText(title, { exact: true }) });

/** Drags `title` by its handle until its middle is below `below`'s middle: with the mouse, or a finger on a phone. */
async function drag(page, device, title, below) {
  const handle = row(page, title).locator('.list-drag-handle');
  // The dragged row just under the header, so the rows below it are in the
  // window too: near the window's edges a drag scrolls the page.
  await row(page, title).evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -80);
  });
  const from = await handle.boundingBox();
  const target = await row(page, below).boundingBox();
  const x = from.x + from.width / 2;
  const startY = from.y + from.height / 2;
  // Just past the middle of the row it is to go below.
  const endY = target.y + target.height * 0.6;
  const steps = 12;
  if (device.hasTouch) {
    // A real touch sequence (touchstart, touchmove, touchend), as a finger makes it.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type, y) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
    await touch('touchStart', startY);
    for (let step = 1; step <= steps; step += 1) await touch('touchMove', startY + ((endY - startY) * step) / steps);
    await touch('touchEnd');
    await cdp.detach();
  } else {
    await page.mouse.move(x, startY);
    await page.mouse.down();
    await page.mouse.move(x, endY, { steps });
    await page.mouse.up();
  }
}

/** Adds the album whose tile is on the artist page to the list, with the tile's corner button. */
async function addFromTile(page, title, listTitle) {
  const tile = page.locator('.album-tile', { has: page.locator('.tile-title').getByText(title, { exact: true }) });
  await tile.getByRole('button', { name: `Add ${title} to a list` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add to list' });
  await dialog.getByRole('button', { name: new RegExp(`^${listTitle} \\d+ albums? · Public$`) }).click();
  await dialog.getByText(`Added to ${listTitle}.`).waitFor();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

async function journey(device, { author, other, listTitle }) {
  const { page, session } = await memberPage(author, device);
  const radiohead = await apiGet(run, '/album/artist/radiohead');
  const okComputer = radiohead.find((album) => album.title === 'OK Computer');

  // 1. A new list from an album page: Add to List, then New list.
  await page.goto(`${run.server.url}/albums/radiohead/${okComputer.slug}`);
  await page.getByRole('group', { name: 'Album actions' }).getByRole('button', { name: 'Add to List' }).click();
  const chooser = page.getByRole('dialog', { name: 'Add to list' });
  await chooser.getByText('You have no lists yet: start one below.').waitFor();
  await chooser.getByLabel('New list').fill(listTitle);
  await chooser.getByRole('button', { name: 'Create and add' }).click();
  await chooser.getByText(`Added to ${listTitle}.`).waitFor();
  // Now it is one of the member's lists, checked: it holds the album.
  const checked = chooser.getByRole('button', { name: `${listTitle} On this list · 1 album · Public` });
  await checked.waitFor();
  assert.equal(await checked.isDisabled(), true);
  await shot(page, 'add-to-list', device);
  const [mine] = await apiGet(run, `/list/user/${author}`, session.token);
  assert.equal(mine.title, listTitle);
  const listId = mine.listId;
  await chooser.getByRole('link', { name: listTitle }).click();
  await page.waitForURL(`${run.server.url}/list/${listId}/${mine.slug}`);
  await page.getByRole('heading', { level: 1, name: listTitle }).waitFor();

  // 2. Three more from the album tiles on the artist page.
  await page.goto(`${run.server.url}/artists/radiohead`);
  for (const title of ['Kid A', 'In Rainbows', 'The Bends']) await addFromTile(page, title, listTitle);
  await waitForSaved(listId, session.token, ['OK Computer', 'Kid A', 'In Rainbows', 'The Bends']);

  // 3. Re-ordered in edit mode: OK Computer dragged below In Rainbows...
  await page.goto(`${run.server.url}/list/${listId}/${mine.slug}`);
  await page.getByRole('button', { name: 'Edit list' }).click();
  // The editor's fields come in above the rows when their code has loaded:
  // a drag begun before would aim at rows that have since moved down.
  await page.getByRole('region', { name: 'Edit list' }).waitFor();
  await drag(page, device, 'OK Computer', 'In Rainbows');
  await waitForShown(page, ['Kid A', 'In Rainbows', 'OK Computer', 'The Bends']);
  await waitForSaved(listId, session.token, ['Kid A', 'In Rainbows', 'OK Computer', 'The Bends']);

  // ...then The Bends up twice from the keyboard, focus staying on its button.
  const up = page.getByRole('button', { name: 'Move The Bends up' });
  await up.focus();
  await page.keyboard.press('Enter');
  // The first move is on screen before the second is asked for: the announcement and the
  // rows re-render apart, and a row moved in the document between a key's press and its
  // release takes the key's click with it (a loaded machine is slow to re-render).
  await page.getByText('The Bends moved to 3 of 4.').waitFor();
  await waitForShown(page, ['Kid A', 'In Rainbows', 'The Bends', 'OK Computer']);
  await page.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Move The Bends up');
  await page.keyboard.press('Space');
  await page.getByText('The Bends moved to 2 of 4.').waitFor();
  await waitForShown(page, ['Kid A', 'The Bends', 'In Rainbows', 'OK Computer']);
  await waitForSaved(listId, session.token, ['Kid A', 'The Bends', 'In Rainbows', 'OK Computer']);

  // 4. Notes: one saved with Enter, one on leaving the box.
  await page.getByLabel('Note on Kid A').fill('Start with the cold.');
  await page.getByLabel('Note on Kid A').press('Enter');
  await row(page, 'Kid A').getByText('Note saved').waitFor();
  await page.getByLabel('Note on OK Computer').fill('And end with the airbag.');
  await page.getByLabel('Note on OK Computer').blur();
  await row(page, 'OK Computer').getByText('Note saved').waitFor();
  const saved = await apiGet(run, `/list/${listId}`, session.token);
  assert.deepEqual(
    saved.entries.map((entry) => [entry.album.title, entry.note]),
    [
      ['Kid A', 'Start with the cold.'],
      ['The Bends', ''],
      ['In Rainbows', ''],
      ['OK Computer', 'And end with the airbag.'],
    ],
  );
  await shot(page, 'list-editing', device);
  await page.getByRole('button', { name: 'Done editing' }).click();
  await row(page, 'Kid A').getByText('Start with the cold.').waitFor();
  assert.deepEqual(
    await page.locator('.list-entry-position').allInnerTexts(),
    ['1', '2', '3', '4'],
  );
  await shot(page, 'list', device);

  // 5. On the member's profile (Lists tab) and on the album's page.
  await page.goto(`${run.server.url}/user/${author}`);
  await page.getByRole('tab', { name: 'Lists' }).click();
  const card = page.getByRole('article', { name: listTitle });
  await card.getByText('4 albums · 0 likes').waitFor();
  await shot(page, 'profile-lists', device);
  const kidA = radiohead.find((album) => album.title === 'Kid A');
  const holding = await apiGet(run, `/list/album/${kidA.albumId}`);
  assert.ok(holding.lists.some((list) => list.listId === listId));
  await page.goto(`${run.server.url}/albums/radiohead/kid-a`);
  const onLists = page.getByRole('region', { name: `On ${holding.count} list${holding.count === 1 ? '' : 's'}` });
  await onLists.getByRole('link', { name: listTitle }).click();
  await page.getByRole('heading', { level: 1, name: listTitle }).waitFor();

  // 6. Another member likes it and comments on it.
  const { page: reader } = await memberPage(other, device);
  await reader.goto(`${run.server.url}/list/${listId}/${mine.slug}`);
  await reader.getByRole('heading', { level: 1, name: listTitle }).waitFor();
  assert.deepEqual(await shownOrder(reader), ['Kid A', 'The Bends', 'In Rainbows', 'OK Computer']);
  const like = reader.getByRole('button', { name: 'Like', exact: true });
  await like.click();
  await reader.locator('.list-like[aria-pressed="true"]').waitFor();
  await reader.getByText('1 like', { exact: true }).waitFor();
  await reader.getByLabel('Add a comment').fill('Great running order.');
  await reader.getByRole('button', { name: 'Submit' }).click();
  await reader.locator('.album-comment', { hasText: 'Great running order.' }).waitFor();
  await reader.getByRole('heading', { name: 'Comments (1)' }).waitFor();

  // The author sees both.
  await page.reload();
  await page.getByText('1 like', { exact: true }).waitFor();
  await page.locator('.album-comment', { hasText: 'Great running order.' }).waitFor();

  // 7. Made private: gone for the other member, from the page, the profile and the album page.
  await page.getByRole('button', { name: 'Edit list' }).click();
  const editor = page.getByRole('region', { name: 'Edit list' });
  await editor.getByLabel('Private').check();
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await editor.getByText('Saved.').waitFor();
  await page.locator('.list-heading').getByText('Private').waitFor();
  assert.equal((await apiGet(run, `/list/${listId}`, session.token)).list.visibility, 'private');

  reader.allowConsole(new RegExp(`/api/list/${listId}$`));
  await reader.reload();
  await reader.getByText('There is no such list, or its author keeps it private.').waitFor();
  assert.equal(await reader.getByText('Great running order.').count(), 0);
  await reader.goto(`${run.server.url}/user/${author}`);
  await reader.getByRole('tab', { name: 'Lists' }).click();
  await reader.getByText("This user hasn't made any public lists.").waitFor();
  await reader.goto(`${run.server.url}/albums/radiohead/kid-a`);
  const left = holding.count - 1;
  await reader.getByRole('region', { name: `On ${left} list${left === 1 ? '' : 's'}` }).waitFor();
  assert.equal(await reader.getByRole('link', { name: listTitle }).count(), 0);

  // Its author still has it, marked.
  await page.goto(`${run.server.url}/user/${author}`);
  await page.getByRole('tab', { name: 'Lists' }).click();
  await page.getByRole('article', { name: listTitle }).getByText('Private').waitFor();
  await Promise.all([page.close(), reader.close()]);
}

test('a list made from an album page, filled from tiles, re-ordered by mouse and keyboard, liked, discussed, then private', async () => {
  await journey(DESKTOP, { author: 'mira99', other: 'lowend.theo', listTitle: 'Radiohead, best first' });
});

test('the same on a phone, re-ordered with a finger', async () => {
  await journey(PHONE, { author: 'shoegaze_sam', other: 'halfstar-hugo', listTitle: 'Radiohead on the bus' });
});

test('an author fills a new list from the list page itself: five albums, five searches, one page', async () => {
  const { page, session } = await memberPage('crate_digger', DESKTOP);
  const answer = await fetch(`${run.server.url}/api/list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Filled in place' }),
  });
  assert.equal(answer.status, 201);
  const list = await answer.json();
  await page.goto(`${run.server.url}/list/${list.listId}/${list.slug}`);
  await page.getByRole('button', { name: 'Edit list' }).click();
  const box = page.getByRole('searchbox', { name: 'Add an album' });
  const found = page.getByRole('list', { name: 'Albums found' });
  const titles = (await apiGet(run, '/album/artist/radiohead')).map((album) => album.title).slice(0, 5);
  assert.equal(titles.length, 5, 'the demo has five Radiohead albums');
  for (const title of titles) {
    await box.fill(title);
    await found.getByRole('button', { name: `Add ${title} by Radiohead` }).click();
    await page.getByRole('status').getByText(`Added ${title} by Radiohead.`).waitFor();
    // Focus is back in the box, empty, for the next one.
    assert.equal(await box.inputValue(), '');
    assert.ok(await box.evaluate((node) => node === document.activeElement));
  }
  await waitForShown(page, titles);
  await waitForSaved(list.listId, session.token, titles);
  // An album already on the list is not offered twice.
  await box.fill(titles[0]);
  const there = found.getByRole('button', { name: `${titles[0]} by Radiohead is on the list` });
  await there.waitFor();
  assert.equal(await there.isDisabled(), true);
  await shot(page, 'add-an-album', DESKTOP);
  await page.close();
});
