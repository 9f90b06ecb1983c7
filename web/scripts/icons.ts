// Draws the app's PNG icons (the web app manifest's 192 and 512 px, the maskable one and the
// Apple touch icon) from public/icons/icon.svg in Debian's Chromium, once: the PNGs are
// committed. Run again after changing the SVG: `node scripts/icons.ts` (from web/).
import { chromium } from "@playwright/test";
import { readFile, writeFile } from "node:fs/promises";

const svg = await readFile(new URL("../public/icons/icon.svg", import.meta.url), "utf-8");
const sizes: readonly [string, number][] = [
  ["icon-192.png", 192],
  ["icon-512.png", 512],
  // The drawing keeps to the middle 80%, the safe zone of a maskable icon: the same picture.
  ["icon-maskable-512.png", 512],
  ["apple-touch-icon.png", 180],
];
const browser = await chromium.launch({ executablePath: process.env["CHROMIUM"] ?? "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
try {
  for (const [name, size] of sizes) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await writeFile(new URL(`../public/icons/${name}`, import.meta.url), await page.screenshot({ omitBackground: false }));
    await page.close();
  }
} finally {
  await browser.close();
}
