// /new (issue 40): a member follows an artist, an album of theirs arrives
// (added by an editor here; the server's own MusicBrainz check is tested
// against a stand-in in tests/it/new_releases.rs), the member is told, and
// finds it on /new under the artists they follow, with what is to come.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiAs, logInDemoMember, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

const daysFromToday = (days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test('follow an artist, be told of their new album, and find it on /new with what is to come', async () => {
  const { page } = await signedInPage(run, 'fresh_fan');
  await page.goto(`${run.server.url}/artists/radiohead`);
  await page.getByRole('button', { name: 'Follow Radiohead' }).click();
  await page.getByRole('button', { name: 'Unfollow Radiohead' }).waitFor();

  const editor = await logInDemoMember(run.server, 'vinylvera');
  await apiAs(run, editor.token, 'POST', '/album', { artist: 'Radiohead', title: 'Fresh Air', releaseDate: daysFromToday(-7) });
  await apiAs(run, editor.token, 'POST', '/album', { artist: 'Radiohead', title: 'Later On', releaseDate: daysFromToday(60) });
  await apiAs(run, editor.token, 'POST', '/artist', { name: 'Someone Unfollowed', description: '', pictureUrl: '' });
  await apiAs(run, editor.token, 'POST', '/album', { artist: 'Someone Unfollowed', title: 'Not For Me', releaseDate: daysFromToday(-3) });

  // Told.
  await page.goto(`${run.server.url}/notifications`);
  await page.getByRole('list', { name: 'Notifications' }).getByText('New album by Radiohead: Fresh Air').waitFor();
  await page.evaluate(() => {
    window.__sameDocument = true;
  });

  // /new from the home page, without a reload: just out, then only the artists followed.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await page.getByRole('link', { name: 'New releases and albums to come' }).click();
  const justOut = page.getByRole('list', { name: 'Albums just out' });
  await justOut.getByRole('link', { name: 'Fresh Air' }).waitFor();
  await justOut.getByRole('link', { name: 'Not For Me' }).waitFor();
  await page.getByLabel('Artists I follow').check();
  await page.waitForURL(`${run.server.url}/new?followed=true`);
  await justOut.getByRole('link', { name: 'Not For Me' }).waitFor({ state: 'detached' });
  await justOut.getByRole('link', { name: 'Fresh Air' }).waitFor();

  // What is to come, with its date.
  await page.getByRole('button', { name: 'Coming up' }).click();
  const toCome = page.getByRole('list', { name: 'Albums to come' });
  await toCome.getByRole('link', { name: 'Later On' }).waitFor();
  assert.match(await toCome.getByRole('listitem').first().innerText(), /Out /);
  assert.equal(new URL(page.url()).search, '?when=upcoming&followed=true');
  assert.equal(await page.evaluate(() => window.__sameDocument), true, 'no reload on the way');

  // The link holds the filters: opened afresh, the page shows the same.
  await page.goto(page.url());
  await page.getByRole('list', { name: 'Albums to come' }).getByRole('link', { name: 'Later On' }).waitFor();
  assert.equal(await page.getByLabel('Artists I follow').isChecked(), true);
  await page.close();
});

test('/new on a phone: a visitor sees what is just out and is asked to log in for their own filters', async () => {
  const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${run.server.url}/new`);
  await page.getByRole('heading', { name: 'New releases' }).waitFor();
  await page.getByRole('link', { name: 'Log in' }).first().waitFor();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the page fits the phone (${overflow}px too wide)`);
  await page.close();
});
