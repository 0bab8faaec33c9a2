// Signing in through the household's provider in a real browser, against a
// real OpenID Provider (panva's oidc-provider, scripts/oidc-server): its
// button on the log-in page, the provider's own login and consent pages,
// back signed in to a new account; signing out and in again; linking it
// from settings to an account with a password; Admin -> Sign-on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { demoMemberPage, startPeer, useServerAndBrowser } from './server.mjs';

const work = mkdtempSync(join(tmpdir(), 'halfstar-oidc-'));
const users = join(work, 'users.json');
writeFileSync(
  users,
  JSON.stringify([
    { sub: 'nora-1', username: 'nora', password: 'nora at home', email: 'nora@home.example', email_verified: true, groups: ['music'] },
    { sub: 'vera-1', username: 'vera.home', password: 'vera at home', email: 'vera@home.example', email_verified: true },
  ]),
);
let provider;

/** A port nobody listens on yet. */
function freePort() {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

/** Starts the provider, which must know the site's redirect URI: its issuer. */
async function startProvider(site) {
  const started = await startPeer(resolve(import.meta.dirname, '../../scripts/oidc-server'), [
    '--client-id',
    'halfstar',
    '--client-secret',
    'home secret',
    '--redirect-uri',
    `${site}/sign-on/callback`,
    '--users',
    users,
  ]);
  provider = started.child;
  return started.address;
}

const run = useServerAndBrowser({
  before,
  after,
  env: async () => {
    const site = `http://127.0.0.1:${await freePort()}`;
    return {
      HALFSTAR_LISTEN: site.slice('http://'.length),
      HALFSTAR_PUBLIC_URL: site,
      HALFSTAR_OIDC_ISSUER: await startProvider(site),
      HALFSTAR_OIDC_CLIENT_ID: 'halfstar',
      HALFSTAR_OIDC_CLIENT_SECRET: 'home secret',
      HALFSTAR_OIDC_BUTTON_LABEL: 'Sign in with Home',
      HALFSTAR_OIDC_SCOPES: 'email profile groups',
      HALFSTAR_OIDC_ADMIN_GROUP: 'music-admins',
    };
  },
});
after(() => {
  provider?.kill();
  rmSync(work, { recursive: true, force: true });
});

/** Through the provider's own pages, as a person would. */
async function signInAtProvider(page, username, password) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('a new member signs in through the provider, out, and in again', async () => {
  const page = await run.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${run.server.url}/login`);
  await page.getByRole('button', { name: 'Sign in with Home' }).click();
  await page.waitForURL((url) => !url.href.startsWith(run.server.url));
  await signInAtProvider(page, 'nora', 'nora at home');
  await page.waitForURL(`${run.server.url}/`);
  const bar = page.getByRole('navigation', { name: 'Mobile' });
  await bar.getByRole('link', { name: 'Library' }).waitFor();
  const me = await page.evaluate(async () => {
    const answer = await fetch('/api/auth/me', { headers: { authorization: `Bearer ${localStorage.getItem('halfstar.token')}` } });
    return answer.json();
  });
  assert.equal(me.username, 'nora');
  assert.equal(me.role, 'user', 'nora is in no admin group');

  // Settings list the provider account.
  await page.goto(`${run.server.url}/settings/account`);
  const section = page.getByRole('region', { name: 'Single sign-on' });
  await section.getByText('nora@home.example').waitFor();

  await page.evaluate(() => localStorage.removeItem('halfstar.token'));
  await page.goto(`${run.server.url}/login`);
  await page.getByRole('button', { name: 'Sign in with Home' }).click();
  // The provider remembers nora: straight back, signed in to the same account.
  await page.waitForURL(`${run.server.url}/`);
  await bar.getByRole('link', { name: 'Library' }).waitFor();
});

test('a member links the provider from settings, and Admin -> Sign-on says it answers', async () => {
  const { page } = await demoMemberPage(run, 'vinylvera');
  await page.goto(`${run.server.url}/settings/account`);
  const section = page.getByRole('region', { name: 'Single sign-on' });
  await section.getByText('No provider account is linked').waitFor();
  await section.getByRole('button', { name: 'Link Home' }).click();
  await page.waitForURL((url) => !url.href.startsWith(run.server.url));
  await signInAtProvider(page, 'vera.home', 'vera at home');
  await page.waitForURL(`${run.server.url}/settings/account`);
  await section.getByText('vera@home.example').waitFor();

  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await page.getByRole('tab', { name: 'Sign-on' }).click();
  await page.getByText('Answering: its discovery document and keys were read.').waitFor();
  await page.getByText(`${run.server.url}/sign-on/callback`).waitFor();
});
