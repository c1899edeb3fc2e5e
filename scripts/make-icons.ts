// Renders the app's PNG icons (the web app manifest, iOS's home screen, Android's notification
// badge) from the SVG mark in web/public/favicon.svg's colours, with the system Chromium. Run
// once after changing the mark: `npx tsx scripts/make-icons.ts`; the PNGs are committed.
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';

const TEAL = '#0d9488';
const CUP = '<path d="M10 8h12v4a6 6 0 0 1-12 0V8Zm6 10v4m-4 2h8" stroke="#fff" stroke-width="2.5" fill="none" stroke-linecap="round"/>';
/** The mark on a rounded tile (any-purpose icons), full bleed with the mark in the safe zone
 *  (maskable: the platform cuts its own shape), and white on transparent (the status-bar badge). */
const SVGS = {
  any: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${TEAL}"/>${CUP}</svg>`,
  maskable: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-8 -8 48 48"><rect x="-8" y="-8" width="48" height="48" fill="${TEAL}"/>${CUP}</svg>`,
  badge: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="4 4 24 24">${CUP}</svg>`,
};
const OUTPUTS: Array<[keyof typeof SVGS, number, string]> = [
  ['any', 192, 'icon-192.png'],
  ['any', 512, 'icon-512.png'],
  ['maskable', 512, 'maskable-512.png'],
  ['any', 180, 'apple-touch-icon.png'],
  ['badge', 96, 'badge-96.png'],
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
for (const [kind, size, file] of OUTPUTS) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<html><body style="margin:0;background:transparent">${SVGS[kind].replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`);
  writeFileSync(new URL(`../web/public/icons/${file}`, import.meta.url), await page.screenshot({ omitBackground: true }));
  await page.close();
}
await browser.close();
