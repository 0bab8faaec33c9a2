// Where a page's first load spends the phone's processor: loads the page cold
// three times, on a phone's screen with the processor slowed four times (as
// Lighthouse's phone is), under the JavaScript profiler, and prints the
// functions that held it longest by their own time, averaged over the runs.
// Positions are in the built bundles: `npx vite build --sourcemap` in ui/
// names their sources.
//
//   HALFSTAR_BIN=../../target/release/halfstar node profile.mjs /user/vinylvera
//   HALFSTAR_BIN=../../target/release/halfstar node profile.mjs / out     (signed out)
import { chromium } from '../../ui/node_modules/playwright-core/index.mjs';
import { logInDemoMember, startServer } from '../../ui/e2e/server.mjs';

const RUNS = 3;
const SHOWN = 30;
const path = process.argv[2] ?? '/';
const signedIn = process.argv[3] !== 'out';
const server = await startServer();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const { token } = await logInDemoMember(server, 'mira99');
const selfTime = new Map();

for (let run = 0; run < RUNS; run++) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  if (signedIn) {
    // A returning member: the token and the record the app keeps.
    await page.goto(`${server.url}/robots.txt`);
    await page.evaluate((value) => localStorage.setItem('halfstar.token', value), token);
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() => localStorage.getItem('halfstar.member') !== null);
    await page.goto(`${server.url}/robots.txt`);
  }
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle');
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  profile.samples.forEach((id, index) => {
    const { functionName, url, lineNumber, columnNumber } = nodes.get(id).callFrame;
    const where = `${functionName || '(anonymous)'} ${url.replace(/.*\//, '')}:${lineNumber}:${columnNumber}`;
    selfTime.set(where, (selfTime.get(where) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  await context.close();
}

console.log(`own time in ms (processor slowed 4 times), mean of ${RUNS} loads of ${path}:`);
for (const [where, ms] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, SHOWN)) {
  console.log(`${(ms / RUNS).toFixed(1).padStart(7)} ${where}`);
}
await browser.close();
await server.stop();
