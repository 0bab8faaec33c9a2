// Mail in a real browser, with real mail: the server sends through aiosmtpd
// (scripts/mail-server), and the tests read the Maildir as a mail program
// would and open its links. A sign-up finished from its mailed link; a
// forgotten password recovered (the devices signed in before are signed
// out); an invite an admin mailed; the weekly digest asked for in settings,
// and turned off from its own link.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiAs, demoMemberPage, logInDemoMember, startPeer, useServerAndBrowser } from './server.mjs';

const maildir = mkdtempSync(join(tmpdir(), 'halfstar-maildir-'));
let smtp;

/** Starts aiosmtpd on a free port: its address. */
async function startMailServer() {
  const started = await startPeer(resolve(import.meta.dirname, '../../scripts/mail-server'), ['--maildir', maildir]);
  smtp = started.child;
  return started.address;
}

const run = useServerAndBrowser({
  before,
  after,
  env: async () => ({
    HALFSTAR_SMTP_URL: `smtp://${await startMailServer()}`,
    HALFSTAR_MAIL_FROM: 'music@example.org',
    HALFSTAR_CONFIRM_SIGN_UPS: 'true',
    HALFSTAR_MAIL_NOTIFICATIONS_SECONDS: '1',
  }),
});
after(() => {
  smtp?.kill();
  rmSync(maildir, { recursive: true, force: true });
});

