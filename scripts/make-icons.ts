/**
 * Draws Runnel's icons from one SVG: the favicon (a PNG, and an ICO for browsers that ask for
 * /favicon.ico), the Apple touch icon and the web manifest's PNGs (plain and maskable). Rendered by
 * Chromium, so no image library is needed. Run `npx tsx scripts/make-icons.ts` after changing the
 * mark; the files are committed.
 *
 * The favicon is a PNG, not the SVG itself: Chromium fetches the page's icon again when the
 * address changes (a first question sent writes one) and draws an SVG icon as a document of its
 * own on the page's main thread, a task of 14–19 ms of CPU at 4× CPU throttling, up to 46 ms wall,
 * in the first half second of the first answer (docs/performance.md). 64 px covers a tab's icon
 * on screens of up to 4 device pixels per CSS pixel.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../testing/stack/chromium';

const TEAL = '#0f766e';
const WAVES = 'M3 8c3-3 6 3 9 0s6 3 9 0M3 13c3-3 6 3 9 0s6 3 9 0M3 18c3-3 6 3 9 0s6 3 9 0';

/** The mark on a teal tile; `inset` is the share of the tile around the waves. */
function svg({ rounded, inset }: { rounded: boolean; inset: number }): string {
  const scale = (64 * (1 - 2 * inset)) / 24;
  const offset = 64 * inset;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64"${rounded ? ' rx="14"' : ''} fill="${TEAL}"/><g transform="translate(${offset} ${offset + scale * 0.5}) scale(${scale})"><path d="${WAVES}" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round"/></g></svg>`;
}

/** An ICO file holding one PNG (every browser since IE 11 reads PNG inside ICO). */
function ico(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(1, 4);
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt16LE(1, 10);
  header.writeUInt16LE(32, 12);
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

async function main() {
  const browser = await chromium.launch(chromiumLaunchOptions());
  const page = await browser.newPage();
  const render = async (markup: string, size: number) => {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`,
    );
    return page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
  };
  const favicon = svg({ rounded: true, inset: 0.15 });
  writeFileSync('app/icon.png', await render(favicon, 64));
  writeFileSync('app/favicon.ico', ico(await render(favicon, 32), 32));
  // iOS rounds the corners itself and shows transparency as black: a full square.
  writeFileSync('app/apple-icon.png', await render(svg({ rounded: false, inset: 0.18 }), 180));
  writeFileSync('public/icon-192.png', await render(favicon, 192));
  writeFileSync('public/icon-512.png', await render(favicon, 512));
  // Maskable icons are cropped to a circle of 80 %: the waves stay inside it.
  writeFileSync(
    'public/icon-maskable-512.png',
    await render(svg({ rounded: false, inset: 0.25 }), 512),
  );
  await browser.close();
}

await main();
