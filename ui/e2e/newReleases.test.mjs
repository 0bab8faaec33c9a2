// /new (issue 40): a member follows an artist, an album of theirs arrives
// (added by an editor, or found on the stand-in MusicBrainz by the server's
// own check, run at once from the admin page), the member is told, finds it on
// /new under the artists they follow with what is to come, and in their own
// calendar, read by a calendar program's parser (ical.js).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import ICAL from 'ical.js';
import { FRESH, startMockSources } from './mockSources.mjs';
import { apiAs, demoMemberPage, logInDemoMember, signedInPage, useServerAndBrowser } from './server.mjs';

let mock;
const run = useServerAndBrowser({
  before,
  after,
  env: async () => {
    mock = await startMockSources();
    return mock.env;
  },
});
after(() => mock?.stop());

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

test("the server's check finds a followed artist's albums on MusicBrainz; the member is told and has them in their calendar", async () => {
  const editor = await logInDemoMember(run.server, 'vinylvera');
  await apiAs(run, editor.token, 'POST', '/artist', { name: 'Fresh Band', description: '', pictureUrl: '', mbid: FRESH });
  const { page } = await signedInPage(run, 'calendar_fan');
  await page.goto(`${run.server.url}/artists/fresh-band`);
  await page.getByRole('button', { name: 'Follow Fresh Band' }).click();
  await page.getByRole('button', { name: 'Unfollow Fresh Band' }).waitFor();

  // MusicBrainz lists two new albums, one just out and one to come; an admin has the artist checked now.
  const [justOut, toCome] = [daysFromToday(-2), daysFromToday(14)];
  mock.release('Fresh Start', justOut);
  mock.release('Tomorrow Never Comes', toCome);
  const { page: admin } = await demoMemberPage(run, 'vinylvera');
  await admin.goto(`${run.server.url}/admin`);
  await admin.getByRole('tab', { name: 'New releases' }).click();
  await admin.getByText(/The server's own check is off/).waitFor();
  await admin.getByLabel('Check an artist now').fill('Fresh Band');
  await admin.getByRole('button', { name: 'Check now' }).click();
  await admin.getByText('Added Fresh Start, Tomorrow Never Comes.').waitFor();
  await admin.getByRole('list', { name: 'Latest checks' }).getByText(': 2 albums added').waitFor();
  await admin.close();

  // Told, and the notification leads to the album.
  await page.goto(`${run.server.url}/notifications`);
  const told = page.getByRole('list', { name: 'Notifications' });
  await told.getByText('New album by Fresh Band: Fresh Start').waitFor();
  await told.getByText('New album by Fresh Band: Tomorrow Never Comes').click();
  await page.getByRole('heading', { name: 'Tomorrow Never Comes' }).waitFor();

  // On /new, among what is to come of the artists followed; from there, to the calendar link.
  await page.goto(`${run.server.url}/new?when=upcoming&followed=true`);
  await page.getByRole('list', { name: 'Albums to come' }).getByRole('link', { name: 'Tomorrow Never Comes' }).waitFor();
  await page.getByRole('link', { name: 'make a calendar link' }).click();
  const calendarSection = page.getByRole('region', { name: 'Release calendar' });
  await calendarSection.getByText('You have no calendar link yet.').waitFor();
  await calendarSection.getByRole('button', { name: 'Make a calendar link' }).click();
  const address = (await calendarSection.getByTestId('calendar-link').innerText()).trim();
  assert.ok(address.startsWith(`${run.server.url}/api/feeds/calendar/`), address);

  // As a calendar program reads it: both albums, each an all-day event on its release day.
  const answer = await fetch(address);
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get('content-type'), /^text\/calendar/);
  const calendar = new ICAL.Component(ICAL.parse(await answer.text()));
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
  const days = Object.fromEntries(events.map((event) => [event.summary, event.startDate.toString()]));
  assert.deepEqual(days, { 'Fresh Band – Fresh Start': justOut, 'Fresh Band – Tomorrow Never Comes': toCome });
  assert.ok(events.every((event) => event.startDate.isDate), 'all-day events');
  assert.ok(events[0].component.getFirstPropertyValue('url').startsWith(`${run.server.url}/albums/fresh-band/`));

  // Revoked, the address reads nothing more.
  await calendarSection.getByRole('button', { name: 'Revoke link' }).click();
  await calendarSection.getByText('You have no calendar link yet.').waitFor();
  assert.equal((await fetch(address)).status, 404);
  await page.close();
});
