#!/usr/bin/env node
// Draws the PWA icons (PNG) from public/logo.svg and public/maskable.svg with the system Chromium.
// Run after changing the logo: node apps/web/scripts/make-icons.mjs
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { findChromium } from "../../../scripts/ensure-chromium.mjs";

const pub = new URL("../public/", import.meta.url).pathname;
const icons = [
  ["logo.svg", "icons/icon-192.png", 192],
  ["logo.svg", "icons/icon-512.png", 512],
  ["maskable.svg", "icons/maskable-512.png", 512],
  ["maskable.svg", "icons/apple-touch-icon.png", 180],
  ["logo.svg", "icons/favicon-32.png", 32],
];

const browser = await chromium.launch({ executablePath: findChromium(), args: ["--no-sandbox", "--disable-gpu"] });
try {
  for (const [src, out, size] of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = readFileSync(join(pub, src), "utf8");
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace("<svg ", `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: join(pub, out), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`${out} (${size}px)`);
  }
} finally {
  await browser.close();
}
