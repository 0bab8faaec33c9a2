// axe (WCAG 2.0 to 2.2, A and AA, and best practice) over every route of the
// site, signed out and signed in as an admin, at desktop and phone widths.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { demoMemberPage, logInDemoMember, useServerAndBrowser } from './server.mjs';

const run = useServerAndBrowser({ before, after });
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice'];
const ROUTES = [
  '/',
  '/artists/radiohead',
  '/artists/not-found/Nobody',
  '/albums/radiohead/ok-computer',
  '/charts/all-time/all-genres',
  '/charts/1997/rock',
  '/genre/shoegaze',
  '/year/1997',
  '/my-library',
  '/user/vinylvera',
  // Another member's profile, where tiles show "You:" beside the owner's rating.
  '/user/mira99',
  '/user/mira99/diary',
  `/user/mira99/year/${new Date().getUTCFullYear()}`,
  '/review/kid-a/1',
  '/post/1',
  '/add-album',
  '/add-artist',
  '/add-review',
  '/add-post',
  '/add-list',
  '/collection',
  '/grab-data',
  '/login',
  '/sign-up',
  '/forgot-password',
  '/reset-password#token=from-a-mail',
  '/confirm-sign-up#token=from-a-mail',
  '/confirm-email#token=from-a-mail',
  '/feed',
  '/notifications',
  '/settings/account',
  '/settings/import',
  '/admin',
  '/change-requests',
  '/no-such-page',
];

/** Every violation axe finds on the page as it stands, one line each. */
async function violations(page) {
  // Evaluated rather than added as a script tag, which the site's content security policy refuses.
  await page.evaluate(axeSource);
  // Beside the tags, the one experimental rule Lighthouse also runs: a control's name contains its visible text.
  const result = await page.evaluate(
    (tags) =>
      window.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        rules: { 'label-content-name-mismatch': { enabled: true } },
      }),
    TAGS,
  );
  return result.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} (${node.failureSummary.split('\n')[1]?.trim()})`),
  );
}

let listRoute;
/** A public list of mira99's, made once for every run. */
async function aList() {
  if (listRoute) return listRoute;
  const { token } = await logInDemoMember(run.server, 'mira99');
  const made = await fetch(`${run.server.url}/api/list`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Rainy day records', description: 'For the window seat.' }),
  });
  assert.equal(made.status, 201);
  const list = await made.json();
  listRoute = `/list/${list.listId}/${list.slug}`;
  return listRoute;
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
]) {
  for (const member of [null, 'vinylvera']) {
    test(`no axe violations on any page at ${width}px ${member ? 'signed in as an admin' : 'signed out'}`, async () => {
      const routes = [...ROUTES, await aList()];
      const page = member
        ? (await demoMemberPage(run, member, { width, height })).page
        : await run.browser.newPage({ viewport: { width, height } });
      page.allowConsole(/404/);
      const found = [];
      for (const route of routes) {
        await page.goto(`${run.server.url}${route}`);
        await page.waitForLoadState('networkidle');
        await page.waitForFunction(() => !document.querySelector('.loading, .placeholder, .feed-placeholder'), null, { timeout: 10_000 });
        found.push(...(await violations(page)).map((line) => `${route}: ${line}`));
      }
      assert.deepEqual(found, []);
    });
  }
}

test('a tile opened for rating is checked too: the dialog and its stars', async () => {
  const { page } = await demoMemberPage(run, 'mira99');
  await page.goto(`${run.server.url}/charts/all-time/all-genres`);
  await page.locator('.tile-rate-button').first().click();
  await page.getByRole('dialog').waitFor();
  assert.deepEqual(await violations(page), []);
});
