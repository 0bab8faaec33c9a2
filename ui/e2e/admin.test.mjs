// Running the community (issue 21): sign-up modes and invites, suspensions,
// the audit log, and who may open /admin, against the release binary.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** The day `days` from now in UTC, written as the suspension messages write it. */
function dayFromNow(days) {
  const day = new Date(Date.now() + days * 86_400_000);
  const date = day.getUTCDate();
  const suffix = date % 100 >= 11 && date % 100 <= 13 ? 'th' : { 1: 'st', 2: 'nd', 3: 'rd' }[date % 10] ?? 'th';
  return `${MONTHS[day.getUTCMonth()]} ${date}${suffix}, ${day.getUTCFullYear()}`;
}

async function openAdminTab(page, tab) {
  await page.goto(`${run.server.url}/`);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await page.waitForURL(`${run.server.url}/admin`);
  await page.getByRole('tab', { name: tab }).click();
}

async function saveSignupMode(page, label, note) {
  await page.getByLabel(label).check();
  await page.getByRole('region', { name: 'Sign-up' }).getByLabel('Note (kept in the audit log)').fill(note);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`Saved: ${label}.`).waitFor();
}

async function fillSignUp(page, username) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Email').fill(`${username}@example.org`);
  await page.getByLabel('Password').fill('long enough password');
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

test('invite-only: the admin makes an invite, a visitor joins with its link, the used-up link is refused, and closed hides the form', async () => {
  const { page: admin } = await demoMemberPage(run, 'vinylvera');
  await openAdminTab(admin, 'Sign-up & invites');
  await saveSignupMode(admin, 'Invite-only: joining needs an invite', 'a wave of spam sign-ups');

  await admin.getByLabel('Uses').fill('1');
  await admin.getByLabel('Expires in days').fill('7');
  await admin.getByRole('button', { name: 'Create invite' }).click();
  const invites = admin.getByRole('list', { name: 'Invites' });
  const newest = invites.getByRole('listitem').first();
  await newest.getByText('0 of 1 use').waitFor();
  const link = await newest.locator('.invite-link').innerText();
  const code = await newest.locator('.invite-code').innerText();
  assert.equal(link, `${run.server.url}/sign-up?invite=${code}`);
  await admin.screenshot({ path: `${run.artifacts}admin-invites.png`, fullPage: true });

  const visitor = await run.browser.newPage();
  await visitor.goto(link);
  await visitor.getByText('Joining needs an invite: paste the code from your invite link.').waitFor();
  assert.equal(await visitor.getByLabel('Invite code').inputValue(), code);
  await fillSignUp(visitor, 'invitedina');
  await visitor.waitForURL(`${run.server.url}/`);
  const nav = visitor.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Profile' }).waitFor();
  assert.equal(await nav.getByRole('link', { name: 'Profile' }).getAttribute('href'), '/user/invitedina');

  // The invite was for one: the next visitor with the same link is refused (403 on purpose).
  const second = await run.browser.newPage();
  second.allowConsole(new RegExp(`^${run.server.url}/api/auth/signup$`));
  await second.goto(link);
  assert.equal(await second.getByLabel('Invite code').inputValue(), code);
  await fillSignUp(second, 'latecomer');
  assert.equal(
    await second.getByRole('alert').innerText(),
    "Couldn't create your account: This invite can no longer be used: it has expired, been used up or been revoked.",
  );
  assert.equal(second.url(), link);

  await admin.reload();
  await admin.getByRole('tab', { name: 'Sign-up & invites' }).click();
  await newest.getByText('1 of 1 use').waitFor();
  await newest.getByText('Used up').waitFor();
  await saveSignupMode(admin, 'Closed: nobody can join', 'enough for now');

  await second.goto(`${run.server.url}/sign-up`);
  await second.getByText('Sign-up is closed on this site: ask its admin.').waitFor();
  assert.equal(await second.getByLabel('Username').count(), 0);
  assert.equal(await second.getByRole('button', { name: 'Sign Up' }).count(), 0);
  await second.getByRole('link', { name: 'Log in' }).waitFor();

  // Open again for the tests after this one.
  await saveSignupMode(admin, 'Open: anyone can join', 'back to normal');
  await Promise.all([admin.close(), visitor.close(), second.close()]);
});

