// Navigation at every width: no screen is wider than the window, and from
// phones to wide monitors Home, Library, Charts, Profile, Add and search are
// on screen and work (a client-side route change, never a reload).
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });
const MEMBER = 'vinylvera';

// Phones and tablets are touch devices that honour the viewport meta tag, as
// a real one would: there a page wider than the screen is what pushes the
// bottom bar out of reach.
const SIZES = [
  { name: 'phone', width: 390, height: 844, touch: true },
  { name: 'tablet portrait', width: 768, height: 1024, touch: true },
  { name: 'tablet landscape', width: 1024, height: 768, touch: true },
  { name: 'laptop', width: 1440, height: 900, touch: false },
];
// The edges: the smallest phone, both sides of each breakpoint, a wide monitor.
const EDGES = [
  { name: 'small phone', width: 320, height: 640, touch: true },
  { name: 'large phone', width: 600, height: 960, touch: true },
  { name: 'narrow window', width: 899, height: 800, touch: false },
  { name: 'small laptop', width: 900, height: 700, touch: false },
  { name: 'wide monitor', width: 2560, height: 1440, touch: false },
];

/** The member's one session: a person signs in once, not once a screen size (and log-ins,
 * right ones too, are limited per account and address). */
let memberSession;

async function openAs(size) {
  if (!memberSession) {
    const { page, session } = await demoMemberPage(run, MEMBER);
    await page.close();
    memberSession = session;
  }
  const session = memberSession;
  // The same session, on a page that emulates the device.
  const context = await run.browser.newContext({
    viewport: { width: size.width, height: size.height },
    isMobile: size.touch && size.width < 1024,
    hasTouch: size.touch,
  });
  // The shared browser records this page's page errors and console errors in `page.errors`.
  const device = await context.newPage();
  await device.addInitScript((token) => localStorage.setItem('halfstar.token', token), session.token);
  return { page: device, context };
}

/** The six screens every member moves between, found through the API. */
async function journeyScreens() {
  const [album] = await apiGet(run, '/album/popular-albums?limit=1');
  return [
    { path: '/', screen: 'home' },
    { path: `/albums/${album.artistSlug}/${album.slug}`, screen: 'album', ready: '.album-info' },
    { path: `/artists/${album.artistSlug}`, screen: 'artist', ready: '.album-tile' },
    { path: `/user/${MEMBER}`, screen: 'profile', ready: '[role="tablist"]' },
    { path: '/my-library', screen: 'library' },
    { path: '/charts/all-time/all-genres', screen: 'charts', ready: '.album-tile' },
  ];
}

/** Every other screen, for the overflow check. */
async function otherScreens() {
  const [post] = await apiGet(run, '/post/recent?limit=1');
  const [review] = await apiGet(run, '/review/kid-a');
  return [
    { path: `/review/kid-a/${review.reviewId}`, screen: 'review' },
    { path: `/post/${post.postId}`, screen: 'post' },
    { path: '/charts/1997/rock', screen: 'charts', ready: '.album-tile' },
    { path: '/genre/shoegaze', screen: 'genre' },
    { path: '/year/1997', screen: 'year' },
    { path: `/collection?user=${MEMBER}`, screen: 'collection' },
    { path: '/add-album', screen: 'add-album' },
    { path: '/add-artist', screen: 'add-artist' },
    { path: '/add-review', screen: 'add-review' },
    { path: '/add-post', screen: 'add-post' },
    { path: '/grab-data', screen: 'grab-data' },
    { path: '/settings/account', screen: 'account', ready: '.session' },
    { path: '/settings/import', screen: 'import', ready: '.import-upload' },
    { path: '/login', screen: 'login' },
    { path: '/sign-up', screen: 'sign-up' },
    { path: '/artists/not-found/Nobody%20Here', screen: 'artist-not-found' },
    { path: '/no/such/page', screen: 'not-found' },
  ];
}

async function settle(page, { screen, ready }) {
  await page.locator(`[data-screen="${screen}"]`).first().waitFor();
  if (ready) await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.locator('.loading').first().waitFor({ state: 'detached' });
}

async function open(page, target) {
  await page.goto(`${run.server.url}${target.path}`);
  await settle(page, target);
}

/**
 * The page is no wider than the screen. A phone zooms a wider page out, and
 * then `innerWidth` grows with it, so the page is measured against the
 * screen's own width as well.
 */
