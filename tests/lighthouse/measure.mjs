// Measures one page's Lighthouse performance on a phone, cold, as a returning
// demo member (mira99) sees it, N times; prints each run's scores, and for the
// first run its largest paint's element and phases and its requests; each run's long tasks.
//
//   HALFSTAR_BIN=../../target/release/halfstar node measure.mjs /albums/radiohead/ok-computer 4
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '../../ui/node_modules/playwright-core/index.mjs';
import { logInDemoMember, startServer } from '../../ui/e2e/server.mjs';

const path = process.argv[2] ?? '/';
const runs = Number(process.argv[3] ?? 1);
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});
const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
const { token } = await logInDemoMember(server, 'mira99');
const local = (url) => url?.replace(server.url, '');

for (let run = 0; run < runs; run++) {
  // A returning member's browser: the token and the record the app keeps, and a cold HTTP cache.
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${server.url}/robots.txt`);
  await page.evaluate((value) => localStorage.setItem('halfstar.token', value), token);
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => localStorage.getItem('halfstar.member') !== null);
  await (await page.context().newCDPSession(page)).send('Network.clearBrowserCache');
  await page.close();

  const { lhr } = await lighthouse(server.url + path, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: true,
  });
  const audits = lhr.audits;
  const shown = (id) => audits[id].displayValue;
  console.log(
    `performance ${lhr.categories.performance.score}: largest paint ${shown('largest-contentful-paint')},`,
    `blocking ${shown('total-blocking-time')}, first paint ${shown('first-contentful-paint')}`,
  );
  // Blocking time counts the long tasks after the first paint: each run's, as they vary from run to run.
  console.log('long tasks:', audits['long-tasks'].details?.items?.map((task) => `${local(task.url)} at ${Math.round(task.startTime)} for ${Math.round(task.duration)} ms`).join(', '));
  if (run > 0) continue;
  const [element, phases] = audits['largest-contentful-paint-element'].details?.items ?? [];
  console.log('largest paint:', element?.items?.[0]?.node?.snippet);
  console.log('its phases:', phases?.items?.map((phase) => `${phase.phase} ${Math.round(phase.timing)} ms`).join(', '));
  console.log('requests (start, end ms):', audits['network-requests'].details.items.map((request) => `${local(request.url)} ${Math.round(request.networkRequestTime)}-${Math.round(request.networkEndTime)}`));
}
await browser.close();
await chrome.kill();
await server.stop();