test('a suspended member reads the banner and finds the stars disabled with the reason; once lifted they rate again; the audit log has both', async () => {
  const { page: admin } = await demoMemberPage(run, 'vinylvera');
  const { page: member, session } = await demoMemberPage(run, 'mira99');
  // An album mira99 has not rated (the list carries the viewer's own rating), so the rating at the end is new.
  const album = (await apiGet(run, '/album/popular-albums', session.token)).find((candidate) => candidate.userRating == null);
  const albumUrl = `${run.server.url}/albums/${album.artistSlug}/${album.slug}`;

  await openAdminTab(admin, 'Members');
  await admin.getByLabel('Search members').fill('mira99');
  await admin.getByLabel('Search members').press('Enter');
  await admin.getByRole('button', { name: 'Suspend mira99' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Suspend mira99' });
  await dialog.getByLabel('Days').fill('7');
  await dialog.getByLabel('Reason (shown to the member)').fill('spam in the comments');
  await dialog.getByLabel('Note (kept in the audit log)').fill('three reports this week');
  await dialog.getByLabel('Note (kept in the audit log)').press('Enter');
  const until = dayFromNow(7);
  await admin.getByRole('status').getByText(`mira99 is suspended until ${until}.`).waitFor();
  await admin.locator('.admin-member', { hasText: 'mira99' }).getByText(`Suspended until ${until}`).waitFor();

  const refusal = `Your account is suspended until ${until}: spam in the comments. You can read, but not write.`;
  await member.goto(albumUrl);
  assert.equal(await member.locator('.suspended-banner').innerText(), refusal);
  // The stars are disabled with the reason: nothing is sent that would be refused.
  const stars = member.getByRole('slider', { name: `Rate ${album.title}` });
  assert.equal(await stars.getAttribute('aria-disabled'), 'true');
  assert.equal(await stars.getAttribute('title'), refusal);
  const box = await stars.boundingBox();
  await member.mouse.click(box.x + box.width * 0.39, box.y + box.height / 2);
  await member.locator('.album-my-rating-value', { hasText: 'Not Rated' }).waitFor();
  assert.equal(await member.getByRole('dialog').count(), 0);
  await member.setViewportSize({ width: 390, height: 844 });
  await member.screenshot({ path: `${run.artifacts}suspended-phone.png` });

  await admin.getByRole('button', { name: "Lift mira99's suspension" }).click();
  const lift = admin.getByRole('dialog', { name: "Lift mira99's suspension" });
  await lift.getByLabel('Note (kept in the audit log)').fill('apologised');
  await lift.getByRole('button', { name: 'Lift suspension' }).click();
  await admin.getByRole('status').getByText('mira99 can write again.').waitFor();
  assert.equal(await admin.locator('.admin-member', { hasText: 'mira99' }).getByText(/Suspended/).count(), 0);

  await member.setViewportSize({ width: 1440, height: 900 });
  await member.reload();
  await stars.waitFor();
  assert.equal(await member.locator('.suspended-banner').count(), 0);
  const again = await stars.boundingBox();
  await member.mouse.click(again.x + again.width * 0.39, again.y + again.height / 2);
  await member.locator('.album-my-rating-value', { hasText: '4.0' }).waitFor();
  const popular = await apiGet(run, '/album/popular-albums', session.token);
  assert.equal(popular.find((candidate) => candidate.albumId === album.albumId)?.userRating, 4);

  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const log = admin.getByRole('list', { name: 'Audit log' });
  await log.getByText('vinylvera lifted the suspension of mira99').waitFor();
  const [lifted, suspended] = await log.getByRole('listitem').filter({ hasText: 'mira99' }).allInnerTexts();
  assert.match(lifted, /vinylvera lifted the suspension of mira99/);
  assert.match(lifted, /Note: apologised/);
  assert.match(suspended, /vinylvera suspended mira99/);
  assert.match(suspended, /Note: three reports this week/);
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: `${run.artifacts}admin-audit-phone.png`, fullPage: true });
  await admin.getByRole('tab', { name: 'Members' }).click();
  await admin.getByRole('list', { name: 'Members' }).waitFor();
  await admin.screenshot({ path: `${run.artifacts}admin-members-phone.png`, fullPage: true });
  await Promise.all([admin.close(), member.close()]);
});

test('a member who is not an admin is told /admin needs the role', async () => {
  const { page } = await demoMemberPage(run, 'crate_digger');
  await page.goto(`${run.server.url}/admin`);
  await page.getByText(/^This page needs the admin role\./).waitFor();
  assert.equal(await page.getByRole('tab').count(), 0);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).waitFor();
  assert.equal(await page.getByRole('menuitem', { name: 'Admin' }).count(), 0);
  await page.close();
});
