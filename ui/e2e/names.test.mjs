// Any name works in any route: artists, albums and members whose names hold
// URL specials, quotes, emoji, accents or right-to-left text, reached as a
// member would (search box, tiles, links) and by typing the address.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

// [artist, album]. Sigur Rós is in the demo already; the rest are added here.
// 'What?' is added before 'What', so its slug is `what` and the other's
// `what-2`; '?' and '..' have no letters to make a slug from.
const CATALOGUE = [
  ['AC/DC', 'High Voltage / Live?'],
  ['100% Pure', '50% Off'],
  ['What?', 'Why?'],
  ['What', 'What?'],
  ['#1 Record', '#2 & #3'],
  ['R&B + Soul', 'A+B=C & D'],
  [`"Quoted" 'Name'`, `"Title" 'Here'`],
  ['Sigur Rós', 'Ágætis Öld'],
  ['🎸 Emoji', '🎶🎶'],
  ['موسيقى', 'أغنية الليل'],
  ['שלום עולם', 'שיר חדש'],
  ['?', '%'],
  ['..', '.'],
  ['50%2F50', '%E0%A4%A'],
  ['Recent', 'Validate'],
];

// Members sign up under the username rules (letters, digits, '_', '-', '.').
const MEMBERS = ['...', 'dot.ted_name-1'];

const ADMIN = 'vinylvera';
const NOT_FOUND_404 = 'Failed to load resource: the server responded with a status of 404 (Not Found)';

