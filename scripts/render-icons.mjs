// Renders the site's icons from public/icon.svg, the one drawing of the mark:
//
//     node scripts/render-icons.mjs
//
// writes public/favicon.ico (16, 32 and 48 px PNGs in one ICO), public/apple-touch-icon.png
// (180 px, square: iOS rounds the corners itself) and public/icon-192.png and icon-512.png (the
// web manifest's). Chromium draws them: the browser the tests drive (scripts/debian-packages.mjs);
// nothing is downloaded. Run it again after changing the SVG, and commit what it wrote.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { testBrowserPath } from './debian-packages.mjs';

const publicDir = join(import.meta.dirname, '..', 'public');
const svg = readFileSync(join(publicDir, 'icon.svg'), 'utf8');
// The same drawing without the rounded corners, for platforms that cut their own shape.
const square = svg.replace(/(<rect width="512" height="512") rx="\d+"/, '$1');
if (square === svg) throw new Error('icon.svg: the background <rect> was not found');

const browser = await chromium.launch({
  executablePath: testBrowserPath,
  args: ['--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  /** The drawing as a PNG of size × size pixels, transparent around the mark. */
  const render = async (drawing, size) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${drawing}`,
    );
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  };

  const favicon = [];
  for (const size of [16, 32, 48]) favicon.push({ size, png: await render(svg, size) });
  writeFileSync(join(publicDir, 'favicon.ico'), icoOf(favicon));
  writeFileSync(join(publicDir, 'apple-touch-icon.png'), await render(square, 180));
  for (const size of [192, 512]) writeFileSync(join(publicDir, `icon-${size}.png`), await render(svg, size));
} finally {
  await browser.close();
}

/**
 * An ICO file whose images are PNGs (read by every browser since Windows Vista's format): a
 * 6-byte header, a 16-byte entry per image, then the images.
 */
function icoOf(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3); // reserved
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map(({ png }) => png)]);
}
