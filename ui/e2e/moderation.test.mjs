// Moderation and the catalogue's history (issue 21): reports and the admin's
// queue, warnings, reverting an edit, and a member's correction accepted by
// an editor, against the release binary and the demo community.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

async function openAlbum(page, artist, title) {
  const album = await apiGet(run, `/album/name/${encodeURIComponent(artist)}/${encodeURIComponent(title)}`);
  await page.goto(`${run.server.url}/albums/${album.artistSlug}/${album.slug}`);
  return album;
}

async function report(page, commentText) {
  const comment = page.locator('.album-comment', { hasText: commentText });
  await comment.getByRole('button', { name: 'Report comment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Report this comment' });
  await dialog.getByLabel('Spam').check();
  await dialog.getByLabel('Note (optional)').fill('looks like an advert');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByText('Thanks: an admin will look at it.').waitFor();
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
}

/** The admin opens the queue through the header's count. */
async function openReports(admin, count) {
  await admin.goto(`${run.server.url}/`);
  await admin.getByRole('button', { name: `Settings: ${count} waiting` }).click();
  await admin.getByRole('menuitem', { name: `Reports (${count})` }).click();
  await admin.waitForURL(`${run.server.url}/admin`);
  await admin.getByRole('tab', { name: `Reports (${count})` }).waitFor();
}

test('a member reports a comment; the admin sees the count, deletes it with a note, and the audit log has it', async () => {
  const text = 'Still think this is their best-sounding record.';
  const { page: member } = await demoMemberPage(run, 'mira99');
  await openAlbum(member, 'Radiohead', 'In Rainbows');
  await report(member, text);

  const { page: admin } = await demoMemberPage(run, 'vinylvera');
  await openReports(admin, 1);
  const item = admin.getByRole('list', { name: 'Reported items' }).getByRole('listitem').filter({ hasText: text }).first();
  await item.getByText('mira99').waitFor();
  await item.getByText('“looks like an advert”').waitFor();
  await item.getByRole('button', { name: 'Delete' }).click();
  const dialog = admin.getByRole('dialog', { name: "Delete lowend.theo's comment" });
  await dialog.getByLabel('Note (kept in the audit log)').fill('spam in the comments');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await admin.getByText('Nothing reported. All quiet.').waitFor();
  await admin.getByRole('tab', { name: 'Reports', exact: true }).waitFor();
  await admin.screenshot({ path: `${run.artifacts}admin-reports.png`, fullPage: true });

  await openAlbum(member, 'Radiohead', 'In Rainbows');
  await member.getByRole('heading', { name: /Comments/ }).waitFor();
  await member.locator('.album-comment').first().waitFor();
  assert.equal(await member.getByText(text).count(), 0);

  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const entry = admin.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first();
  await entry.getByText('deleted the reported').waitFor();
  await entry.getByText('Note: spam in the comments').waitFor();
  await Promise.all([member.close(), admin.close()]);
});

