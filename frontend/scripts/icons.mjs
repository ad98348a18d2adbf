// Draws the app's PNG icons from public/icon.svg with the system Chromium (TOOLCHAIN.md).
// The PNGs are committed, so a build never needs a browser: run this after changing the SVG.
//   node scripts/icons.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const pub = new URL('../public/', import.meta.url);
const svg = readFileSync(new URL('icon.svg', pub), 'utf8');

// A maskable icon keeps its drawing inside the central 80% safe zone and fills the whole
// square, because the launcher crops it to its own shape.
const maskable = svg
  .replace('rx="96"', 'rx="0"')
  .replace('<g ', '<g transform="translate(256 256) scale(0.72) translate(-256 -256)" ');

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg },
  { file: 'pwa-512x512.png', size: 512, svg },
  { file: 'maskable-512x512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon.png', size: 180, svg: maskable },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const page = await browser.newPage();
for (const icon of icons) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(`<style>*{margin:0}svg{display:block;width:100vw;height:100vh}</style>${icon.svg}`);
  writeFileSync(new URL(icon.file, pub), await page.screenshot({ omitBackground: true }));
}
await browser.close();
