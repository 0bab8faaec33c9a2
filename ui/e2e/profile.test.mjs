// The profile: figures, charts, tabs, shouts and the picture, as members see them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

const figure = (page, term) => page.locator('.profile-stats div', { has: page.locator('dt', { hasText: term }) }).locator('dd');

test("a member's figures, genre pie and rating bars match their activity", async () => {
  const stats = await apiGet(run, '/user/username/vinylvera/stats');
  const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${run.server.url}/user/vinylvera`);
  await page.getByRole('heading', { name: 'vinylvera', level: 1 }).waitFor();
  assert.equal(await figure(page, 'Comments').innerText(), String(stats.commentsCount));
  assert.equal(await figure(page, 'Reviews').innerText(), String(stats.reviewsCount));
  assert.equal(await figure(page, 'Shouts').innerText(), String(stats.shoutsCount));
  assert.equal(await figure(page, 'Score').innerText(), stats.score.toLocaleString('en'));
  assert.equal(await figure(page, 'Approval').innerText(), `${Math.round(stats.approval)}%`);
  assert.equal(await figure(page, 'Average Rating').innerText(), `${stats.averageRating.toFixed(2)} / 10`);
  assert.equal(await figure(page, 'Favourite Genre').innerText(), stats.favouriteGenre);

  const tabs = page.getByRole('tablist');
  await tabs.getByRole('tab', { name: `Ratings (${stats.ratingsCount})` }).waitFor();
  await tabs.getByRole('tab', { name: `Reviews (${stats.reviewsCount})` }).waitFor();
  await tabs.getByRole('tab', { name: `Posts (${stats.postsCount})` }).waitFor();
  const general = page.locator('.profile-section', { has: page.getByRole('heading', { name: 'Top 5 Albums' }) });
  assert.deepEqual(
    await general.locator('.tile-title').allInnerTexts(),
    stats.topAlbums.map((album) => album.title),
  );

  await page.getByRole('button', { name: 'Pie Chart' }).click();
  const legend = page.locator('.genre-pie-legend li');
  assert.equal(await legend.count(), stats.topGenres.length);
  assert.equal(await page.locator('.genre-pie svg path').count(), stats.topGenres.length);
  const first = stats.topGenres[0];
  assert.equal(await legend.first().innerText(), `${first.name}\n${first.percentage.toFixed(1)}%`);

  await page.getByRole('button', { name: 'Bar Chart' }).click();
  await page.locator('.profile-visual canvas').waitFor();
  const described = await page.locator('.profile-visual [role="img"]').getAttribute('aria-label');
  const highest = stats.ratingDistribution.filter((bucket) => bucket.count > 0).at(-1);
  assert.ok(described.includes(`${highest.count} rated ${highest.number}`), described);

  // The Ratings tab groups by value, highest first.
  await tabs.getByRole('tab', { name: /^Ratings/ }).click();
  await page.locator('.profile-rating-heading').first().waitFor();
  const headings = await page.locator('.profile-rating-heading > span').allInnerTexts();
  const values = headings.map(Number);
  assert.deepEqual(values, [...values].sort((a, b) => b - a));
  assert.equal(headings[0], highest.number.toFixed(1));
  await page.close();
});

test("a new member's profile shows every empty state", async () => {
  const { page } = await signedInPage(run, 'blankslate');
  await page.goto(`${run.server.url}/user/blankslate`);
  await page.getByRole('heading', { name: 'blankslate', level: 1 }).waitFor();
  assert.equal(await figure(page, 'Approval').innerText(), 'No Votes');
  await page.getByRole('button', { name: 'Pie Chart' }).click();
  await page.getByText("This user doesn't have any ratings.").waitFor();
  await page.getByRole('button', { name: 'Bar Chart' }).click();
  await page.getByText('No data to display').waitFor();
  assert.equal(await page.getByText("This user hasn't rated any albums.").count(), 2);
  await page.getByText("This user hasn't commented on any albums.").waitFor();
  const tabs = page.getByRole('tablist');
  await tabs.getByRole('tab', { name: 'Ratings (0)' }).click();
  await page.getByText("This user hasn't rated any albums.").waitFor();
  await tabs.getByRole('tab', { name: 'Reviews (0)' }).click();
  await page.getByText("This user hasn't written any reviews.").waitFor();
  await tabs.getByRole('tab', { name: 'Posts (0)' }).click();
  await page.getByText("This user hasn't written any posts.").waitFor();
  await page.close();
});

test('a shout is sent, shown and deleted; an empty one is explained', async () => {
  const { page } = await demoMemberPage(run, 'lowend.theo');
  await page.goto(`${run.server.url}/user/mira99`);
  await page.getByRole('tablist').getByRole('tab', { name: 'Shouts' }).click();
  const box = page.getByLabel('Leave a shout for mira99');
  await page.getByRole('button', { name: 'Submit' }).click();
  const blank = page.getByRole('dialog', { name: 'Please type something first' });
  await blank.getByText("You can't send an empty shout").waitFor();
  await page.keyboard.press('Escape');
  await blank.waitFor({ state: 'detached' });

  await box.fill('That Cocteau Twins rating is criminal.');
  await page.getByRole('button', { name: 'Submit' }).click();
  const shout = page.locator('.profile-shouts li', { hasText: 'That Cocteau Twins rating is criminal.' });
  await shout.waitFor();
  // The box empties once the send is answered, which may be a moment after
  // the wall shows the shout.
  await page.waitForFunction((input) => input.value === '', await box.elementHandle(), { timeout: 5000 });
  const wall = await apiGet(run, '/shout/user/mira99');
  assert.equal(wall[0].shoutText, 'That Cocteau Twins rating is criminal.');
  // Only the author's own shouts carry a delete icon.
  assert.equal(await page.getByRole('button', { name: 'Delete shout' }).count(), wall.filter((s) => s.user.username === 'lowend.theo').length);

  await shout.getByRole('button', { name: 'Delete shout' }).click();
  await shout.waitFor({ state: 'detached' });
  await page.reload();
  await page.getByRole('tablist').getByRole('tab', { name: 'Shouts' }).click();
  await page.locator('.profile-shouts li').first().waitFor();
  assert.equal(await page.getByText('That Cocteau Twins rating is criminal.').count(), 0);
  await page.close();
});

test('the owner updates their picture; others cannot', async () => {
  const { page, session } = await signedInPage(run, 'pictureperfect');
  // The refused ftp address is answered 400 on purpose.
  page.allowConsole(new RegExp(`^${run.server.url}/api/user/${session.user.userId}$`));
  await page.goto(`${run.server.url}/user/pictureperfect`);
  await page.getByRole('button', { name: 'Update Profile Picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile Picture' });
  await dialog.getByLabel('Picture URL').fill('ftp://example.org/me.png');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  assert.match(await dialog.locator('.form-error').innerText(), /profilePictureUrl/);
  await dialog.getByLabel('Picture URL').fill('https://example.org/me.png');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  const saved = await apiGet(run, `/user/${session.user.userId}`);
  assert.equal(saved.profilePictureUrl, 'https://example.org/me.png');
  await page.close();

  const other = (await demoMemberPage(run, 'mira99')).page;
  await other.goto(`${run.server.url}/user/pictureperfect`);
  await other.getByRole('heading', { name: 'pictureperfect', level: 1 }).waitFor();
  assert.equal(await other.getByRole('button', { name: 'Update Profile Picture' }).count(), 0);
  await other.close();
});

test('an unknown member is named as missing', async () => {
  const page = await run.browser.newPage();
  page.allowConsole(new RegExp(`^${run.server.url}/api/user/username/nobody-at-all(/stats)?$`));
  await page.goto(`${run.server.url}/user/nobody-at-all`);
  await page.getByText('There is no member called nobody-at-all.').waitFor();
  await page.close();
});

test('the owner downloads their data from their profile; nobody else sees the button', async () => {
  const { page, session } = await demoMemberPage(run, 'lowend.theo', { width: 390, height: 844 });
  const stats = await apiGet(run, '/user/username/lowend.theo/stats');
  await page.goto(`${run.server.url}/user/mira99`);
  await page.getByRole('heading', { name: 'mira99', level: 1 }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Download my data' }).count(), 0);

  await page.goto(`${run.server.url}/user/lowend.theo`);
  const button = page.getByRole('button', { name: 'Download my data' });
  await button.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const today = new Date().toISOString().slice(0, 10);
  assert.equal(download.suggestedFilename(), `halfstar-lowend.theo-${today}.json`);
  const saved = JSON.parse(readFileSync(await download.path(), 'utf8'));
  assert.equal(saved.format, 'halfstar-user-export');
  assert.equal(saved.member.username, 'lowend.theo');
  assert.equal(saved.member.userId, session.user.userId);
  assert.equal(saved.ratings.length, stats.ratingsCount);
  // The stats count unrated library albums apart; the file's library holds both.
  assert.equal(saved.library.length, stats.ratingsCount + stats.libraryCount);
  assert.equal(saved.library.filter((entry) => entry.rating === null).length, stats.libraryCount);
  assert.equal(saved.reviews.length, stats.reviewsCount);
  assert.equal(saved.comments.length, stats.commentsCount);
  assert.equal(saved.posts.length, stats.postsCount);
  const wishlist = await apiGet(run, `/wishlistitem/user/${session.user.userId}?limit=100`, session.token);
  assert.equal(saved.wishlist.length, wishlist.length);
  assert.deepEqual(page.errors, []);
  await page.close();
});
