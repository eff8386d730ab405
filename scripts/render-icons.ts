// Renders the hand-drawn SVG icons in public/icons to the PNG sizes the manifest and iOS need.
// The PNGs are committed (CI does not re-render); run this after editing an SVG:
//   npx tsx scripts/render-icons.ts
// With a running shop it also retakes the manifest's screenshots of the real home page:
//   npx tsx scripts/render-icons.ts --screenshots http://127.0.0.1:8080
// Uses Debian's Chromium (CHROME_PATH or /usr/bin/chromium); never downloads a browser.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const iconsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');

interface Render {
  source: string;
  output: string;
  size: number;
  // A transparent page keeps the rounded corners of the "any" icon; opaque targets get the brand background.
  transparent: boolean;
}

const renders: Render[] = [
  { source: 'icon.svg', output: 'icon-192.png', size: 192, transparent: true },
  { source: 'icon.svg', output: 'icon-512.png', size: 512, transparent: true },
  { source: 'maskable.svg', output: 'maskable-512.png', size: 512, transparent: false },
  { source: 'maskable.svg', output: 'maskable-192.png', size: 192, transparent: false },
  // iOS fills transparency with black and rounds the corners itself, so the icon goes on the page colour.
  { source: 'icon.svg', output: 'apple-touch-icon.png', size: 180, transparent: false },
  ...['kit', 'game', 'orders', 'help'].map((name) => ({
    source: `shortcuts/${name}.svg`,
    output: `shortcuts/${name}-96.png`,
    size: 96,
    transparent: false,
  })),
];

// JPEG: the precache only takes png/webp, so screenshots are fetched only when an install dialog shows them.
const screenshots = [
  { output: 'screenshots/home-narrow.jpg', width: 390, height: 844, scale: 2, mobile: true },
  { output: 'screenshots/home-wide.jpg', width: 1280, height: 800, scale: 1, mobile: false },
];

const screenshotsFlag = process.argv.indexOf('--screenshots');
const shopUrl = screenshotsFlag === -1 ? null : process.argv[screenshotsFlag + 1];
if (screenshotsFlag !== -1 && !shopUrl) throw new Error('--screenshots needs the running shop URL');

function pngSize(png: Buffer): { width: number; height: number } {
  // IHDR is the first chunk: width and height are big-endian at bytes 16 and 20.
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

try {
  for (const render of renders) {
    const svg = await readFile(path.join(iconsDir, render.source), 'utf8');
    const page = await browser.newPage({
      viewport: { width: render.size, height: render.size },
      deviceScaleFactor: 1,
    });
    const background = render.transparent ? 'transparent' : '#0b1020';
    await page.setContent(
      `<!doctype html><html><head><style>
        html, body { margin: 0; background: ${background}; }
        svg { display: block; width: ${render.size}px; height: ${render.size}px; }
      </style></head><body>${svg}</body></html>`,
    );
    const png = await page.screenshot({ omitBackground: render.transparent, type: 'png' });
    await page.close();
    const { width, height } = pngSize(png);
    if (width !== render.size || height !== render.size) {
      throw new Error(
        `${render.output}: rendered ${width}x${height}, expected ${render.size}x${render.size}`,
      );
    }
    await writeFile(path.join(iconsDir, render.output), png);
    console.log(`${render.output}  ${render.size}x${render.size}  ${png.length} bytes`);
  }
  if (shopUrl) {
    for (const shot of screenshots) {
      const context = await browser.newContext({
        viewport: { width: shot.width, height: shot.height },
        deviceScaleFactor: shot.scale,
        isMobile: shot.mobile,
        hasTouch: shot.mobile,
        colorScheme: 'dark',
        locale: 'en-IN',
      });
      const page = await context.newPage();
      await page.goto(new URL('/', shopUrl).href, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const jpeg = await page.screenshot({ type: 'jpeg', quality: 82 });
      await context.close();
      await writeFile(path.join(iconsDir, shot.output), jpeg);
      const size = `${shot.width * shot.scale}x${shot.height * shot.scale}`;
      console.log(`${shot.output}  ${size}  ${jpeg.length} bytes`);
    }
  }
} finally {
  await browser.close();
}
