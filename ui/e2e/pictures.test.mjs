// Pictures served by the site itself (issue 25): a member's browser asks no
// host but the site, and a picture saved on an album, artist or member is
// fetched once by the server from a local picture server, then shown from
// /media at the size it is shown.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { deflateSync } from 'node:zlib';
import { apiGet, demoMemberPage, useServerAndBrowser } from './server.mjs';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A square RGB PNG, `size` pixels wide: a gradient of `tint` with a light square in the middle. */
function png(size, tint) {
  const rows = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x += 1) {
      const inner = Math.abs(x - size / 2) < size / 6 && Math.abs(y - size / 2) < size / 6;
      const shade = Math.round((255 * (x + y)) / (2 * size));
      const [r, g, b] = inner ? [240, 240, 230] : tint.map((part) => Math.round((part * shade) / 255));
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A picture host on 127.0.0.1 that counts what it is asked for. `/late.png` answers after 1.5 s. */
async function startPictureServer() {
  const pictures = {
    '/cover.png': png(480, [230, 90, 60]),
    '/artist.png': png(300, [60, 140, 230]),
    '/avatar.png': png(200, [90, 200, 120]),
    '/late.png': png(400, [200, 180, 40]),
  };
  const asked = {};
  const server = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    asked[path] = (asked[path] ?? 0) + 1;
    const body = pictures[path];
    if (!body) {
      response.writeHead(404).end();
      return;
    }
    setTimeout(
      () => {
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length });
        response.end(body);
      },
      path === '/late.png' ? 1500 : 0,
    );
  });
  await new Promise((listening) => server.listen(0, '127.0.0.1', listening));
  return { url: `http://127.0.0.1:${server.address().port}`, asked, close: () => server.close() };
}

let pictureHost;
const run = useServerAndBrowser({
  before,
  after,
  env: async () => {
    pictureHost = await startPictureServer();
    return { HALFSTAR_PICTURES_FROM_PRIVATE_ADDRESSES: 'true' };
  },
});
after(() => pictureHost?.close());

/** The site's address of a saved picture (as ui/src/lib/media.ts makes it). */
const media = (url, width) => `/media/${Buffer.from(url, 'utf8').toString('base64url')}/${width}.webp`;

async function tokenOf(username) {
  const answer = await fetch(`${run.server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'halfstar-demo' }),
  });
  return (await answer.json()).token;
}

async function patch(token, path, body) {
  const answer = await fetch(`${run.server.url}/api${path}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`PATCH ${path} answered ${answer.status}: ${await answer.text()}`);
  return answer.json();
}