async function assertNoOverflow(page, where) {
  const screenWidth = page.viewportSize().width;
  const { scrollWidth, innerWidth, culprit } = await page.evaluate((limit) => {
    // Name the first element that sticks out of a parent that fits, to say what to fix.
    let culprit = null;
    for (const element of document.body.querySelectorAll('*')) {
      // A fixed bar spans whatever the page became; it is not the cause.
      if (getComputedStyle(element).position === 'fixed') continue;
      const right = element.getBoundingClientRect().right + window.scrollX;
      const parent = element.parentElement.getBoundingClientRect().right + window.scrollX;
      if (right > limit + 0.5 && parent <= limit + 0.5 && (!culprit || right > culprit.right)) {
        culprit = { right, what: `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` };
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, culprit };
  }, screenWidth);
  const width = Math.max(scrollWidth, innerWidth);
  assert.ok(
    width <= screenWidth,
    `${where}: the page is ${width}px wide on a ${screenWidth}px screen (${culprit?.what} reaches ${culprit?.right}px)`,
  );
}

/** Checks the page, then each tab of each tab list on it. */
async function assertNoOverflowInTabs(page, where) {
  await assertNoOverflow(page, where);
  const tabs = page.locator('main [role="tab"]');
  for (let i = 0; i < (await tabs.count()); i += 1) {
    const tab = tabs.nth(i);
    const label = (await tab.innerText()).trim();
    await tab.click();
    await page.waitForLoadState('networkidle');
    await assertNoOverflow(page, `${where}, tab ${label}`);
  }
}

/** The one control of that name a member can see (header or bottom bar, whichever shows). */
function control(page, role, name) {
  return page.getByRole(role, { name, exact: true }).filter({ visible: true });
}

async function assertOnScreen(page, locator, what) {
  assert.equal(await locator.count(), 1, `${what}: expected one visible control, found ${await locator.count()}`);
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize();
  assert.ok(
    box.x >= 0 && box.y >= 0 && box.x + box.width <= width + 0.5 && box.y + box.height <= height + 0.5,
    `${what} is outside the ${width}x${height} window: ${JSON.stringify(box)}`,
  );
}

/** Home, Library, Charts, Profile, Add and search are in the window without scrolling. */
async function assertNavigationOnScreen(page, where) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const name of ['Home', 'Library', 'Charts']) {
    await assertOnScreen(page, control(page, 'link', name), `${where}: ${name}`);
  }
  const profileLink = control(page, 'link', 'Profile');
  const profile = (await profileLink.count()) ? profileLink : control(page, 'button', 'Profile');
  await assertOnScreen(page, profile, `${where}: Profile`);
  await assertOnScreen(page, control(page, 'button', 'Add'), `${where}: Add`);
  const box = page.getByRole('combobox', { name: 'Search artists, albums and lists' }).filter({ visible: true });
  const search = (await box.count()) ? box : control(page, 'button', 'Search');
  await assertOnScreen(page, search, `${where}: search`);
}

/** A marker that a full page load would wipe out. */
async function markDocument(page) {
  await page.evaluate(() => {
    window.__sameDocument = true;
  });
}

async function assertSameDocument(page, what) {
  assert.equal(await page.evaluate(() => window.__sameDocument), true, `${what} reloaded the page`);
}

/** Uses each navigation control in turn, starting from `target`. */
async function useEveryControl(page, target, where) {
  await open(page, target);
  await markDocument(page);
  const go = async (what, action, path, screen) => {
    await action();
    await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)));
    await page.locator(`[data-screen="${screen}"]`).first().waitFor();
    await assertSameDocument(page, `${where}: ${what}`);
  };

  await go('Library', () => control(page, 'link', 'Library').click(), '/my-library', 'library');
  await go('Charts', () => control(page, 'link', 'Charts').click(), /^\/charts\//, 'charts');
  await go('Home', () => control(page, 'link', 'Home').click(), '/', 'home');
  await go(
    'Profile',
    async () => {
      const link = control(page, 'link', 'Profile');
      if (await link.count()) return link.click();
      await control(page, 'button', 'Profile').click();
      const item = page.getByRole('menu', { name: 'Profile' }).getByRole('menuitem', { name: 'View Profile' });
      await assertOnScreen(page, item, `${where}: the Profile menu's View Profile`);
      await item.click();
    },
    `/user/${MEMBER}`,
    'profile',
  );
  await go(
    'Add',
    async () => {
      await control(page, 'button', 'Add').click();
      const menu = page.getByRole('menu', { name: 'Add' });
      for (const item of ['Add Artist', 'Add Album', 'Add Review', 'Add Post', 'Add List']) {
        await assertOnScreen(page, menu.getByRole('menuitem', { name: item }), `${where}: the Add menu's ${item}`);
      }
      await menu.getByRole('menuitem', { name: 'Add Post' }).click();
    },
    '/add-post',
    'add-post',
  );
  await go(
    'search',
    async () => {
      const box = page.getByRole('combobox', { name: 'Search artists, albums and lists' }).filter({ visible: true });
      if (!(await box.count())) await control(page, 'button', 'Search').click();
      await assertOnScreen(page, box, `${where}: the search box`);
      await box.fill('Radiohead');
      await box.press('Enter');
    },
    /^\/artists\/radiohead$/i,
    'artist',
  );
  await page.getByRole('heading', { name: 'Radiohead', level: 1 }).waitFor();
}

