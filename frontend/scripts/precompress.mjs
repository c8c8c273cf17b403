// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file of the build, so
// the server sends them as they are (crates/site/src/static_files.rs holds them) instead of
// compressing per request. index.html is left alone: the server injects into it per page and
// compresses each rendered page itself. A copy that would not be smaller is not written.
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|map|txt|xml|wasm|webmanifest|ico)$/;
const MIN_BYTES = 256;

const dist = join(fileURLToPath(import.meta.url), '../../dist');

/**
 * Every file under `dir`.
 * @param {string} dir
 * @returns {AsyncGenerator<string>}
 */
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Dot directories (.vite's manifest, .ssr's server bundle) are read by the server, not served.
    if (entry.isDirectory() && !entry.name.startsWith('.')) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * @param {Buffer} bytes
 * @returns {{ suffix: string, compress: () => Buffer }[]}
 */
const variants = (bytes) => [
  {
    suffix: '.br',
    compress: () =>
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { suffix: '.gz', compress: () => gzipSync(bytes, { level: 9 }) },
];

let written = 0;
for await (const path of files(dist)) {
  if (!COMPRESSIBLE.test(path) || relative(dist, path) === 'index.html') continue;
  const bytes = await readFile(path);
  for (const { suffix, compress } of variants(bytes)) {
    const compressed = bytes.length >= MIN_BYTES ? compress() : null;
    if (compressed && compressed.length < bytes.length) {
      await writeFile(path + suffix, compressed);
      written += 1;
    } else {
      // A stale copy from an earlier build must not be served instead of the file.
      await rm(path + suffix, { force: true });
    }
  }
}
globalThis.console.log(`precompress: ${String(written)} .br/.gz files in ${dist}`);
