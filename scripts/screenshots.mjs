#!/usr/bin/env node
// Screenshots of the app at phone, tablet and desktop sizes, plus a report of visible
// button/input/select/a elements smaller than 44x44 CSS px (figures only, no assertions).
//
//   node scripts/screenshots.mjs [URL] [OUT_DIR]
//
// Without URL (or with `dist`), the release build in dist/ is served under /field-desk/.
// OUT_DIR defaults to target/screenshots. Needs `bash scripts/setup.sh` (playwright-core, chromium).
import fs from 'node:fs';
import path from 'node:path';
import { startServer, launchBrowser, newPage, REPO_ROOT } from '../tests/e2e/harness.mjs';

const VIEWPORTS = [
  { width: 1024, height: 768 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];
const MIN_TARGET = 44;

const [urlArg, outArg] = process.argv.slice(2);
if (urlArg === '-h' || urlArg === '--help') {
  console.log('usage: node scripts/screenshots.mjs [URL|dist] [OUT_DIR]');
  process.exit(0);
}
const outDir = path.resolve(outArg || path.join(REPO_ROOT, 'target', 'screenshots'));
fs.mkdirSync(outDir, { recursive: true });

const server = !urlArg || urlArg === 'dist' ? await startServer() : null;
const url = server ? server.url : urlArg;
const browser = await launchBrowser();
let smallTotal = 0;

try {
  for (const { width, height } of VIEWPORTS) {
    const name = `${width}x${height}`;
    const { page, errors, close } = await newPage(browser, { width, height });
    await page.goto(url, { waitUntil: 'load' });
    await page
      .locator('[data-testid="app"]')
      .first()
      .waitFor({ state: 'attached', timeout: 10_000 })
      .catch(() => console.log(`${name}: no [data-testid="app"] after 10 s`));
    await page.waitForTimeout(300); // let async rendering settle

    const shot = path.join(outDir, `${name}.png`);
    const fullShot = path.join(outDir, `${name}-full.png`);
    await page.screenshot({ path: shot });
    await page.screenshot({ path: fullShot, fullPage: true });

    const small = await page.evaluate((min) => {
      const out = [];
      for (const el of document.querySelectorAll('button, input, select, a')) {
        if (el.matches('input[type="hidden"]')) continue;
        const style = getComputedStyle(el);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.width >= min && r.height >= min) continue;
        const label = (
          el.getAttribute('aria-label') ||
          el.textContent ||
          el.getAttribute('placeholder') ||
          el.getAttribute('name') ||
          el.getAttribute('type') ||
          ''
        )
          .trim()
          .replace(/\s+/g, ' ')
          .slice(0, 40);
        const testid = el.getAttribute('data-testid');
        out.push({
          tag: el.tagName.toLowerCase() + (testid ? `[data-testid=${testid}]` : ''),
          label,
          w: Math.round(r.width * 10) / 10,
          h: Math.round(r.height * 10) / 10,
        });
      }
      return out;
    }, MIN_TARGET);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);

    console.log(`${name}: ${shot} (page height ${pageHeight}px), ${small.length} visible targets under ${MIN_TARGET}x${MIN_TARGET}px`);
    for (const s of small) console.log(`  ${s.w}x${s.h}  ${s.tag}  "${s.label}"`);
    if (errors.length) console.log(`  page errors:\n    ${errors.join('\n    ')}`);
    smallTotal += small.length;
    await close();
  }
  console.log(`total targets under ${MIN_TARGET}x${MIN_TARGET}px across ${VIEWPORTS.length} viewports: ${smallTotal}`);
} finally {
  await browser.close();
  await server?.close();
}
