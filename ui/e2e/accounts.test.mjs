// Accounts in a real browser against the release binary.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

test('signs up, logs out, logs back in and sees Profile in the navigation', async () => {
  const page = await run.browser.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The short password (400) and the wrong one (401) are refused on purpose.
  page.allowConsole(new RegExp(`^${run.server.url}/api/auth/(signup|login)$`));
  const nav = page.getByRole('navigation', { name: 'Main' });

  await page.goto(`${run.server.url}/`);
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await page.locator('main').getByRole('link', { name: 'Sign up' }).click();
  await page.waitForURL(`${run.server.url}/sign-up`);
  await page.getByLabel('Username').fill('newlistener');
  await page.getByLabel('Email').fill('new@listener.example');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  assert.match(await page.getByRole('alert').innerText(), /^Couldn't create your account: .*password/);
  await page.screenshot({ path: `${run.artifacts}sign-up-error.png` });

  await page.getByLabel('Password').fill('long enough password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(`${run.server.url}/`);
  await nav.getByRole('link', { name: 'Profile' }).waitFor();
  assert.equal(await nav.getByRole('link', { name: 'Profile' }).getAttribute('href'), '/user/newlistener');

  // The session survives a reload: the token is kept and checked with the server.
  await page.reload();
  await nav.getByRole('link', { name: 'Profile' }).waitFor();

  await page.goto(`${run.server.url}/charts/2020/rock`);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${run.server.url}/`);
  assert.equal(await nav.getByRole('link', { name: 'Profile' }).count(), 0);
  assert.equal(await page.evaluate(() => localStorage.getItem('halfstar.token')), null);

  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByLabel('Username').fill('NewListener');
  await page.getByLabel('Password').fill('wrong password');
  await page.getByRole('button', { name: 'Log In' }).click();
  assert.equal(await page.getByRole('alert').innerText(), 'Wrong email or password');

  await page.getByLabel('Password').fill('long enough password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${run.server.url}/`);
  await nav.getByRole('link', { name: 'Profile' }).waitFor();
  assert.deepEqual(errors, []);
  await page.close();
});

test('the auth card is centred and narrows on a phone', async () => {
  for (const [width, share] of [
    [1280, 0.5],
    [400, 0.8],
  ]) {
    const page = await run.browser.newPage({ viewport: { width, height: 800 } });
    await page.goto(`${run.server.url}/login`);
    const card = await page.locator('.auth-card').boundingBox();
    const pageBox = await page.locator('.auth-page').boundingBox();
    assert.ok(Math.abs(card.width - width * share) < 2, `card ${card.width}px wide at ${width}px`);
    assert.ok(Math.abs(card.x - (width - card.width) / 2) < 2, 'centred horizontally');
    assert.equal(Math.round(pageBox.height), 800 - 56);
    if (width === 400) await page.screenshot({ path: `${run.artifacts}login-phone.png` });
    await page.close();
  }
});

test('a visitor is offered Sign up in the header and the phone menu; a new member sees first steps instead of an empty feed until they rate', async () => {
  const page = await run.browser.newPage();
  await page.goto(`${run.server.url}/`);
  const header = page.getByRole('banner');
  await header.getByRole('link', { name: 'Sign up' }).waitFor();
  assert.equal(await header.getByRole('link', { name: 'Sign up' }).getAttribute('href'), '/sign-up');

  await page.setViewportSize({ width: 390, height: 844 });
  const bar = page.getByRole('navigation', { name: 'Mobile' });
  await bar.getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('menu', { name: 'Profile' }).getByRole('menuitem', { name: 'Sign Up' }).click();
  await page.waitForURL(`${run.server.url}/sign-up`);
  await page.getByLabel('Username').fill('firststepper');
  await page.getByLabel('Email').fill('first@stepper.example');
  await page.getByLabel('Password').fill('long enough password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(`${run.server.url}/`);

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${run.server.url}/feed`);
  const steps = page.getByRole('region', { name: 'Welcome! A few first steps' });
  for (const step of ['Rate a few albums', 'Import your ratings', 'Make a list']) await steps.getByRole('link', { name: step }).waitFor();
  await steps.getByText('Follow members').waitFor();
  assert.equal(await page.getByText('Your feed is empty.', { exact: false }).count(), 0);
  await page.screenshot({ path: `${run.artifacts}first-steps.png`, fullPage: true });
  assert.equal(await header.getByRole('link', { name: 'Sign up' }).count(), 0, 'members are not offered it');

  // Once they have rated an album, the feed says how to fill it instead.
  const token = await page.evaluate(() => localStorage.getItem('halfstar.token'));
  const album = await (await fetch(`${run.server.url}/api/album/name/radiohead/kid-a`)).json();
  const rated = await fetch(`${run.server.url}/api/rating`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ albumId: album.albumId, artistId: album.artistId, number: 8 }),
  });
  assert.equal(rated.status, 201);
  await page.reload();
  await page.getByText('Your feed is empty.', { exact: false }).waitFor();
  assert.equal(await steps.count(), 0);
  await page.close();
});