async function api(method, path, body, token) {
  const answer = await fetch(`${run.server.url}/api${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
}

let adminToken;
let catalogue;

/** Adds the catalogue and the members once, for whichever test runs first. */
function setUp() {
  catalogue ??= addCatalogue();
  return catalogue;
}

async function addCatalogue() {
  const login = await api('POST', '/auth/login', { username: ADMIN, password: 'halfstar-demo' });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  adminToken = login.body.token;
  for (const [artist, title] of CATALOGUE) {
    const added = await api('POST', '/artist', { name: artist, description: '', pictureUrl: '' }, adminToken);
    assert.ok([201, 409].includes(added.status), `${artist}: ${added.status} ${JSON.stringify(added.body)}`);
    const album = await api(
      'POST',
      '/album',
      { artist, title, releaseDate: '2001-02-03', pictureUrl: '', genres: 'Rock', type: 'LP' },
      adminToken,
    );
    assert.equal(album.status, 201, `${artist} / ${title}: ${JSON.stringify(album.body)}`);
  }
  for (const username of MEMBERS) {
    const signUp = await api('POST', '/auth/signup', {
      username,
      email: `${username.replace(/[^a-z0-9]/gi, 'x')}@example.org`,
      password: 'long enough password',
    });
    assert.equal(signUp.status, 201, `${username}: ${JSON.stringify(signUp.body)}`);
  }
}

/**
 * A name as one segment of an address, as the UI writes it: `.` and `..` get
 * a trailing space, or the browser would read them as steps up the path.
 */
function encode(name) {
  const encoded = encodeURIComponent(name);
  return encoded === '.' || encoded === '..' ? `${encoded}%20` : encoded;
}

/** The path's segments, each decoded once, or the raw segment when it does not decode. */
function segments(pathname) {
  return pathname
    .split('/')
    .slice(1)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/**
 * A page whose page errors and console errors fail the test (server.mjs
 * watches every page; this adds a stricter watch of its own). A 404 from
 * the API is logged by Chromium as "Failed to load resource"; it is let
 * through only while `expect404(names)` says the page is looking up a name
 * that is not there, only with that exact text, and only for an API address
 * one of whose segments, decoded, is one of those names.
 */
async function newPage(viewport = { width: 1440, height: 900 }) {
  return watch(await run.browser.newPage({ viewport }));
}

function watch(page) {
  const problems = [];
  let missing = [];
  const expectedAddress = (where) => {
    if (!where.startsWith(`${run.server.url}/api/`)) return false;
    const parts = segments(new URL(where).pathname);
    return missing.some((name) => parts.includes(name));
  };
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const where = message.location().url ?? '';
    if (message.text() === NOT_FOUND_404 && expectedAddress(where)) return;
    problems.push(`console error: ${message.text()} (${where})`);
  });
  // The shared watch checks the text and the address apart; the exact text is checked above.
  page.allowConsole?.({ test: expectedAddress });
  page.problems = problems;
  page.expect404 = (names) => {
    missing = names;
  };
  return page;
}

/** The page's main area shows something a person can read. */
async function assertNotBlank(page, what) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return main && main.innerText.trim().length > 0 && !main.querySelector('.loading');
  });
  const main = page.locator('main');
  assert.ok(await main.isVisible(), `${what}: main is not visible`);
  assert.notEqual((await main.innerText()).trim(), '', `${what}: blank page`);
}

/** Waits for `locator`; on a timeout, says where the page is and what it shows. */
async function shown(page, locator, what) {
  try {
    await locator.waitFor({ timeout: 15_000 });
  } catch (error) {
    const main = await page
      .locator('main')
      .innerText()
      .catch(() => '(no main)');
    throw new Error(`${what}: at ${page.url()} the page shows ${JSON.stringify(main.slice(0, 300))}`, { cause: error });
  }
  return locator.innerText();
}

function artistHeading(page, what) {
  return shown(page, page.locator('[data-screen="artist"] h1'), what);
}

function albumHeading(page, what) {
  return shown(page, page.locator('[data-screen="album"] h1.album-title'), what);
}

function headerSearch(page) {
  return page.locator('header').getByPlaceholder('Search an Artist');
}

/** The path as the page shows it, each segment decoded. */
function shownPath(page) {
  return segments(new URL(page.url()).pathname);
}

test('Enter in the search box goes to each artist as typed', async () => {
  await setUp();
  const page = await newPage();
  await page.goto(`${run.server.url}/`);
  await page.locator('[data-screen="home"]').waitFor();
  for (const [artist] of CATALOGUE) {
    const search = headerSearch(page);
    await search.fill(artist);
    await search.press('Enter');
    assert.equal(await artistHeading(page, `typed ${artist}`), artist, `typed ${artist}`);
    // A name of dots travels with a trailing space (a bare `..` is a step up the path).
    assert.deepEqual(
      shownPath(page).map((part) => part.trim()),
      ['artists', artist],
    );
    await assertNotBlank(page, artist);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the search suggestions, the artist tiles and the album links open the right pages', async () => {
  await setUp();
  const page = await newPage();
  await page.goto(`${run.server.url}/`);
  await page.locator('[data-screen="home"]').waitFor();
  for (const [artist, title] of CATALOGUE) {
    // The suggestion for the artist, as listed while typing. Search matches
    // words, so a name without letters or digits gets none: Enter then.
    const search = headerSearch(page);
    await search.fill(artist);
    if (/[\p{L}\p{N}]/u.test(artist)) {
      const listbox = page.getByRole('listbox', { name: 'Search results' });
      const option = listbox
        .getByRole('option')
        .filter({ has: page.locator('.search-label').getByText(artist, { exact: true }) })
        .filter({ hasText: 'Artist' });
      await option.first().click();
    } else {
      await search.press('Enter');
    }
    assert.equal(await artistHeading(page, `suggestion for ${artist}`), artist, `suggestion for ${artist}`);

    // The album's tile on the artist page.
    const tile = page.locator('[data-screen="artist"] .album-tile', {
      has: page.locator('.tile-title').getByText(title, { exact: true }),
    });
    await tile.locator('.tile-title').click();
    assert.equal(await albumHeading(page, `tile of ${artist} / ${title}`), title, `tile of ${artist} / ${title}`);
    const artistLink = page.locator('[data-screen="album"] .album-artist a');
    assert.equal(await artistLink.innerText(), artist);

    // Back to the artist from the album's own link.
    await artistLink.click();
    assert.equal(await artistHeading(page, `artist link on ${title}`), artist, `artist link on ${title}`);
    await assertNotBlank(page, artist);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the tiles in a member\'s library open each artist and album', async () => {
  await setUp();
  const { page: opened, session } = await signedInPage(run, 'tile_clicker');
  const page = watch(opened);
  for (const [artist, title] of CATALOGUE) {
    const album = await api('GET', `/album/name/${encode(artist)}/${encode(title)}`);
    assert.equal(album.status, 200, `${artist} / ${title}`);
    const rated = await api(
      'POST',
      '/rating',
      { albumId: album.body.albumId, artistId: album.body.artistId, number: 7 },
      session.token,
    );
    assert.equal(rated.status, 201, JSON.stringify(rated.body));
  }
  for (const [artist, title] of CATALOGUE) {
    await page.goto(`${run.server.url}/my-library`);
    const tile = page.locator('.album-tile', { has: page.locator('.tile-title').getByText(title, { exact: true }) });
    await shown(page, tile.locator('.tile-artist'), `library tile of ${title}`);
    assert.equal(await tile.locator('.tile-artist').innerText(), artist);
    await tile.locator('.tile-artist').click();
    assert.equal(await artistHeading(page, `tile's artist link for ${artist}`), artist);
    await page.goBack();
    await tile.locator('.tile-title').click();
    assert.equal(await albumHeading(page, `tile's title link for ${title}`), title);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('every artist and album opens by its address, encoded or typed raw', async () => {
  await setUp();
  const page = await newPage();
  for (const [artist, title] of CATALOGUE) {
    await page.goto(`${run.server.url}/artists/${encode(artist)}`);
    assert.equal(await artistHeading(page, `encoded address of ${artist}`), artist, `encoded address of ${artist}`);

    await page.goto(`${run.server.url}/albums/${encode(artist)}/${encode(title)}`);
    assert.equal(await albumHeading(page, `encoded address of ${artist} / ${title}`), title, `encoded address of ${artist} / ${title}`);

    // Typed raw, as into the address bar. '?' and '#' start a query or a
    // fragment and '..' is a step up, so there the address names something
    // else; whatever it names, the page is never blank.
    const raw = `${run.server.url}/artists/${artist}`;
    const meaningful = !/[?#]|%[0-9A-F]{2}/i.test(artist) && artist !== '..';
    if (meaningful) {
      await page.goto(raw);
      assert.equal(await artistHeading(page, `raw address of ${artist}`), artist, `raw address of ${artist}`);
    } else {
      // The name the address holds once the browser has read it (50%2F50 is 50/50).
      page.expect404(segments(new URL(raw).pathname).slice(1));
      await page.goto(raw);
      await assertNotBlank(page, `raw ${artist}`);
      page.expect404([]);
    }
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('unknown names lead to the not-found page quoting exactly what was typed', async () => {
  await setUp();
  const unknown = ['No/Such?Band#', '0% Known', '%', '%E0%A4%A', '#', 'لا أحد هنا', '🎻 Nobody', `"Nobody" 'Here'`, 'featured'];
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    const page = await newPage(viewport);
    await page.goto(`${run.server.url}/`);
    await page.locator('[data-screen="home"]').waitFor();
    for (const typed of unknown) {
      page.expect404([typed]);
      let search;
      if (viewport.width > 600) {
        search = headerSearch(page);
      } else {
        // The phone's bottom bar opens its own search box.
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Search' }).click();
        search = page.locator('.mobile-search').getByPlaceholder('Search an Artist');
      }
      await search.fill(typed);
      await search.press('Enter');
      const notFound = page.locator('[data-screen="artist-not-found"]');
      await notFound.waitFor();
      assert.equal(
        await notFound.locator('p').first().innerText(),
        `Couldn't find artist called ${typed}`,
        `${viewport.width}px: typed ${typed}`,
      );
      assert.deepEqual(shownPath(page), ['artists', 'not-found', typed]);
      await assertNotBlank(page, typed);
      // Go Back returns to where the search was made, not to the failed lookup.
      await notFound.getByRole('link', { name: 'Go Back' }).click();
      await page.locator('[data-screen="home"]').waitFor();
    }
    assert.deepEqual(page.problems, [], `${viewport.width}px`);
    await page.close();
  }
});

test('malformed addresses never crash a page', async () => {
  await setUp();
  const page = await newPage();
  const cases = [
    // [address, what the page shows, names that are looked up and missing]
    ['/artists/%E0%A4%A', /Couldn't find artist called %E0%A4%A/, ['%E0%A4%A']],
    ['/artists/%', /Couldn't find artist called %$/m, ['%']],
    ['/artists/%25', /Couldn't find artist called %$/m, ['%']],
    ['/artists/not-found/%E0%A4%A', /Couldn't find artist called %E0%A4%A/, []],
    ['/artists/not-found/100%', /Couldn't find artist called 100%/, []],
    ['/albums/%/%', /Couldn't find an album called % by %/, ['%']],
    ['/albums/%E0%A4%A/%ZZ', /Couldn't find an album called %ZZ by %E0%A4%A/, ['%E0%A4%A']],
    ['/albums/AC%2FDC/%E0%A4%A', /AC\/DC has no album called %E0%A4%A|Couldn't find an album called %E0%A4%A by AC\/DC/, ['%E0%A4%A']],
    ['/user/%E0%A4%A', /%E0%A4%A/, ['%E0%A4%A']],
    ['/user/%', /%/, ['%']],
  ];
  for (const [address, shown, missing] of cases) {
    page.expect404(missing);
    await page.goto(`${run.server.url}${address}`);
    await assertNotBlank(page, address);
    assert.match(await page.locator('main').innerText(), shown, address);
    assert.equal(await page.locator('[data-screen="error"]').count(), 0, `${address}: the page crashed`);
  }
  page.expect404([]);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('members whose usernames hold dots, dashes and underscores have reachable profiles', async () => {
  await setUp();
  const page = await newPage();
  for (const username of MEMBERS) {
    await page.goto(`${run.server.url}/user/${encodeURIComponent(username)}`);
    const heading = page.locator('[data-screen="profile"] h1');
    await heading.waitFor();
    assert.equal(await heading.innerText(), username);
  }
  // The sign-up rules themselves are unchanged: URL specials are refused.
  for (const refused of ['a/b', 'what?', '100%', 'mé']) {
    const answer = await api('POST', '/auth/signup', {
      username: refused,
      email: 'refused@example.org',
      password: 'long enough password',
    });
    assert.equal(answer.status, 400, refused);
    assert.match(answer.body.message, /^username/);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});