/** Waits until the site has fetched the picture saved as `url`. */
async function fetchedBySite(url) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const answer = await fetch(`${run.server.url}${media(url, 320)}`);
    const type = answer.headers.get('content-type');
    await answer.arrayBuffer();
    if (type === 'image/webp') return;
    if (Date.now() > deadline) throw new Error(`${url} is still answered as ${answer.status} ${type}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

/** Resolves to what `img` shows once it has loaded: its width and the address it came from. */
async function shown(img) {
  await img.waitFor({ state: 'attached' });
  await img.evaluate((element) => (element.complete && element.naturalWidth > 0 ? null : element.decode().catch(() => null)));
  return img.evaluate((element) => ({ width: element.naturalWidth, src: element.currentSrc }));
}

/** Records every request a page makes. */
function recordRequests(page) {
  const requests = [];
  page.on('request', (request) => requests.push(request.url()));
  return requests;
}

test("pages with pictures saved on other hosts ask no host but the site; their pictures come from /media", async () => {
  // The demo has no pictures: give some albums, an artist and a member
  // addresses on hosts a browser would otherwise ask (unreachable here, so the
  // site keeps answering its stand-in).
  const popular = await apiGet(run, '/album/popular-albums');
  const editor = await tokenOf('crate_digger');
  for (const album of popular.slice(0, 6)) {
    await patch(editor, `/album/${album.albumId}`, {
      pictureUrl: `https://coverartarchive.org/release-group/${album.albumId}/front-500.jpg`,
    });
  }
  await patch(editor, `/artist/${popular[0].artistId}`, { pictureUrl: 'https://upload.wikimedia.org/artist.jpg' });
  const theo = await tokenOf('lowend.theo');
  const theoId = (await apiGet(run, '/auth/me', theo)).userId;
  await patch(theo, `/user/${theoId}`, { profilePictureUrl: 'https://tracker.example.org/me.png' });

  const { page } = await demoMemberPage(run, 'mira99');
  const requests = recordRequests(page);
  const origin = new URL(run.server.url).origin;
  const album = popular[0];
  for (const path of [
    '/',
    `/albums/${album.artistSlug}/${album.slug}`,
    `/artists/${album.artistSlug}`,
    '/user/lowend.theo',
    '/my-library',
    '/charts/all-time/all-genres',
  ]) {
    await page.goto(`${run.server.url}${path}`);
    await page.waitForLoadState('networkidle');
    // Scroll to the bottom so lazy pictures are asked for too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
  }
  // Avatars: theo's comments and reviews on the album page's tabs.
  await page.goto(`${run.server.url}/albums/${album.artistSlug}/${album.slug}`);
  await page.getByRole('tab', { name: /^Reviews/ }).click();
  await page.waitForLoadState('networkidle');
  const elsewhere = requests.filter((url) => !url.startsWith('data:') && new URL(url).origin !== origin);
  assert.deepEqual(elsewhere, [], 'requests to other hosts');
  const pictures = requests.filter((url) => new URL(url).pathname.startsWith('/media/'));
  assert.ok(pictures.length >= 6, `pictures asked from /media: ${pictures.length}`);
  for (const album of popular.slice(0, 6)) {
    const key = Buffer.from(`https://coverartarchive.org/release-group/${album.albumId}/front-500.jpg`).toString('base64url');
    assert.ok(pictures.some((url) => url.includes(`/media/${key}/`)), `${album.title}'s cover`);
  }
  // Not fetched (the host is out of reach): the generated covers show, no broken image.
  const tiles = page.locator('.cover.generated:not(.pictured) .cover-initials');
  assert.ok((await tiles.count()) > 0);
  const images = await page.locator('img').evaluateAll((all) => all.map((img) => img.currentSrc || img.src));
  assert.ok(images.every((src) => src.startsWith(origin) || src.startsWith('data:')), images.join('\n'));
  await page.close();
});

