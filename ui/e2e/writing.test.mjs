// Reviews and posts as members write, read and vote on them.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

async function expectApproval(page, text, tone) {
  const approval = page.getByLabel('Approval');
  await approval.filter({ hasText: text }).waitFor();
  assert.match(await approval.getAttribute('class'), new RegExp(`approval-${tone}\\b`));
}

test('a review is written in two steps, then others vote on it', async () => {
  const { page } = await signedInPage(run, 'firstreviewer');
  await page.goto(`${run.server.url}/albums/radiohead/ok-computer`);
  await page.getByRole('group', { name: 'Album actions' }).getByRole('button', { name: 'Write a Review' }).click();
  await page.getByRole('heading', { name: 'Add Review' }).waitFor();
  const artist = page.getByLabel('Artist Name');
  const album = page.getByLabel('Album Name');
  assert.equal(await artist.inputValue(), 'Radiohead');
  assert.equal(await album.inputValue(), 'OK Computer');

  await album.fill('OK Computr');
  page.allowConsole(new RegExp(`^${run.server.url}/api/review/validate$`)); // refused on purpose
  await page.getByRole('button', { name: 'Next' }).click();
  const refusal = page.locator('.form-error');
  await refusal.waitFor();
  assert.match(await refusal.innerText(), /no album called OK Computr/);
  assert.equal(await refusal.evaluate((node) => getComputedStyle(node).color), 'rgb(255, 123, 123)');

  await album.fill('ok computer');
  await page.getByRole('button', { name: 'Next' }).click();
  const text = page.getByLabel('Radiohead - OK Computer');
  await text.fill('Paranoid Android alone is worth the price.\n\nThe rest is nearly as good.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/review\/ok-computer\/\d+$/);
  const reviewPath = new URL(page.url()).pathname;
  await page.getByText('Paranoid Android alone is worth the price.').waitFor();
  await page.getByText('The rest is nearly as good.').waitFor();
  await expectApproval(page, 'No Votes', 'none');
  await page.getByText('0 Votes').waitFor();
  // Authors cannot vote on their own review.
  assert.equal(await page.getByRole('button', { name: 'Thumbs up' }).isDisabled(), true);
  await page.close();

  const second = (await demoMemberPage(run, 'mira99')).page;
  await second.goto(`${run.server.url}${reviewPath}`);
  await expectApproval(second, 'No Votes', 'none');
  await second.getByRole('button', { name: 'Thumbs up' }).click();
  await expectApproval(second, '100%', 'high');
  assert.equal(await second.getByRole('button', { name: 'Thumbs up' }).getAttribute('aria-pressed'), 'true');
  assert.equal(await second.getByRole('button', { name: 'Thumbs down' }).getAttribute('aria-pressed'), 'false');
  await second.getByText('1 Vote', { exact: true }).waitFor();
  // The vote is the member's own after a reload too.
  await second.reload();
  await expectApproval(second, '100%', 'high');
  assert.equal(await second.getByRole('button', { name: 'Thumbs up' }).getAttribute('aria-pressed'), 'true');
  await second.close();

  const third = (await demoMemberPage(run, 'lowend.theo')).page;
  await third.goto(`${run.server.url}${reviewPath}`);
  await third.getByRole('button', { name: 'Thumbs down' }).click();
  await expectApproval(third, '50%', 'fair');
  await third.getByText('2 Votes').waitFor();
  assert.deepEqual(third.errors, []);
  await third.close();
});

test('Previous and Next walk the reviews of an album and stop at its ends', async () => {
  const reviews = await apiGet(run, '/review/kid-a');
  assert.ok(reviews.length >= 2, 'the demo has several reviews of Kid A');
  const page = await run.browser.newPage();
  const first = await apiGet(run, `/review/kid-a/${reviews[0].reviewId}`);
  const start = first.nextReviewId == null ? first : await apiGet(run, `/review/kid-a/${reviews.at(-1).reviewId}`);
  assert.equal(start.nextReviewId, null);
  await page.goto(`${run.server.url}/review/kid-a/${start.reviewId}`);
  await page.getByText(start.reviewText.slice(0, 40)).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Next' }).isDisabled(), true);
  await page.getByRole('link', { name: 'Previous' }).click();
  await page.waitForURL(`${run.server.url}/review/kid-a/${start.previousReviewId}`);
  await page.getByRole('link', { name: 'Next' }).waitFor();

  // Signed out, a vote asks for a log-in instead.
  await page.getByRole('button', { name: 'Thumbs up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log In' });
  assert.match(await dialog.innerText(), /to vote on a review\.$/);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.close();
});

test('a post is written, edited by its author only, and voted on', async () => {
  const { page } = await signedInPage(run, 'poster');
  await page.goto(`${run.server.url}/`);
  await page.locator('.header-actions').getByRole('button', { name: 'Add' }).click();
  await page.getByRole('menuitem', { name: 'Add Post' }).click();
  await page.getByLabel('Title').fill('Albums for a long train ride');
  await page.getByLabel('Text').fill('Start with Music for Airports.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(/\/post\/\d+$/);
  const postPath = new URL(page.url()).pathname;
  await page.getByRole('heading', { name: 'Albums for a long train ride' }).waitFor();
  await page.getByText('1 Post', { exact: true }).waitFor();
  await expectApproval(page, 'No Votes', 'none');

  await page.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Post' });
  await dialog.getByRole('textbox').fill('Start with Music for Airports, then Tago Mago.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('then Tago Mago.').waitFor();
  await page.reload();
  await page.getByText('Start with Music for Airports, then Tago Mago.').waitFor();
  await page.close();

  const other = (await demoMemberPage(run, 'shoegaze_sam')).page;
  await other.goto(`${run.server.url}${postPath}`);
  await other.getByRole('heading', { name: 'Albums for a long train ride' }).waitFor();
  assert.equal(await other.getByRole('button', { name: 'Edit' }).count(), 0);
  await other.getByRole('button', { name: 'Thumbs down' }).click();
  await expectApproval(other, '0%', 'low');
  await other.close();

  const visitor = await run.browser.newPage();
  await visitor.goto(`${run.server.url}${postPath}`);
  await visitor.getByRole('button', { name: 'Thumbs up' }).click();
  assert.match(await visitor.getByRole('dialog', { name: 'Log In' }).innerText(), /to vote on a post\.$/);
  await visitor.close();
});

test('a sixth comment within a minute opens the slow-down dialog', async () => {
  const { page } = await demoMemberPage(run, 'halfstar-hugo');
  const [post] = await apiGet(run, '/post/recent?limit=1');
  await page.goto(`${run.server.url}/post/${post.postId}`);
  page.allowConsole(new RegExp(`^${run.server.url}/api/comment$`)); // the sixth is answered 429 on purpose
  const box = page.getByLabel('Add a comment');
  for (let n = 1; n <= 5; n += 1) {
    await box.fill(`Comment number ${n}`);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.locator('.album-comment', { hasText: `Comment number ${n}` }).waitFor();
  }
  await box.fill('Comment number 6');
  await page.getByRole('button', { name: 'Submit' }).click();
  const dialog = page.getByRole('dialog', { name: 'You are sending too many comments.' });
  await dialog.getByText('We appreciate the enthusiasm but please slow down.').waitFor();
  const listed = await apiGet(run, `/comment/post/${post.postId}?page=1`);
  assert.equal(listed.data.filter((comment) => comment.commentText.startsWith('Comment number')).length, 5);
  await page.close();
});
