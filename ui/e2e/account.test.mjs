// Members managing their own account in a real browser: changing the password
// signs their other devices out, a new username keeps old links working,
// signing out everywhere ends every session, and deleting the account offers
// the export first and leaves the albums' figures exact.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });
const PASSWORD = 'long enough password';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const nav = (page) => page.getByRole('navigation', { name: 'Main' });

async function signUp(username) {
  const answer = await fetch(`${run.server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.org`, password: PASSWORD }),
  });
  const text = await answer.text();
  assert.equal(answer.status, 201, text);
  return JSON.parse(text);
}

/** A browser of its own (a device), signed in through the log-in form. */
async function device(username, password = PASSWORD, userAgent = undefined) {
  const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent });
  const page = await context.newPage();
  await page.goto(`${run.server.url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${run.server.url}/`);
  await nav(page).getByRole('link', { name: 'Profile' }).waitFor();
  return page;
}

async function openAccountSettings(page) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await page.waitForURL(`${run.server.url}/settings/account`);
  await page.getByRole('heading', { name: "Where you're signed in" }).waitFor();
}

/** Moves within the app without reloading, so the page finds out its session ended from the server. */
async function expectSignedOut(page) {
  await nav(page).getByRole('link', { name: 'Charts' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor({ timeout: 10_000 });
  assert.equal(await nav(page).getByRole('link', { name: 'Profile' }).count(), 0);
}

test('a new password signs the other devices out, and a new username keeps old links working', async () => {
  await signUp('keyholder');
  const laptop = await device('keyholder');
  const phone = await device('keyholder', PASSWORD, IPHONE);
  laptop.allowConsole(new RegExp(`^${run.server.url}/api/auth/password$`)); // the wrong password, on purpose
  phone.allowConsole(/\/api\//); // its calls after the change are refused: that is how it learns

  await openAccountSettings(laptop);
  const sessions = laptop.locator('.session');
  await sessions.nth(2).waitFor();
  assert.equal(await sessions.count(), 3, 'the sign-up, the laptop and the phone');
  assert.equal(await sessions.filter({ hasText: 'this device' }).count(), 1);
  await sessions.filter({ hasText: 'Safari on iPhone' }).waitFor();

  await laptop.getByLabel('Current password').fill('not my password at all');
  await laptop.getByLabel('New password').fill('a brand new password');
  await laptop.getByRole('button', { name: 'Change password' }).click();
  assert.equal(await laptop.getByRole('alert').innerText(), 'That is not your password');
  await laptop.getByLabel('Current password').fill(PASSWORD);
  await laptop.getByRole('button', { name: 'Change password' }).click();
  await laptop.getByRole('status').filter({ hasText: 'signed out everywhere else' }).waitFor();
  await sessions.nth(1).waitFor({ state: 'detached' });
  assert.equal(await sessions.count(), 1, 'only this device is left');

  await expectSignedOut(phone);
  await phone.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).click();
  await phone.getByLabel('Username').fill('keyholder');
  await phone.getByLabel('Password').fill('a brand new password');
  await phone.getByRole('button', { name: 'Log In' }).click();
  await nav(phone).getByRole('link', { name: 'Profile' }).waitFor();

  // The laptop is still signed in; its member takes a new name.
  await laptop.getByRole('textbox', { name: 'Username' }).fill('key_keeper');
  await laptop.getByRole('button', { name: 'Change username' }).click();
  await laptop.getByRole('status').filter({ hasText: 'Your username is now key_keeper' }).waitFor();
  assert.equal(await nav(laptop).getByRole('link', { name: 'Profile' }).getAttribute('href'), '/user/key_keeper');
  await nav(laptop).getByRole('link', { name: 'Profile' }).click();
  await laptop.getByRole('heading', { name: 'key_keeper', level: 1 }).waitFor();
  await laptop.goto(`${run.server.url}/user/keyholder`);
  await laptop.waitForURL(`${run.server.url}/user/key_keeper`);
  await laptop.getByRole('heading', { name: 'key_keeper', level: 1 }).waitFor();
  await laptop.screenshot({ path: `${run.artifacts}account-renamed.png` });
  await laptop.context().close();
  await phone.context().close();
});

test('signing out everywhere ends this session and every other', async () => {
  await signUp('leaver');
  const first = await device('leaver');
  const second = await device('leaver');
  second.allowConsole(/\/api\//);
  await openAccountSettings(first);
  await first.screenshot({ path: `${run.artifacts}account-settings.png`, fullPage: true });
  await first.getByRole('button', { name: 'Sign out everywhere' }).click();
  await first.waitForURL(`${run.server.url}/login`);
  assert.equal(await first.evaluate(() => localStorage.getItem('halfstar.token')), null);
  await expectSignedOut(second);
  await first.context().close();
  await second.context().close();
});

test('deleting the account offers the export first, asks for the password and keeps album figures exact', async () => {
  const session = await signUp('goodbye');
  const [album] = await apiGet(run, '/album/popular-albums?limit=1');
  const rate = await fetch(`${run.server.url}/api/rating`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ albumId: album.albumId, artistId: album.artistId, number: 1 }),
  });
  assert.equal(rate.status, 201);
  const rated = (await apiGet(run, '/album/popular-albums?limit=1'))[0];
  assert.equal(rated.numberOfRatings, album.numberOfRatings + 1);

  const page = await device('goodbye');
  page.allowConsole(new RegExp(`^${run.server.url}/api/auth/delete-account$`)); // the wrong password, on purpose
  await openAccountSettings(page);
  await page.getByRole('button', { name: 'Delete my account…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Download my data' }).waitFor();
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download my data' }).click();
  assert.match((await download).suggestedFilename(), /goodbye/);

  await dialog.getByLabel('Your password').fill('not my password at all');
  await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
  assert.equal(await dialog.getByRole('alert').innerText(), 'That is not your password');
  await dialog.getByLabel('Your password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account', exact: true }).click();
  await page.waitForURL(`${run.server.url}/`);
  await page.getByRole('banner').getByRole('link', { name: 'Login', exact: true }).waitFor();

  const after = (await apiGet(run, '/album/popular-albums?limit=1'))[0];
  assert.equal(after.albumId, album.albumId);
  assert.equal(after.numberOfRatings, album.numberOfRatings);
  const profile = await fetch(`${run.server.url}/api/user/username/goodbye`);
  assert.equal(profile.status, 404);
  const again = await fetch(`${run.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'goodbye', password: PASSWORD }),
  });
  assert.equal(again.status, 401);
  await page.context().close();
});

test('a player token and a calendar link are listed beside the sessions, revoked from there, and end with signing out everywhere', async () => {
  await signUp('keymaker');
  const page = await device('keymaker');
  await openAccountSettings(page);
  const sessions = page.getByRole('region', { name: "Where you're signed in" });
  await sessions.getByText(/^None\. A music player token/).waitFor();

  const player = page.getByRole('region', { name: 'Music player' });
  await player.getByRole('button', { name: 'Make a player token' }).click();
  const token = (await player.getByTestId('player-token').innerText()).trim();
  const calendar = page.getByRole('region', { name: 'Release calendar' });
  await calendar.getByRole('button', { name: 'Make a calendar link' }).click();
  const link = (await calendar.getByTestId('calendar-link').innerText()).trim();
  const keys = sessions.getByRole('list', { name: 'Keys you gave other programs' });
  await keys.getByText('Music player token').waitFor();
  await keys.getByText('Calendar link').waitFor();

  // A player reads the member's plays with the token: its use shows beside the sessions.
  const listens = () =>
    fetch(`${run.server.url}/apis/listenbrainz/1/user/keymaker/listens`, {
      headers: { authorization: `Token ${token}`, 'user-agent': 'Navidrome/0.53' },
    });
  assert.equal((await listens()).status, 200);
  assert.equal((await fetch(link)).status, 200);
  await nav(page).getByRole('link', { name: 'Charts' }).click();
  await openAccountSettings(page);
  await keys.getByText(/last used .* by Navidrome\/0\.53 from 127\.0\.0\.1/).waitFor();

  // Revoked from the list: the calendar section learns it too, and the link reads nothing.
  await keys.getByRole('button', { name: 'Revoke your calendar link' }).click();
  await keys.getByText('Calendar link').waitFor({ state: 'detached' });
  await calendar.getByText('You have no calendar link yet.').waitFor();
  assert.equal((await fetch(link)).status, 404);
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'account-sessions', 'the keyboard goes on from the list');

  // Signing out everywhere ends the player token as well.
  await sessions.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.waitForURL(`${run.server.url}/login`);
  assert.equal((await listens()).status, 401);
  await page.context().close();
});