test('a picture saved on an album, an artist and a member is fetched once and shown from /media', async () => {
  const cover = `${pictureHost.url}/cover.png`;
  const portrait = `${pictureHost.url}/artist.png`;
  const avatar = `${pictureHost.url}/avatar.png`;
  const editor = await tokenOf('crate_digger');
  const kidA = await apiGet(run, '/album/name/radiohead/kid-a');
  await patch(editor, `/album/${kidA.albumId}`, { pictureUrl: cover });
  await patch(editor, `/artist/${kidA.artistId}`, { pictureUrl: portrait });
  // vinylvera reviewed Kid A: her picture shows beside her review.
  const vera = await tokenOf('vinylvera');
  const me = await apiGet(run, '/auth/me', vera);
  await patch(vera, `/user/${me.userId}`, { profilePictureUrl: avatar });
  await Promise.all([fetchedBySite(cover), fetchedBySite(portrait), fetchedBySite(avatar)]);

  const origin = new URL(run.server.url).origin;
  const { page } = await demoMemberPage(run, 'mira99');
  const requests = recordRequests(page);
  await page.goto(`${run.server.url}/albums/radiohead/kid-a`);
  const albumCover = page.getByRole('img', { name: 'Cover of Kid A by Radiohead' });
  const picture = await shown(albumCover.locator('img'));
  assert.ok(picture.width > 1, `the cover is ${picture.width} px wide`);
  assert.ok(picture.src.startsWith(`${origin}/media/`), picture.src);
  await page.locator('.album-cover .cover.pictured').waitFor();

  await page.getByRole('tab', { name: /^Reviews/ }).click();
  const veraAvatar = page.locator('.album-author', { hasText: 'vinylvera' }).first().locator('.album-avatar');
  const avatarShown = await shown(veraAvatar.locator('img'));
  assert.ok(avatarShown.width > 1);
  // Shown at 32 px: the smallest width does.
  assert.equal(new URL(avatarShown.src).pathname, media(avatar, 96));
  await page.locator('.album-avatar.pictured').first().waitFor();

  await page.goto(`${run.server.url}/artists/radiohead`);
  const artistPicture = await shown(page.getByRole('img', { name: 'Picture of Radiohead' }).locator('img'));
  assert.ok(artistPicture.width > 1);
  assert.equal(new URL(artistPicture.src).pathname.startsWith(media(portrait, 320).replace('320.webp', '')), true);
  const tile = page.locator(`.album-tile[data-album-id="${kidA.albumId}"] .cover-picture`);
  await tile.scrollIntoViewIfNeeded();
  const tileShown = await shown(tile);
  assert.ok(tileShown.width > 1);
  assert.ok(/\/(320|640)\.webp$/.test(tileShown.src), tileShown.src);

  await page.goto(`${run.server.url}/user/vinylvera`);
  const profile = await shown(page.getByRole('img', { name: "vinylvera's profile picture" }).locator('img'));
  assert.ok(profile.width > 1);
  assert.ok(requests.every((url) => url.startsWith(origin)), requests.filter((url) => !url.startsWith(origin)).join('\n'));
  await page.close();

  // Other visitors, with empty caches: the picture host is still asked once for each.
  for (const username of ['lowend.theo', 'halfstar-hugo']) {
    const visitor = (await demoMemberPage(run, username)).page;
    await visitor.goto(`${run.server.url}/albums/radiohead/kid-a`);
    assert.ok((await shown(visitor.getByRole('img', { name: 'Cover of Kid A by Radiohead' }).locator('img'))).width > 1);
    await visitor.close();
  }
  const anonymous = await run.browser.newPage();
  await anonymous.goto(`${run.server.url}/artists/radiohead`);
  await anonymous.locator('.artist-picture .cover.pictured').waitFor();
  await anonymous.close();
  assert.equal(pictureHost.asked['/cover.png'], 1);
  assert.equal(pictureHost.asked['/artist.png'], 1);
  assert.equal(pictureHost.asked['/avatar.png'], 1);

  // The cover as a phone shows it.
  const phone = await run.browser.newPage({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  await phone.goto(`${run.server.url}/albums/radiohead/kid-a`);
  await phone.locator('.album-cover .cover.pictured').waitFor();
  const phoneCover = await shown(phone.locator('.album-cover .cover-picture'));
  // 280 px at twice the density: the 640 px copy.
  assert.equal(new URL(phoneCover.src).pathname, media(cover, 640));
  const folder = new URL('./screenshots/', import.meta.url).pathname;
  mkdirSync(folder, { recursive: true });
  await phone.screenshot({ path: `${folder}pictures-album-375x812.png` });
  await phone.close();
});

test('an editor saves a new cover in Edit Album; it appears once the site has fetched it, without a reload', async () => {
  const late = `${pictureHost.url}/late.png`;
  const { page } = await demoMemberPage(run, 'crate_digger');
  await page.goto(`${run.server.url}/albums/radiohead/ok-computer`);
  await page.getByRole('group', { name: 'Album actions' }).getByRole('button', { name: 'Edit Album' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Album' });
  const field = dialog.getByLabel('Image URL');
  assert.equal(await field.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).innerText()), 'The picture is fetched by the site after saving.');
  await field.fill(late);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The initials show through the site's stand-in until the picture is fetched, then the picture does.
  const wrapper = page.getByRole('img', { name: 'Cover of OK Computer by Radiohead' });
  assert.equal(await wrapper.locator('.cover-initials').innerText(), 'OC');
  await page.locator('.album-cover .cover.pictured').waitFor({ timeout: 30_000 });
  const picture = await shown(wrapper.locator('img'));
  assert.ok(picture.width > 1);
  assert.match(new URL(picture.src).pathname, new RegExp(`^${media(late, 320).replace('320.webp', '')}`));
  assert.equal(pictureHost.asked['/late.png'], 1);
  await page.close();
});

test('the admin sees how many pictures the site keeps', async () => {
  const { page } = await demoMemberPage(run, 'vinylvera');
  await page.goto(`${run.server.url}/admin`);
  await page.getByRole('tab', { name: 'Figures' }).click();
  const kept = page.locator('.admin-figure', { hasText: 'Pictures kept' });
  await kept.waitFor();
  const figures = await apiGet(run, '/admin/figures', await tokenOf('vinylvera'));
  assert.ok(figures.pictures.ready >= 4, JSON.stringify(figures.pictures));
  assert.equal(await kept.locator('dd').innerText(), figures.pictures.ready.toLocaleString('en'));
  await page.locator('.admin-figure', { hasText: 'Pictures size' }).locator('dd').filter({ hasText: /^\d+(\.\d)? (bytes|KB|MB|GB)$/ }).waitFor();
  await page.close();
});
