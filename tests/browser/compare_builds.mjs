// Does a change leave the page looking the same? Screenshots of two built sites side by side at
// 1440 x 900, dpr 1 and 2, light and dark, at the top of the page and scrolled to the bottom,
// and the number of pixels that differ. Not a test of its own (it needs a second build):
//
//   node tests/browser/compare_builds.mjs <site before> <site after>
//
// The screenshots land in tests/browser/out/compare/ (git-ignored) to look at. SCREEN=1920x1080
// gives the browser a screen larger than the viewport (by default the two are equal; a build with
// Emscripten's GLFW then drew its canvas a pixel short of the screen, scaled to fit).
// THEMES=light,dark,contrast,contrastlight picks the themes (light and dark by default).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { serve, launch, OUT } from './harness.mjs';
import { decodePng } from './png.mjs';

const [beforeDir, afterDir] = process.argv.slice(2).map((d) => path.resolve(d));
if (!beforeDir || !afterDir) {
  console.error('usage: node tests/browser/compare_builds.mjs <site before> <site after>');
  process.exit(2);
}
const dir = path.join(OUT, 'compare');
await mkdir(dir, { recursive: true });
const sites = [await serve(beforeDir), await serve(afterDir)];
const browser = await launch();

async function capture(url, dpr, scrolled) {
  const screen = process.env.SCREEN ? process.env.SCREEN.split('x').map(Number) : null;
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 }, deviceScaleFactor: dpr,
    ...(screen ? { screen: { width: screen[0], height: screen[1] } } : {}),
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => window.embeddingLab !== undefined);
  await page.evaluate(() => window.embeddingLab.ready);
  if (scrolled) {
    await page.mouse.move(700, 450);
    await page.mouse.wheel(0, 20000);
  }
  await page.mouse.move(2, 898);  // off every widget: no hover
  // Idle: the page stops drawing a second after the last input; the last frame stays.
  let frames = -1;
  for (let i = 0; i < 40; i++) {
    await new Promise((r) => setTimeout(r, 150));
    const now = await page.evaluate(() => window.embeddingLab.frameStats().frames);
    if (now === frames) break;
    frames = now;
  }
  const png = await page.screenshot();
  await context.close();
  return png;
}

let total = 0;
for (const dpr of [1, 2]) {
  for (const theme of (process.env.THEMES || 'light,dark').split(',')) {
    for (const scrolled of [false, true]) {
      const fragment = `#v=1&theme=${theme}`;
      const [a, b] = [await capture(sites[0].url + fragment, dpr, scrolled), await capture(sites[1].url + fragment, dpr, scrolled)];
      const name = `dpr${dpr}-${theme}${scrolled ? '-bottom' : ''}`;
      await writeFile(path.join(dir, `${name}-before.png`), a);
      await writeFile(path.join(dir, `${name}-after.png`), b);
      const [pa, pb] = [decodePng(a), decodePng(b)];
      let differ = 0;
      for (let i = 0; i < pa.pixels.length; i += pa.channels) {
        if (pa.pixels[i] !== pb.pixels[i] || pa.pixels[i + 1] !== pb.pixels[i + 1] || pa.pixels[i + 2] !== pb.pixels[i + 2]) differ++;
      }
      total += differ;
      console.log(`${name.padEnd(22)} ${pa.width} x ${pa.height}: ${differ} pixels differ`);
    }
  }
}
console.log(`${total} pixels differ in all; screenshots in ${dir}`);
await browser.close();
for (const s of sites) await s.close();
