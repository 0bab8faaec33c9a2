// Follows, the feed, notifications and taste compatibility (issue 23),
// against the release binary and the demo community.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

/** Calls the API as a member (a token) and returns the JSON answer. */
async function apiAs(token, method, path, body) {
  const answer = await fetch(`${run.server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  return answer.status === 204 ? undefined : answer.json();
}

async function tokenOf(username) {
  const answer = await fetch(`${run.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'halfstar-demo' }),
  });
  return (await answer.json()).token;
}

test('a member follows a new member from their profile, who rates an album; it is in the feed and the home Feed tab', async () => {
  const { page: rater, session: raterSession } = await signedInPage(run, 'feed_rater');
  const { page: fan, session } = await demoMemberPage(run, 'mira99');
  await fan.goto(`${run.server.url}/user/feed_rater`);
  const social = fan.locator('.profile-social');
  await social.getByRole('button', { name: '0 followers' }).waitFor();
  await social.getByRole('button', { name: 'Follow', exact: true }).click();
  await social.getByRole('button', { name: 'Unfollow' }).waitFor();
  await social.getByRole('button', { name: '1 follower' }).click();
  const followers = fan.getByRole('dialog', { name: "feed_rater's followers" });
  await followers.getByRole('link', { name: 'mira99' }).waitFor();
  await followers.getByRole('button', { name: 'Close' }).click();
  assert.equal((await apiGet(run, '/user/username/feed_rater/social', session.token)).youFollow, true);

  const kidA = await apiGet(run, '/album/name/radiohead/kid-a');
  await apiAs(raterSession.token, 'POST', '/rating', { albumId: kidA.albumId, artistId: kidA.artistId, number: 8 });

  await fan.goto(`${run.server.url}/feed`);
  const item = fan.getByRole('list', { name: 'Feed' }).getByRole('listitem').first();
  await item.getByRole('link', { name: 'feed_rater' }).waitFor();
  await item.getByRole('link', { name: 'rated Kid A by Radiohead 8.0' }).waitFor();
  await item.getByRole('link', { name: 'Kid A by Radiohead 8.0', exact: true }).waitFor();
  await fan.screenshot({ path: `${run.artifacts}feed.png`, fullPage: true });

  await fan.goto(`${run.server.url}/`);
  await fan.getByRole('tab', { name: 'Feed' }).click();
  await fan.getByRole('tabpanel', { name: 'Feed' }).getByRole('link', { name: 'rated Kid A by Radiohead 8.0' }).waitFor();
  await Promise.all([rater.close(), fan.close()]);
});

test('a comment on my review that mentions me lights the bell; opening it reads it and the bell clears (phone)', async () => {
  const { page, session } = await signedInPage(run, 'bell_writer', { width: 390, height: 844 });
  const review = await apiAs(session.token, 'POST', '/review', {
    artistName: 'Radiohead',
    albumName: 'In Rainbows',
    reviewText: 'Warm where Kid A was cold.',
  });
  await apiAs(await tokenOf('lowend.theo'), 'POST', '/comment', {
    reviewId: review.reviewId,
    commentText: 'Spot on @bell_writer, the bass on this one.',
  });

  await page.goto(`${run.server.url}/`);
  const bar = page.getByRole('navigation', { name: 'Mobile' });
  await bar.getByRole('link', { name: 'Notifications: 1 unread' }).click();
  await page.waitForURL(`${run.server.url}/notifications`);
  const item = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first();
  await item.getByRole('link', { name: 'lowend.theo', exact: true }).waitFor();
  await page.screenshot({ path: `${run.artifacts}notifications-phone.png`, fullPage: true });
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  assert.ok(await fits(), 'the notifications fit the phone');
  await item.getByRole('link', { name: /lowend\.theo commented on your review of In Rainbows/ }).click();
  await page.waitForURL(new RegExp(`/review/in-rainbows/${review.reviewId}#comment-\\d+$`));
  await bar.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
  assert.equal((await apiGet(run, '/notifications/unread', session.token)).unread, 0);
  // The mention in the comment links to the member's profile.
  const mention = page.locator('.album-comment').getByRole('link', { name: '@bell_writer' });
  assert.equal(await mention.getAttribute('href'), '/user/bell_writer');

  await bar.getByRole('link', { name: 'Notifications', exact: true }).click();
  await page.getByRole('button', { name: 'Mark all read' }).waitFor();
  const read = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first();
  assert.equal(await read.evaluate((node) => node.classList.contains('unread')), false);
  assert.equal(await page.getByRole('button', { name: 'Mark all read' }).isDisabled(), true);

  // The feed and a profile's follow row fit the phone too.
  await page.goto(`${run.server.url}/feed`);
  await page.getByText('Your feed is empty.', { exact: false }).waitFor();
  assert.ok(await fits(), 'the feed fits the phone');
  await page.goto(`${run.server.url}/user/lowend.theo`);
  await page.getByRole('region', { name: 'Taste compatibility' }).waitFor();
  assert.ok(await fits(), 'the profile fits the phone');
  await page.close();
});