/** The mails delivered so far, waiting up to 20 s for `count` of them. */
async function mails(count) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    let names = [];
    try {
      names = readdirSync(join(maildir, 'new')).sort();
    } catch {
      // Not made until the first mail.
    }
    if (names.length >= count) return names.map((name) => readFileSync(join(maildir, 'new', name), 'utf8'));
    if (Date.now() > deadline) throw new Error(`${names.length} of ${count} mails arrived`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** A mail's text with quoted-printable's soft line breaks undone. */
const readable = (mail) => mail.replace(/\r\n/g, '\n').replace(/=\n/g, '').replace(/=3D/g, '=');

const PASSWORD = 'long enough password';

test('a member signs up through the mailed link, forgets the password, and chooses a new one', async () => {
  // Sign-ups wait for their address's link (HALFSTAR_CONFIRM_SIGN_UPS).
  const phone = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
  await phone.goto(`${run.server.url}/sign-up`);
  await phone.getByLabel('Username').fill('forgetful');
  await phone.getByLabel('Email').fill('forgetful@example.org');
  await phone.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await phone.getByRole('button', { name: 'Sign Up' }).click();
  await phone.getByRole('status').getByText('Check your mail').waitFor();
  const [welcome] = await mails(1);
  assert.match(welcome, /^Subject: Finish signing up on 127\.0\.0\.1$/m);
  const finish = /(http:\/\/\S+\/confirm-sign-up#token=[\w-]+)/.exec(readable(welcome))?.[1];
  assert.ok(finish?.startsWith(run.server.url), readable(welcome));
  await phone.goto(finish);
  await phone.getByRole('button', { name: 'Finish signing up' }).click();
  await phone.waitForURL(`${run.server.url}/`);
  await phone.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Library' }).waitFor();
  const oldToken = await phone.evaluate(() => localStorage.getItem('halfstar.token'));
  assert.ok(oldToken);

  const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${run.server.url}/login`);
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.waitForURL(`${run.server.url}/forgot-password`);
  await page.getByLabel('Email').fill('forgetful@example.org');
  await page.getByRole('button', { name: 'Send the link' }).click();
  await page.getByRole('status').getByText('If an account has this address').waitFor();

  const [, mail] = await mails(2);
  assert.match(mail, /^Subject: Choose a new password on 127\.0\.0\.1$/m);
  const link = /(http:\/\/\S+\/reset-password#token=[\w-]+)/.exec(readable(mail))?.[1];
  assert.ok(link?.startsWith(run.server.url), readable(mail));

  // The link opens a form; only its POST uses the token.
  await page.goto(link);
  await page.getByRole('heading', { name: 'Choose a New Password' }).waitFor();
  assert.equal(new URL(page.url()).hash, '', 'the token is taken off the address bar');
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('The new password again').fill('a brand new passwork');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByRole('alert').getByText('The two passwords differ').waitFor();
  await page.getByLabel('The new password again').fill('a brand new password');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByRole('status').getByText('Your password is changed').waitFor();

  const before = await fetch(`${run.server.url}/api/auth/me`, { headers: { authorization: `Bearer ${oldToken}` } });
  assert.equal(before.status, 401, 'the session from before is signed out');
  const [, , told] = await mails(3);
  assert.match(told, /^Subject: Your password on 127\.0\.0\.1 was changed$/m);

  // Without reloading, to the log-in page and in with the new password.
  await page.getByRole('link', { name: 'Log in', exact: true }).click();
  await page.waitForURL(`${run.server.url}/login`);
  await page.getByLabel('Username').fill('forgetful');
  await page.getByLabel('Password').fill('a brand new password');
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(`${run.server.url}/`);
  // Signed in: the phone's bottom bar offers the library (hidden when signed out).
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Library' }).waitFor();

  // The used link now says so, and offers a new one.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another password');
  await page.getByLabel('The new password again').fill('yet another password');
  page.allowConsole(/\/api\/auth\/reset-password/);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await page.getByRole('alert').getByText('expired or was used').waitFor();
  await page.getByRole('link', { name: 'Ask for a new link' }).waitFor();
});

test('an admin mails an invite from the admin page, and the outbox says it was sent', async () => {
  const already = (await mails(3)).length;
  const { page: admin } = await demoMemberPage(run, 'vinylvera');
  await admin.goto(`${run.server.url}/`);
  await admin.getByRole('button', { name: 'Settings' }).click();
  await admin.getByRole('menuitem', { name: 'Admin' }).click();
  await admin.getByRole('tab', { name: 'Sign-up & invites' }).click();
  await admin.getByLabel('Mail it to (optional)').fill('friend@example.org');
  await admin.getByRole('button', { name: 'Create invite' }).click();
  await admin.getByRole('status').getByText('mailed to friend@example.org').waitFor();

  const invite = (await mails(already + 1)).at(-1);
  assert.match(invite, /^To: friend@example\.org$/m);
  const link = /(http:\/\/\S+\/sign-up\?invite=[\w-]+)/.exec(readable(invite))?.[1];
  assert.ok(link?.startsWith(run.server.url), readable(invite));

  // Admin -> Mail lists it, sent, with the mail server's answer.
  await admin.getByRole('tab', { name: 'Mail' }).click();
  const row = admin.getByRole('row').filter({ hasText: 'friend@example.org' });
  await row.getByText('Sent').waitFor({ timeout: 15_000 });
  await row.getByText(/^250/).waitFor();

  const friend = await run.browser.newPage();
  await friend.goto(link);
  await friend.getByRole('heading', { name: 'Sign Up' }).waitFor();
});

test('a member asks for the weekly digest, it arrives, and its link turns it off', async () => {
  const already = (await mails(4)).length;
  const { page } = await demoMemberPage(run, 'shoegaze_sam');
  await page.goto(`${run.server.url}/settings/account`);
  const section = page.getByRole('region', { name: 'Mail' });
  const digest = section.getByLabel('Once a week, a digest of the notifications I have not read');
  await digest.check();
  await section.getByText('Mail goes to sam@demo.halfstar.invalid').waitFor();
  assert.equal(await digest.isChecked(), true);

  // Something to tell: a listener follows Sam.
  const listener = await logInDemoMember(run.server, 'amberwaves');
  await apiAs(run, listener.token, 'POST', '/user/username/shoegaze_sam/follow');
  // A digest is due a week after it is asked for; the admin's command makes it due now.
  const due = spawnSync(run.server.binary, ['--data-dir', run.server.dataDir, 'email', 'digests-now'], { encoding: 'utf8' });
  assert.equal(due.status, 0, due.stderr);
  assert.match(due.stdout, /^1 weekly digests are due now/);

  const mail = (await mails(already + 1)).at(-1);
  assert.match(mail, /^To: sam@demo\.halfstar\.invalid$/m);
  assert.match(mail, /^Subject: Your week on halfstar at 127\.0\.0\.1$/m);
  assert.match(mail, /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  assert.match(readable(mail), /amberwaves followed you/);
  const header = /^List-Unsubscribe: <(\S+)>$/m.exec(mail)?.[1];
  assert.ok(header?.startsWith(`${run.server.url}/unsubscribe/`), mail);

  // The mail's link opens a page that asks first; one click turns the digest off.
  const stranger = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
  await stranger.goto(header);
  await stranger.getByText('Stop sending the weekly digest to shoegaze_sam?').waitFor();
  await stranger.getByRole('button', { name: 'Unsubscribe' }).click();
  await stranger.getByRole('status').getByText('shoegaze_sam will no longer get the weekly digest').waitFor();

  // Sam's settings, left and reached again without reloading, say so.
  await page.getByRole('link', { name: 'Import my data' }).click();
  await page.waitForURL(`${run.server.url}/settings/import`);
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Account settings' }).click();
  await page.waitForURL(`${run.server.url}/settings/account`);
  await section.getByText('Mail goes to').waitFor();
  await page.waitForFunction(() => {
    const box = [...document.querySelectorAll('label')].find((label) => label.textContent?.startsWith('Once a week'));
    return box?.querySelector('input')?.checked === false;
  });

  // A mail program's one POST (RFC 8058) to the header's address works too.
  await digest.check();
  await section.getByText('Mail goes to').waitFor();
  const oneClick = await fetch(header, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  assert.equal(oneClick.status, 200);
  const settings = await apiAs(run, (await logInDemoMember(run.server, 'shoegaze_sam')).token, 'GET', '/settings/mail');
  assert.equal(settings.mailed.digest, false);
});
