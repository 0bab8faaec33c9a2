// The small things: each page's own title, 'No ratings' instead of 0.00,
// robots.txt, the favicon and the web app manifest, ids unique on a page.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, demoMemberPage, signedInPage, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });

async function logIn(username) {
  const answer = await fetch(`${run.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'halfstar-demo' }),
  });
  assert.equal(answer.status, 200);
  return (await answer.json()).token;
}

async function post(path, token, body) {
  const answer = await fetch(`${run.server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  assert.ok(answer.ok, `POST ${path} answered ${answer.status}: ${text}`);
  return JSON.parse(text);
}

async function titleAt(page, path, screen) {
  await page.goto(`${run.server.url}${path}`);
  await page.locator(`[data-screen="${screen}"]`).first().waitFor();
  await page.waitForLoadState('networkidle');
  return page.title();
}

test('every page has its own title, also after moving between pages without a reload', async () => {
  const { page } = await demoMemberPage(run, 'vinylvera');
  const [album] = await apiGet(run, '/album/popular-albums?limit=1');
  const artist = await apiGet(run, `/artist/name/${album.artistSlug}`);
  const [review] = await apiGet(run, '/review/kid-a');
  const [recent] = await apiGet(run, '/post/recent?limit=1');

  const expected = [
    ['/', 'home', 'halfstar'],
    [`/albums/${album.artistSlug}/${album.slug}`, 'album', `${album.title} by ${album.artist} · halfstar`],
    [`/artists/${album.artistSlug}`, 'artist', `${artist.name} · halfstar`],
    ['/user/vinylvera', 'profile', 'vinylvera · halfstar'],
    ['/charts/1997/rock', 'charts', '1997 Rock Charts · halfstar'],
    ['/charts/all-time/all-genres', 'charts', 'All Time Charts · halfstar'],
    ['/genre/shoegaze', 'genre', 'Shoegaze · halfstar'],
    ['/year/1997', 'year', 'Top Albums of 1997 · halfstar'],
    [`/review/kid-a/${review.reviewId}`, 'review', `${review.user.username}'s review of Kid A by Radiohead · halfstar`],
    [`/post/${recent.postId}`, 'post', `${recent.title} · halfstar`],
    ['/my-library', 'library', 'Library · halfstar'],
    ['/collection', 'collection', "vinylvera's Collection · halfstar"],
    ['/add-album', 'add-album', 'Add Album · halfstar'],
    ['/add-artist', 'add-artist', 'Add Artist · halfstar'],
    ['/add-review', 'add-review', 'Add Review · halfstar'],
    ['/add-post', 'add-post', 'Add Post · halfstar'],
    ['/grab-data', 'grab-data', 'Import Data · halfstar'],
    ['/login', 'login', 'Log In · halfstar'],
    ['/sign-up', 'sign-up', 'Sign Up · halfstar'],
    ['/forgot-password', 'forgot-password', 'Forgot Password · halfstar'],
    ['/reset-password', 'reset-password', 'Choose a New Password · halfstar'],
    ['/confirm-sign-up', 'confirm-sign-up', 'Finish Signing Up · halfstar'],
    ['/confirm-email', 'confirm-email', 'Confirm Your Email · halfstar'],
    ['/no/such/page', 'not-found', 'Page not found · halfstar'],
  ];
  for (const [path, screen, title] of expected) {
    assert.equal(await titleAt(page, path, screen), title, path);
  }

  // A click to another page renames the tab as well.
  await page.goto(`${run.server.url}/`);
  await page.locator('.album-tile').first().waitFor();
  const tile = page.locator('.album-tile').first();
  const [tileTitle, tileArtist] = await Promise.all([
    tile.locator('.tile-title').innerText(),
    tile.locator('.tile-artist').innerText(),
  ]);
  await tile.locator('.tile-title').click();
  await page.locator('[data-screen="album"] .album-info').waitFor();
  await page.waitForFunction((wanted) => document.title === wanted, `${tileTitle} by ${tileArtist} · halfstar`);
  await page.getByRole('link', { name: 'Charts', exact: true }).click();
  await page.waitForFunction(() => document.title.endsWith('Charts · halfstar'));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test("an album nobody has rated says 'No ratings' on its tile, its page and its artist's page", async () => {
  const editor = await logIn('crate_digger');
  await post('/artist', editor, { name: 'Quiet Newcomers', description: 'Nobody has heard them yet.', pictureUrl: '' });
  const album = await post('/album', editor, {
    artist: 'Quiet Newcomers',
    title: 'Unheard',
    releaseDate: '2024-05-01',
    pictureUrl: '',
    genres: 'Indie Rock',
    type: 'LP',
  });
  assert.equal(album.numberOfRatings, 0);

  const page = await run.browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(`${run.server.url}/artists/${album.artistSlug}`);
  const tile = page.locator('.album-tile', { hasText: 'Unheard' });
  assert.equal(await tile.locator('.tile-average').innerText(), 'No ratings');
  assert.equal(await page.locator('.artist-rating').innerText(), 'No ratings');

  await tile.locator('.tile-title').click();
  const average = page.locator('.album-facts div', { has: page.locator('dt', { hasText: 'Average' }) }).locator('dd');
  assert.equal(await average.innerText(), 'No ratings');
  assert.doesNotMatch(await page.locator('[data-screen="album"]').innerText(), /0\.00/);

  // One rating later the figures are back.
  const member = await logIn('vinylvera');
  await post('/rating', member, { albumId: album.albumId, artistId: album.artistId, number: 7.5 });
  await page.goto(`${run.server.url}/artists/${album.artistSlug}`);
  assert.equal(await tile.locator('.tile-average').innerText(), '7.50 (1 rating)');
  assert.equal(await page.locator('.artist-rating').innerText(), '7.50 average from 1 rating');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('ids are unique on pages full of half stars, and a half star is drawn as a half', async () => {
  const { page, session } = await signedInPage(run, 'halfway');
  const [album] = await apiGet(run, '/album/popular-albums?limit=1');
  await post('/rating', session.token, { albumId: album.albumId, artistId: album.artistId, number: 7.5 });

  const duplicates = () =>
    page.evaluate(() => {
      const seen = new Map();
      for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
      // Every url(#...) and aria reference must name an element that exists.
      const dangling = [...document.querySelectorAll('[clip-path], [fill], [mask]')]
        .flatMap((element) => ['clip-path', 'fill', 'mask'].map((name) => element.getAttribute(name)))
        .map((value) => /url\(#([^)]+)\)/.exec(value ?? '')?.[1])
        .filter((id) => id && !document.getElementById(id));
      return { repeated: [...seen].filter(([, count]) => count > 1).map(([id]) => id), dangling };
    });

  const pages = [
    [`/artists/${album.artistSlug}`, '.album-tile .half-stars'],
    [`/albums/${album.artistSlug}/${album.slug}`, '.half-stars'],
    ['/user/vinylvera', '.album-tile'],
    ['/charts/all-time/all-genres', '.album-tile'],
    ['/', '.album-tile'],
  ];
  for (const [path, ready] of pages) {
    await page.goto(`${run.server.url}${path}`);
    await page.locator(ready).first().waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');
    assert.deepEqual(await duplicates(), { repeated: [], dangling: [] }, path);
  }

  // On the album page the member's 7.5 fills seven stars and half of the eighth.
  await page.goto(`${run.server.url}/albums/${album.artistSlug}/${album.slug}`);
  const stars = page.getByRole('slider', { name: `Rate ${album.title}` }).locator('svg.star');
  await stars.first().waitFor();
  // What a point left or right of each star's middle shows: the filled shape or the empty one.
  const halves = await stars.evaluateAll((svgs) =>
    svgs.map((svg) => {
      const box = svg.getBoundingClientRect();
      const at = (share) => document.elementFromPoint(box.x + box.width * share, box.y + box.height * 0.55)?.getAttribute('class');
      return `${at(0.35) === 'star-full' ? 'full' : 'empty'}/${at(0.65) === 'star-full' ? 'full' : 'empty'}`;
    }),
  );
  assert.deepEqual(halves, [...Array(7).fill('full/full'), 'full/empty', 'empty/empty', 'empty/empty']);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('robots.txt, the favicon and the web app manifest are real files', async () => {
  const robots = await fetch(`${run.server.url}/robots.txt`);
  assert.equal(robots.status, 200);
  assert.equal(robots.headers.get('content-type'), 'text/plain; charset=utf-8');
  const rules = (await robots.text()).split('\n');
  assert.ok(rules.includes('User-agent: *'));
  assert.ok(rules.includes('Allow: /'));
  for (const hidden of ['/api/', '/grab-data', '/add-', '/login', '/sign-up', '/my-library']) {
    assert.ok(rules.includes(`Disallow: ${hidden}`), hidden);
  }

  const favicon = await fetch(`${run.server.url}/favicon.ico`);
  assert.equal(favicon.status, 200);
  assert.equal(favicon.headers.get('content-type'), 'image/x-icon');
  assert.deepEqual([...new Uint8Array(await favicon.arrayBuffer()).slice(0, 4)], [0, 0, 1, 0]);

  // The page links the manifest; the browser finds it, its name, colour and icons.
  const page = await run.browser.newPage();
  await page.goto(`${run.server.url}/`);
  await page.locator('[data-screen="home"]').waitFor();
  const href = await page.locator('link[rel="manifest"]').evaluate((link) => link.href);
  assert.equal(href, `${run.server.url}/manifest.webmanifest`);
  const answer = await fetch(href);
  assert.equal(answer.headers.get('content-type'), 'application/manifest+json');
  const manifest = await answer.json();
  assert.equal(manifest.name, 'halfstar');
  assert.equal(manifest.start_url, '/');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  assert.equal(await page.locator('meta[name="theme-color"]').getAttribute('content'), manifest.theme_color);
  assert.ok(manifest.icons.some((icon) => icon.sizes === '192x192'));
  assert.ok(manifest.icons.some((icon) => icon.sizes === '512x512'));
  for (const icon of manifest.icons) {
    const image = await page.evaluate(async (src) => {
      const element = new Image();
      element.src = src;
      await element.decode();
      return { width: element.naturalWidth, height: element.naturalHeight };
    }, icon.src);
    if (icon.sizes !== 'any') assert.equal(`${image.width}x${image.height}`, icon.sizes, icon.src);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});
