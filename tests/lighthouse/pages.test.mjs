// Lighthouse over the pages a member meets first (home, an album, a list, a
// profile, the feed), on a phone and a desktop, against the release binary
// serving the demo. Each of Lighthouse's four scored categories must reach 95,
// and no accessibility audit may fail, weighted or not.
//
// Performance is timed on a shared machine, so one slow run is not a verdict:
// a page under 95 is measured four times more and judged by its median run, as
// Lighthouse CI does (three runs were not enough on two shared cores: a page's
// blocking time varied from 50 to 260 ms between runs of one build). The other
// categories do not vary between runs.
//
// Run by scripts/test-lighthouse, which installs the pinned Lighthouse here.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '../../ui/node_modules/playwright-core/index.mjs';
import { logInDemoMember, startServer } from '../../ui/e2e/server.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const LEAST_SCORE = 0.95;
const TOKEN_KEY = 'halfstar.token';
const MEMBER_KEY = 'halfstar.member';

let server;
let chrome;
let browser;
let listPath;

before(async () => {
  server = await startServer();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  listPath = await makeList('mira99');
});

after(async () => {
  await browser?.close().catch(() => {});
  await chrome?.kill();
  await server?.stop();
});

/**
 * Signs the browser in as `username` (or out), as a returning member's browser
 * is: the token, and the member's record the app keeps once it has confirmed
 * the session. Then empties the HTTP cache, so every run loads cold.
 */
async function prepareBrowser(username) {
  const token = username ? await logIn(username) : null;
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate(
    ([key, value]) => {
      localStorage.clear();
      if (value) localStorage.setItem(key, value);
    },
    [TOKEN_KEY, token],
  );
  if (token) {
    await page.goto(`${server.url}/`);
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, MEMBER_KEY);
  }
  const session = await page.context().newCDPSession(page);
  await session.send('Network.clearBrowserCache');
  await page.close();
}

/** The demo has no lists: `username` makes one of the ten most popular albums, each with a note. */
async function makeList(username) {
  const token = await logIn(username);
  const asMember = (path, body) =>
    fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const made = await asMember('/list', { title: 'Rainy day records', description: 'For the window seat.' });
  assert.equal(made.status, 201);
  const list = await made.json();
  const popular = await (await fetch(`${server.url}/api/album/popular-albums`)).json();
  assert.ok(popular.length >= 10, 'the demo has ten popular albums');
  for (const album of popular.slice(0, 10)) {
    const added = await asMember(`/list/${list.listId}/entries`, { albumId: album.albumId, note: 'Best with the lights off.' });
    assert.equal(added.status, 201);
  }
  return `/list/${list.listId}/${list.slug}`;
}

const tokens = new Map();

/** Logs in once per member: sign-in has its own allowance. */
async function logIn(username) {
  if (!tokens.has(username)) tokens.set(username, (await logInDemoMember(server, username)).token);
  return tokens.get(username);
}

/** What falls short in one report: categories under the least score and failed accessibility audits. */
function shortfalls(lhr) {
  const low = CATEGORIES.filter((id) => lhr.categories[id].score < LEAST_SCORE).map(
    (id) => `${id} ${Math.round(lhr.categories[id].score * 100)}: ${failedAudits(lhr, id).join(', ')}`,
  );
  const inaccessible = lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.scoreDisplayMode === 'binary' && audit.score === 0)
    .map((audit) => `accessibility audit ${audit.id}: ${describeItems(audit)}`);
  return [...low, ...inaccessible];
}

function failedAudits(lhr, categoryId) {
  return lhr.categories[categoryId].auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit.score !== null && audit.score < 0.9)
    .map((audit) => `${audit.id} ${audit.displayValue ?? audit.score}`);
}

function describeItems(audit) {
  const items = audit.details?.items ?? [];
  return items
    .slice(0, 3)
    .map((item) => item.node?.snippet ?? JSON.stringify(item))
    .join(' | ');
}

const pages = [
  { name: 'home, signed out', path: () => '/', member: null },
  { name: 'home', path: () => '/', member: 'mira99' },
  { name: 'an album', path: () => '/albums/radiohead/ok-computer', member: 'mira99' },
  { name: 'a list', path: () => listPath, member: 'mira99' },
  { name: 'a profile', path: () => '/user/vinylvera', member: 'mira99' },
  { name: 'the feed', path: () => '/feed', member: 'mira99' },
];

/** One cold Lighthouse run of `url` as `member` sees it. */
async function audit(url, member, formFactor) {
  await prepareBrowser(member);
  const result = await lighthouse(
    url,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, disableStorageReset: true },
    formFactor === 'desktop' ? desktopConfig : undefined,
  );
  assert.equal(result.lhr.runtimeError, undefined, `Lighthouse could not load ${url}`);
  assert.equal(new URL(result.lhr.finalDisplayedUrl).pathname, new URL(url).pathname, 'the page did not redirect');
  return result.lhr;
}

const performanceOf = (lhr) => lhr.categories.performance.score;

/** Runs of a page whose first run falls short, the median of which is its verdict. */
const RUNS_WHEN_SHORT = 5;

/** The first run, or, when its performance falls short, the median of five runs by performance. */
async function judgedRun(url, member, formFactor) {
  const first = await audit(url, member, formFactor);
  if (performanceOf(first) >= LEAST_SCORE) return first;
  const runs = [first];
  while (runs.length < RUNS_WHEN_SHORT) runs.push(await audit(url, member, formFactor));
  runs.sort((a, b) => performanceOf(a) - performanceOf(b));
  return runs[Math.floor(RUNS_WHEN_SHORT / 2)];
}

for (const formFactor of ['mobile', 'desktop']) {
  for (const { name, path, member } of pages) {
    test(`Lighthouse: ${name} on ${formFactor}`, async (t) => {
      const url = server.url + path();
      const lhr = await judgedRun(url, member, formFactor);
      t.diagnostic(CATEGORIES.map((id) => `${id} ${Math.round(lhr.categories[id].score * 100)}`).join(', '));
      assert.deepEqual(shortfalls(lhr), [], `${url} on ${formFactor}`);
    });
  }
}