for (const size of SIZES) {
  test(`at ${size.width}x${size.height} (${size.name}) every screen fits and the navigation works`, async () => {
    const { page, context } = await openAs(size);
    const journey = await journeyScreens();
    for (const target of journey) {
      const where = `${target.path} at ${size.width}px`;
      await open(page, target);
      await assertNoOverflowInTabs(page, where);
      await assertNavigationOnScreen(page, where);
      await useEveryControl(page, target, where);
    }
    if (size.width === 390) {
      // The profile's tabs used to push a phone's page sideways.
      await open(page, journey.find((t) => t.screen === 'profile'));
      await page.screenshot({ path: `${run.artifacts}navigation-profile-390.png` });
    }
    assert.deepEqual(page.errors, []);
    await context.close();
  });
}

test('no screen is wider than the window, and the navigation is on it, from 320 px to 2560 px', async () => {
  const journey = await journeyScreens();
  const others = await otherScreens();
  for (const size of [...EDGES, ...SIZES]) {
    const { page, context } = await openAs(size);
    // The sizes above already went through the journey's screens.
    const screens = EDGES.includes(size) ? [...journey, ...others] : others;
    for (const target of screens) {
      const where = `${target.path} at ${size.width}px`;
      await open(page, target);
      await assertNoOverflowInTabs(page, where);
      await assertNavigationOnScreen(page, where);
    }
    assert.deepEqual(page.errors, [], `at ${size.width}px`);
    await context.close();
  }
});

test('after each move to another page focus is on its heading, and Tab goes on into the page', async () => {
  const { page } = await demoMemberPage(run, MEMBER);
  await page.goto(`${run.server.url}/`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  const focusedHeading = () => page.evaluate(() => (document.activeElement?.tagName === 'H1' ? document.activeElement.textContent : null));
  await nav.getByRole('link', { name: 'Charts' }).click();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  assert.equal(await focusedHeading(), 'All Time Charts');
  // The next Tab lands in the page, not back at the top of the header.
  await page.keyboard.press('Tab');
  assert.ok(await page.evaluate(() => document.getElementById('main').contains(document.activeElement)), 'Tab goes into the page');

  // A page whose heading waits for its data gets focus once it shows.
  await nav.getByRole('link', { name: 'Profile' }).click();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  assert.equal(await focusedHeading(), MEMBER);

  await page.close();
});

test('Back from an album returns to where the member was on the home page, on a phone', async () => {
  const { page } = await demoMemberPage(run, MEMBER, { width: 390, height: 844 });
  await page.goto(`${run.server.url}/`);
  // The last of the popular albums, at the foot of a long page.
  const lastTile = page.locator('section[aria-labelledby="popular-heading"] a[href^="/albums/"]').last();
  await lastTile.waitFor();
  await lastTile.scrollIntoViewIfNeeded();
  const where = await page.evaluate(() => window.scrollY);
  assert.ok(where > 2000, `the tile is far down the page (${where} px)`);
  const title = (await lastTile.getAttribute('href')).split('/').pop();
  await lastTile.click();
  await page.waitForURL(new RegExp(`/albums/.+/${title}$`));
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.goBack();
  await page.waitForURL(`${run.server.url}/`);
  await page.getByRole('heading', { name: 'Popular albums' }).waitFor();
  await page.waitForTimeout(300);
  const back = await page.evaluate(() => window.scrollY);
  assert.ok(Math.abs(back - where) < 5, `back where the member was (${where} px), not at ${back} px`);
  await page.close();
});
