/**
 * Renders the web app's icons from apps/web/public/icon.svg with Chromium (decision 0024):
 * icon-192.png, icon-512.png, the maskable icon (full-bleed background, the mark inside the 80 %
 * safe zone) and apple-touch-icon.png (180 px, square: iOS rounds it itself).
 *
 *   cd e2e && node scripts/make-icons.ts
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from '@playwright/test';

const PUBLIC = path.join(import.meta.dirname, '../../apps/web/public');

const svg = await readFile(path.join(PUBLIC, 'icon.svg'), 'utf8');
// The mark without its rounded corners, on a square of the brand colour (for maskable and Apple icons).
const square = svg.replace('rx="112"', 'rx="0"');
const maskable = square.replace(
  /<rect x=.*<\/svg>/,
  (mark) =>
    `<g transform="translate(256 256) scale(0.72) translate(-256 -256)">${mark.replace('</svg>', '')}</g></svg>`,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const render = async (source: string, size: number, file: string) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${source.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    const png = await page.locator('svg').screenshot({ omitBackground: true });
    await writeFile(path.join(PUBLIC, file), png);
    console.log(file, png.length, 'bytes');
  };
  await render(svg, 192, 'icon-192.png');
  await render(svg, 512, 'icon-512.png');
  await render(maskable, 512, 'icon-maskable-512.png');
  await render(square, 180, 'apple-touch-icon.png');
  await render(svg, 32, 'favicon-32.png');
} finally {
  await browser.close();
}