test('the admin warns a member from the queue; the member reads the banner and dismisses it', async () => {
  const text = 'Finally one of theirs I can get behind.';
  const { page: reporter } = await demoMemberPage(run, 'mira99');
  await openAlbum(reporter, 'Radiohead', 'In Rainbows');
  await report(reporter, text);

  // The member has the site open before the warning: it reaches that tab on their next page.
  const { page: member } = await demoMemberPage(run, 'halfstar-hugo', { width: 390, height: 844 });
  await member.goto(`${run.server.url}/`);
  const bar = member.getByRole('navigation', { name: 'Mobile' });
  await bar.waitFor();

  const { page: admin } = await demoMemberPage(run, 'vinylvera');
  await openReports(admin, 1);
  await admin.getByRole('listitem').filter({ hasText: text }).first().getByRole('button', { name: 'Warn' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Warn halfstar-hugo' });
  await dialog.getByLabel('Message (shown to the member)').fill('Please keep comments about the music.');
  await dialog.getByRole('button', { name: 'Warn' }).click();
  await admin.getByText('Nothing reported. All quiet.').waitFor();

  assert.equal(await member.locator('.warning-banner').count(), 0);
  await bar.getByRole('link', { name: 'Charts' }).click();
  await member.getByText('An admin warned you: Please keep comments about the music.').waitFor();
  await member.screenshot({ path: `${run.artifacts}warning-banner-phone.png` });
  await member.getByRole('button', { name: 'I have read this' }).click();
  await member.locator('.warning-banner').waitFor({ state: 'detached' });
  await member.reload();
  await member.getByRole('navigation', { name: 'Mobile' }).waitFor();
  assert.equal(await member.locator('.warning-banner').count(), 0);
  await Promise.all([reporter.close(), admin.close(), member.close()]);
});

test('an editor edits an album title, opens History and reverts it; the old title is back', async () => {
  const { page } = await demoMemberPage(run, 'crate_digger');
  const album = await openAlbum(page, 'Radiohead', 'Kid A');
  await page.getByRole('group', { name: 'Album actions' }).getByRole('button', { name: 'Edit Album' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Album' });
  await edit.getByLabel('Album Name').fill('Kid A (Wrong)');
  await edit.getByRole('button', { name: 'Submit' }).click();
  await edit.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Kid A (Wrong)' }).waitFor();

  await page.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History' });
  const newest = history.getByRole('list', { name: 'Revisions' }).getByRole('listitem').first();
  await newest.getByText('crate_digger edited it').waitFor();
  assert.deepEqual(await newest.getByRole('row').allInnerTexts(), ['Field\tBefore\tAfter', 'Title\tKid A\tKid A (Wrong)']);
  await newest.getByRole('button', { name: 'Revert' }).click();
  await newest.getByLabel('Note').fill('the title was right');
  await newest.getByRole('button', { name: 'Revert this change' }).click();
  await history.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: 'Kid A', exact: true }).waitFor();
  await page.waitForURL(`${run.server.url}/albums/${album.artistSlug}/${album.slug}`);
  assert.equal((await apiGet(run, `/album/name/${album.artistSlug}/${album.slug}`)).title, 'Kid A');
  await page.close();
});

test('a member suggests a release date; the editor accepts it on /change-requests and the album shows it', async () => {
  const { page: member } = await demoMemberPage(run, 'shoegaze_sam');
  const album = await openAlbum(member, 'Radiohead', 'In Rainbows');
  await member.getByRole('button', { name: 'Suggest a correction' }).click();
  const dialog = member.getByRole('dialog', { name: 'Suggest a correction' });
  await dialog.getByLabel('Release Date').fill('2007-10-11');
  await dialog.getByLabel('Note (why, and where it comes from)').fill('the download came out a day later');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await dialog.getByText('Thanks: an editor will look at it.').waitFor();

  const { page: editor } = await demoMemberPage(run, 'crate_digger');
  await editor.goto(`${run.server.url}/`);
  await editor.getByRole('button', { name: 'Settings: 1 waiting' }).click();
  await editor.getByRole('menuitem', { name: 'Change requests (1)' }).click();
  await editor.waitForURL(`${run.server.url}/change-requests`);
  const request = editor.getByRole('list', { name: 'Change requests' }).getByRole('listitem').first();
  await request.getByText('asked by shoegaze_sam', { exact: false }).waitFor();
  const rows = await request.getByRole('row').allInnerTexts();
  assert.match(rows[1], /^Release date\t\d{4}-\d{2}-\d{2}\t2007-10-11$/);
  await request.getByRole('button', { name: 'Accept' }).click();
  const accept = editor.getByRole('dialog', { name: "Accept shoegaze_sam's request" });
  await accept.getByLabel('Note').fill('checked the label site');
  await accept.getByRole('button', { name: 'Accept' }).click();
  await editor.getByText('No change requests waiting.').waitFor();

  await editor.goto(`${run.server.url}/albums/${album.artistSlug}/${album.slug}`);
  await editor.locator('.album-facts').getByText('October 11th, 2007').waitFor();
  await Promise.all([member.close(), editor.close()]);
});

/** Waits until the album's comments are on screen (or there are none), so a missing one is really missing. */
async function commentsShown(page) {
  const comments = page.locator('.album-comments');
  await comments.locator('.album-comment').first().or(comments.getByText('No comments yet.')).waitFor();
}

test('the admin hides a reported comment: its author sees it marked, the reporter and a visitor do not; shown again, it is back', async () => {
  const line = 'Hidden by a moderator: only you and the moderators can see this.';
  const album = await apiGet(run, '/album/name/Aphex Twin/Richard D. James Album');
  // Whoever wrote a comment there in the demo data, other than the reporter and the admin.
  const { data } = await apiGet(run, `/comment/album/${album.albumId}?page=1`);
  const written = data.find((comment) => !['mira99', 'vinylvera'].includes(comment.user.username));
  const [text, author] = [written.commentText, written.user.username];

  const { page: member } = await demoMemberPage(run, 'mira99');
  await openAlbum(member, 'Aphex Twin', 'Richard D. James Album');
  await report(member, text);

  const { page: admin } = await demoMemberPage(run, 'vinylvera');
  await openReports(admin, 1);
  await admin.getByRole('listitem').filter({ hasText: text }).first().getByRole('button', { name: 'Hide' }).click();
  const hide = admin.getByRole('dialog', { name: `Hide ${author}'s comment` });
  await hide.getByLabel('Note (kept in the audit log)').fill('off-topic advert');
  await hide.getByRole('button', { name: 'Hide' }).click();
  await admin.getByText('Nothing reported. All quiet.').waitFor();

  // Its author still has it, marked.
  const { page: writer } = await demoMemberPage(run, author);
  await openAlbum(writer, 'Aphex Twin', 'Richard D. James Album');
  await writer.locator('.album-comment', { hasText: text }).locator('.hidden-item', { hasText: line }).waitFor();
  await writer.screenshot({ path: `${run.artifacts}hidden-comment-author.png` });

  // The reporter and a visitor do not.
  const visitor = await run.browser.newPage();
  for (const page of [member, visitor]) {
    await openAlbum(page, 'Aphex Twin', 'Richard D. James Album');
    await commentsShown(page);
    assert.equal(await page.getByText(text).count(), 0);
  }

  // The admin sees it marked and shows it again with a note.
  await openAlbum(admin, 'Aphex Twin', 'Richard D. James Album');
  const comment = admin.locator('.album-comment', { hasText: text });
  await comment.locator('.hidden-item', { hasText: line }).waitFor();
  await comment.getByRole('button', { name: 'Show again' }).click();
  const show = admin.getByRole('dialog', { name: 'Show this comment again' });
  await show.getByLabel('Note (kept in the audit log)').fill('the author explained it');
  await show.getByRole('button', { name: 'Show again' }).click();
  await show.waitFor({ state: 'detached' });
  await comment.locator('.hidden-item').waitFor({ state: 'detached' });

  await openAlbum(member, 'Aphex Twin', 'Richard D. James Album');
  await member.locator('.album-comment', { hasText: text }).waitFor();
  assert.equal(await member.locator('.album-comment', { hasText: text }).locator('.hidden-item').count(), 0);

  // Both are in the audit log with their notes, the latest first.
  await admin.goto(`${run.server.url}/admin`);
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const entries = admin.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
  await entries.nth(0).getByText(`unhid comment ${written.commentId} by ${author}`).waitFor();
  await entries.nth(0).getByText('Note: the author explained it').waitFor();
  await entries.nth(1).getByText('hid the reported').waitFor();
  await entries.nth(1).getByText('Note: off-topic advert').waitFor();
  await Promise.all([member.close(), admin.close(), writer.close(), visitor.close()]);
});

test("a report reaches the admin's open tab within seconds, without a reload", async () => {
  const { page: admin, session } = await demoMemberPage(run, 'vinylvera');
  const before = await apiGet(run, '/admin/counts', session.token);
  const waiting = (counts) => (counts.openReports ?? 0) + counts.openChangeRequests;
  await admin.goto(`${run.server.url}/`);
  const badge = (count) => admin.getByRole('button', { name: count ? `Settings: ${count} waiting` : 'Settings', exact: true });
  await badge(waiting(before)).waitFor();

  const { page: memberPage, session: member } = await demoMemberPage(run, 'mira99');
  await memberPage.close();
  const [recent] = await apiGet(run, '/comment/recent/album?limit=1');
  const answer = await fetch(`${run.server.url}/api/reports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ itemKind: 'comment', itemId: recent.comment.commentId, reason: 'spam' }),
  });
  assert.equal(answer.status, 201, await answer.text());
  // Asked every few seconds while the tab is shown: well before a minute.
  await badge(waiting(before) + 1).waitFor({ timeout: 12_000 });
  await admin.close();
});

test('a member suspended while their tab is open sees it on their next page, the stars and comment box disabled with the reason', async () => {
  const { page } = await signedInPage(run, 'soon_quiet');
  await page.goto(`${run.server.url}/albums/radiohead/kid-a`);
  const stars = page.getByRole('slider', { name: 'Rate Kid A' });
  await stars.waitFor();
  assert.equal(await stars.getAttribute('aria-disabled'), null);

  const { page: adminPage, session: admin } = await demoMemberPage(run, 'vinylvera');
  await adminPage.close();
  const suspended = await fetch(`${run.server.url}/api/admin/members/soon_quiet/suspension`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ days: 3, reason: 'flooding the comments' }),
  });
  assert.equal(suspended.status, 200, await suspended.text());

  // The next page the member opens in the same tab says so, and nothing offers a write that would fail.
  await page.getByRole('link', { name: 'Radiohead', exact: true }).first().click();
  await page.getByRole('status').getByText(/Your account is suspended until .*: flooding the comments\./).waitFor();
  await page.goBack();
  await stars.waitFor();
  await page.waitForFunction(() => document.querySelector('[role="slider"][aria-label="Rate Kid A"]')?.getAttribute('aria-disabled') === 'true');
  assert.match(await stars.getAttribute('title'), /flooding the comments/);
  assert.ok(await page.getByLabel('Add a comment').isDisabled(), 'the comment box is disabled');
  await page.locator('.write-refused', { hasText: 'flooding the comments' }).waitFor();
  assert.ok(await page.getByRole('group', { name: 'Album actions' }).getByRole('button', { name: 'Write a Review' }).isDisabled());
  await page.screenshot({ path: `${run.artifacts}suspended-album.png` });
  await page.close();
});