test('a notification opens its page as it is now, at the comment or shout it names, without a reload', async () => {
  const { page, session } = await signedInPage(run, 'list_keeper');
  const list = await apiAs(session.token, 'POST', '/list', { title: 'Night drives', description: 'After midnight.' });
  // The member reads their list (no likes, no comments yet) and moves on: it stays in the page's cache.
  await page.goto(`${run.server.url}/list/${list.listId}/${list.slug}`);
  await page.locator('.list-like-count').getByText('0 likes').waitFor();
  await page.getByText('No comments yet.').waitFor();
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  await page.waitForURL(`${run.server.url}/`);

  const theo = await tokenOf('lowend.theo');
  await apiAs(theo, 'POST', `/list/${list.listId}/like`);
  const comment = await apiAs(theo, 'POST', '/comment', { listId: list.listId, commentText: 'Add some Boards of Canada.' });
  const shout = await apiAs(theo, 'POST', '/shout', { shoutText: 'Good lists here.', recipientUsername: 'list_keeper' });

  await page.getByRole('link', { name: /^Notifications/ }).first().click();
  const items = page.getByRole('list', { name: 'Notifications' });
  await items.getByRole('link', { name: 'lowend.theo commented on your list “Night drives”' }).click();
  await page.waitForURL(`${run.server.url}/list/${list.listId}/${list.slug}#comment-${comment.commentId}`);
  const arrived = page.locator(`#comment-${comment.commentId}`);
  await arrived.getByText('Add some Boards of Canada.').waitFor();
  await page.locator('.list-like-count').getByText('1 like').waitFor();
  await page.waitForFunction((id) => document.activeElement?.id === id, `comment-${comment.commentId}`);
  assert.ok(await arrived.evaluate((item) => item.classList.contains('arrived')), 'the comment is marked');
  await page.screenshot({ path: `${run.artifacts}notification-arrival.png` });

  await page.goBack();
  await items.getByRole('link', { name: 'lowend.theo shouted on your profile' }).click();
  await page.waitForURL(`${run.server.url}/user/list_keeper#shout-${shout.shoutId}`);
  await page.getByRole('tab', { name: 'Shouts', selected: true }).waitFor();
  await page.locator(`#shout-${shout.shoutId}`).getByText('Good lists here.').waitFor();
  await page.waitForFunction((id) => document.activeElement?.id === id, `shout-${shout.shoutId}`);

  // The home page's recent comments say what each is on and lead to it there.
  await page.getByRole('link', { name: 'Home', exact: true }).click();
  const recent = page.getByRole('region', { name: 'Comments' });
  await recent.getByRole('link', { name: 'the list “Night drives”' }).click();
  await page.waitForURL(`${run.server.url}/list/${list.listId}/${list.slug}#comment-${comment.commentId}`);
  await page.waitForFunction((id) => document.activeElement?.id === id, `comment-${comment.commentId}`);
  await page.close();
});

test('a member follows an artist; an editor adds an album of theirs; it is in the feed and the notifications', async () => {
  const { page, session } = await signedInPage(run, 'artist_fan');
  await page.goto(`${run.server.url}/artists/radiohead`);
  await page.getByRole('button', { name: 'Follow Radiohead' }).click();
  await page.getByRole('button', { name: 'Unfollow Radiohead' }).waitFor();
  await page.locator('.artist-follow').getByText('1 follower').waitFor();

  const { page: editor } = await demoMemberPage(run, 'crate_digger');
  await editor.goto(`${run.server.url}/add-album?artist=Radiohead`);
  await editor.getByLabel('Album Name').fill('Hail to the Feed');
  await editor.getByLabel('Release Date').fill('2026-11-20');
  await editor.getByLabel('Genre(s)').fill('Art Rock');
  await editor.getByRole('button', { name: 'Submit' }).click();
  await editor.waitForURL(`${run.server.url}/albums/radiohead/hail-to-the-feed`);

  await page.goto(`${run.server.url}/feed`);
  const first = page.getByRole('list', { name: 'Feed' }).getByRole('listitem').first();
  await first.getByRole('link', { name: 'New album by Radiohead: Hail to the Feed' }).waitFor();

  await page.getByRole('link', { name: 'Notifications: 1 unread' }).click();
  const item = page.getByRole('list', { name: 'Notifications' }).getByRole('listitem').first();
  await item.getByRole('link', { name: /New album by Radiohead: Hail to the Feed/ }).click();
  await page.waitForURL(`${run.server.url}/albums/radiohead/hail-to-the-feed`);
  assert.equal((await apiGet(run, '/notifications/unread', session.token)).unread, 0);
  await Promise.all([page.close(), editor.close()]);
});

test("another member's profile shows how alike their ratings are, as the server figures it", async () => {
  const { page, session } = await demoMemberPage(run, 'mira99');
  const figures = await apiGet(run, '/user/username/crate_digger/compatibility', session.token);
  assert.ok(figures.score != null && figures.agree.length > 0, 'the demo members share enough ratings');
  await page.goto(`${run.server.url}/user/crate_digger`);
  const panel = page.getByRole('region', { name: 'Taste compatibility' });
  await panel.getByRole('img', { name: `${figures.score} out of 100` }).waitFor();
  await panel.getByText(figures.message).waitFor();
  await panel.getByText(`${figures.sharedAlbums} albums rated by you both`).waitFor();
  const agree = panel.getByRole('list', { name: 'You agree on' }).getByRole('listitem');
  assert.equal(await agree.count(), figures.agree.length);
  const top = figures.agree[0];
  await agree.first().getByText(`You ${top.yours.toFixed(1)} · crate_digger ${top.theirs.toFixed(1)}`).waitFor();
  await page.screenshot({ path: `${run.artifacts}compatibility.png`, fullPage: true });

  // Not on one's own profile, and not for visitors.
  await page.goto(`${run.server.url}/user/mira99`);
  await page.locator('.profile-social').waitFor();
  assert.equal(await page.getByRole('region', { name: 'Taste compatibility' }).count(), 0);
  await page.close();
});
