// The six marketing pages, shot full-page at a phone and a desktop width, and two such sets
// compared pixel by pixel (issue 38: rebuilt from blocks, they must look exactly as before).
// Run through visual-compare.sh, which starts the server for `shoot`. Uses Playwright from
// tests/e2e/node_modules (its pngjs for the diff) and the system Chromium: no new dependency.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const require = createRequire(new URL("../e2e/package.json", import.meta.url));
const { chromium } = require("playwright-core");
const { PNG } = require("playwright-core/lib/utilsBundle");

export const PAGES = [
  ["home", "/"],
  ["services", "/services"],
  ["rcm-services", "/rcm-services"],
  ["about", "/about"],
  ["careers", "/careers"],
  ["api-integrations", "/api-integrations"],
];
export const VIEWPORTS = [
  { width: 375, height: 667 },
  { width: 1280, height: 800 },
];

async function shoot(baseUrl, outDir) {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--hide-scrollbars",
      "--font-render-hinting=none",
    ],
  });
  try {
    for (const viewport of VIEWPORTS) {
      // Reduced motion keeps the logo carousel on its first logo (it never starts on its own then).
      const context = await browser.newContext({
        viewport,
        reducedMotion: "reduce",
        deviceScaleFactor: 1,
      });
      // The cookie banner answered, as a returning visitor sees the page.
      await context.addInitScript(() => {
        window.localStorage.setItem("cookieConsent", "declined");
      });
      const page = await context.newPage();
      for (const [name, route] of PAGES) {
        await page.goto(new URL(route, baseUrl).href, {
          waitUntil: "networkidle",
        });
        await page.waitForFunction(
          () =>
            !document.getElementById("page-data") ||
            document.documentElement.hasAttribute("data-hydrated"),
        );
        // Lazy images load now, and the shot waits for them and for the web fonts.
        await page.evaluate(async () => {
          for (const img of document.querySelectorAll('img[loading="lazy"]'))
            img.loading = "eager";
          await Promise.all(
            [...document.images].map((img) =>
              img.complete ? null : img.decode().catch(() => null),
            ),
          );
          await document.fonts.ready;
        });
        await page.waitForLoadState("networkidle");
        const file = join(outDir, `${name}-${viewport.width}.png`);
        await page.screenshot({
          path: file,
          fullPage: true,
          animations: "disabled",
          caret: "hide",
        });
        console.log(`shot ${route} at ${viewport.width}px -> ${file}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/**
 * Channel steps a pixel may be off by and still count as anti-aliasing noise: Chromium's text and
 * icon edges differ by a step or two between two runs of the same build now and then.
 */
const NOISE = 2;

/**
 * Differing pixels of two PNGs: any channel different (`differing`), and more than NOISE steps
 * off (`visible`); a size change counts the area outside the overlap as both.
 */
function diffPixels(fileA, fileB, diffFile) {
  const a = PNG.sync.read(readFileSync(fileA));
  const b = PNG.sync.read(readFileSync(fileB));
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const out = new PNG({ width, height });
  let differing = 0;
  let visible = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const inA = x < a.width && y < a.height;
      const inB = x < b.width && y < b.height;
      let same = inA && inB;
      let near = same;
      if (same) {
        const ia = (y * a.width + x) * 4;
        const ib = (y * b.width + x) * 4;
        for (let c = 0; c < 4; c++) {
          const delta = Math.abs(a.data[ia + c] - b.data[ib + c]);
          if (delta > 0) same = false;
          if (delta > NOISE) near = false;
        }
      }
      if (!same) differing++;
      if (!near) visible++;
      // The diff image: unchanged pixels faded, changed ones red.
      const source = inA ? a.data : b.data;
      const is = inA ? (y * a.width + x) * 4 : (y * b.width + x) * 4;
      const grey = (source[is] + source[is + 1] + source[is + 2]) / 3;
      out.data[o] = same ? 200 + grey / 5 : 255;
      out.data[o + 1] = same ? 200 + grey / 5 : 0;
      out.data[o + 2] = same ? 200 + grey / 5 : 0;
      out.data[o + 3] = 255;
    }
  }
  if (differing > 0 && diffFile) writeFileSync(diffFile, PNG.sync.write(out));
  return {
    differing,
    visible,
    sizeA: `${a.width}x${a.height}`,
    sizeB: `${b.width}x${b.height}`,
  };
}

function compare(dirA, dirB, diffDir) {
  if (diffDir) mkdirSync(diffDir, { recursive: true });
  const names = [...new Set([...readdirSync(dirA), ...readdirSync(dirB)])]
    .filter((f) => f.endsWith(".png"))
    .sort();
  let total = 0;
  let totalVisible = 0;
  for (const name of names) {
    let line;
    try {
      const result = diffPixels(
        join(dirA, name),
        join(dirB, name),
        diffDir && join(diffDir, name),
      );
      total += result.differing;
      totalVisible += result.visible;
      const sizes =
        result.sizeA === result.sizeB
          ? result.sizeA
          : `${result.sizeA} vs ${result.sizeB}`;
      line = `${name.padEnd(28)} ${String(result.differing).padStart(9)} differing pixels, ${String(result.visible).padStart(9)} by more than ${NOISE} steps  (${sizes})`;
    } catch (error) {
      total += 1;
      totalVisible += 1;
      line = `${name.padEnd(28)} missing or unreadable: ${error.message}`;
    }
    console.log(line);
  }
  if (total === 0) console.log("No difference.");
  else if (totalVisible === 0)
    console.log(
      `Only anti-aliasing noise (${total} pixels off by at most ${NOISE} steps).`,
    );
  else
    console.log(
      `Differences found (${totalVisible} pixels in all, ${total} counting noise).`,
    );
  return totalVisible === 0;
}

const [command, ...args] = process.argv.slice(2);
if (command === "shoot") {
  const base = process.env.CLAIMBRIDGE_URL;
  if (!base || !args[0])
    throw new Error(
      "usage: CLAIMBRIDGE_URL=... visual-compare.mjs shoot <dir>",
    );
  await shoot(base, args[0]);
} else if (command === "compare") {
  if (!args[0] || !args[1])
    throw new Error(
      "usage: visual-compare.mjs compare <dirA> <dirB> [diffDir]",
    );
  process.exitCode = compare(args[0], args[1], args[2]) ? 0 : 1;
} else {
  throw new Error(
    "usage: visual-compare.mjs shoot <dir> | compare <dirA> <dirB> [diffDir]",
  );
}
