// Draws the PNG and ICO icons in public/ from the half star of favicon.svg,
// with the same headless Chromium the browser tests use. The files are
// checked in; run this again (node scripts/make-icons.mjs) only when the
// star changes.
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const publicDir = new URL('../public/', import.meta.url);
const star = readFileSync(new URL('favicon.svg', publicDir), 'utf8');
// The web app icon: the star on the dark theme's background, inside the
// centre 80% that launchers keep when they cut a "maskable" icon to a shape.
const BACKGROUND = '#15161c';

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});

async function draw(size, { filled }) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  const inset = filled ? size * 0.2 : 0;
  await page.setContent(
    `<body style="margin:0;background:${filled ? BACKGROUND : 'transparent'}">
       <div style="position:absolute;inset:${inset}px">${star.replace('<svg ', '<svg width="100%" height="100%" ')}</div>
     </body>`,
  );
  const png = await page.screenshot({ omitBackground: !filled, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
  return png;
}

/** An .ico of PNG images (every browser since IE 11 reads them). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // an icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

const small = [];
for (const size of [16, 32, 48]) small.push({ size, png: await draw(size, { filled: false }) });
writeFileSync(new URL('favicon.ico', publicDir), ico(small));
for (const size of [192, 512]) writeFileSync(new URL(`icon-${size}.png`, publicDir), await draw(size, { filled: true }));
await browser.close();
