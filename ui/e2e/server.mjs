// Starts the release binary on a free port with a fresh demo database, and
// headless Chromium, for the browser tests.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium } from 'playwright-core';
import assert from 'node:assert/strict';
import { afterEach } from 'node:test';

const binary = process.env.HALFSTAR_BIN ?? resolve(import.meta.dirname, '../../target/release/halfstar');

/** `env`: extra environment for the server (the import sources' addresses, say). */
/**
 * `synthetic`: 'small' serves the made-up community of `halfstar demo
 * --synthetic small` (albums with hundreds of ratings and dozens of reviews;
 * members member1.. signed in with the tokens synthetic-1..) instead of the demo.
 */
export async function startServer(env = {}, { synthetic } = {}) {
  if (!existsSync(binary)) {
    throw new Error(`no halfstar binary at ${binary}: run cargo build --release first`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'halfstar-e2e-'));
  if (synthetic) {
    const made = spawnSync(binary, ['--data-dir', dataDir, 'demo', '--synthetic', synthetic], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, HALFSTAR_LOG: 'warn', HALFSTAR_NEW_RELEASES: 'false' },
    });
    if (made.status !== 0) throw new Error(`demo --synthetic ${synthetic} exited with ${made.status}`);
  }
  // A test that must know the address first (a provider's redirect URI) names it in HALFSTAR_LISTEN.
  const listen = env.HALFSTAR_LISTEN ?? '127.0.0.1:0';
  const serveArgs = ['--data-dir', dataDir, 'serve', '--listen', listen, ...(synthetic ? [] : ['--demo'])];
  const child = spawn(binary, serveArgs, {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, HALFSTAR_LOG: 'warn', HALFSTAR_NEW_RELEASES: 'false', ...env },
  });
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    lines.on('line', (line) => {
      const match = /on (http:\/\/\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]);
      }
    });
  });
  return {
    url,
    binary,
    dataDir,
    async stop() {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Records on `page.errors` every page error and console error, but for lines
 * a test expects (`page.allowConsole(pattern)`, for a 404 it asks for on
 * purpose). Pictures come from the site itself (/media), so a picture from
 * another host is an error too: the content security policy refuses it.
 */
export function watchErrors(page) {
  const errors = [];
  const allowed = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const where = message.location().url ?? '';
    if (allowed.some((pattern) => pattern.test(text) || pattern.test(where))) return;
    errors.push(`console error: ${text}${where ? ` (${where})` : ''}`);
  });
  page.errors = errors;
  page.allowConsole = (pattern) => allowed.push(pattern);
  return page;
}

/** A browser whose every new page (and context's page) is watched and remembered in `opened`. */
function watchedBrowser(browser, opened) {
  // browser.newPage makes a context of its own, so a page can reach both hooks.
  const watch = (page) => {
    if (page.errors) return page;
    watchErrors(page);
    opened.push(page);
    return page;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args) => watch(await newPage(...args));
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    context.on('page', watch);
    return context;
  };
  return browser;
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Starts a real peer of the tests (the mail server, the identity provider)
 * that prints "listening on ADDRESS" once it takes connections: the child and
 * that address.
 */
export async function startPeer(command, args) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'ignore'] });
  const lines = createInterface({ input: child.stdout });
  const address = await new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${command} did not start within 60 s`)), 60_000);
    child.once('exit', (code) => fail(new Error(`${command} exited with ${code}`)));
    lines.on('line', (line) => {
      const match = /listening on (\S+)/.exec(line);
      if (match) {
        clearTimeout(timer);
        done(match[1]);
      }
    });
  });
  return { child, address };
}

/**
 * Registers node:test hooks that start one server and one browser for a test file.
 * Returns an object whose `server` and `browser` are set once `before` has run.
 */
export function useServerAndBrowser({ before, after, env = () => ({}), synthetic }) {
  const context = { server: undefined, browser: undefined, artifacts: new URL('./artifacts/', import.meta.url).pathname };
  const opened = [];
  before(async () => {
    mkdirSync(context.artifacts, { recursive: true });
    context.server = await startServer(await env(), { synthetic });
    context.browser = watchedBrowser(await launchBrowser(), opened);
  });
  // Every page a test opened must have had no page error and no console error.
  afterEach(() => {
    const pages = opened.splice(0);
    const problems = pages.flatMap((page) => page.errors);
    assert.deepEqual(problems, [], 'page or console errors in this test');
  });
  after(async () => {
    await context.browser?.close();
    await context.server?.stop();
  });
  return context;
}

/** Signs up a new member through the API and opens a page already signed in as them. */
export async function signedInPage(context, username, viewport = { width: 1440, height: 900 }) {
  const answer = await fetch(`${context.server.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, email: `${username}@example.org`, password: 'long enough password' }),
  });
  if (answer.status !== 201) throw new Error(`sign-up answered ${answer.status}: ${await answer.text()}`);
  const session = await answer.json();
  const page = await context.browser.newPage({ viewport });
  await page.addInitScript((token) => localStorage.setItem('halfstar.token', token), session.token);
  if (!page.errors) watchErrors(page);
  return { page, session };
}

/** Logs a demo member in (every demo password is `halfstar-demo`): their session, with its token. */
export async function logInDemoMember(server, username) {
  const answer = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'halfstar-demo' }),
  });
  if (answer.status !== 200) throw new Error(`log-in answered ${answer.status}: ${await answer.text()}`);
  return answer.json();
}

/** Logs a demo member in and opens a page as them. */
export async function demoMemberPage(context, username, viewport = { width: 1440, height: 900 }) {
  const session = await logInDemoMember(context.server, username);
  const page = await context.browser.newPage({ viewport });
  await page.addInitScript((token) => localStorage.setItem('halfstar.token', token), session.token);
  if (!page.errors) watchErrors(page);
  return { page, session };
}

/** Calls the API as a member (`context` holds the server) and returns the JSON answer; throws on a refusal. */
export async function apiAs(context, token, method, path, body) {
  const answer = await fetch(`${context.server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${await answer.text()}`);
  return answer.status === 204 ? undefined : answer.json();
}

/** GETs an API path as JSON, optionally with a member's token. */
export async function apiGet(context, path, token) {
  const answer = await fetch(`${context.server.url}/api${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}`);
  return answer.json();
}
