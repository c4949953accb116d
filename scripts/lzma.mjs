// The build's LZMA, in one place for the scripts that pack (scripts/offline-pack.mjs,
// scripts/pack-chunks.mjs) and the tests that check what they packed: `xz` with the build's
// settings, and the page's own decoder (public/lzma-decode.js) to check every pack unpacks.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

// lc=4, lp=0, pb=0: wasm is bytes, not words (0.5% smaller than xz's default lc=3, pb=2).
export const XZ_OPTIONS = 'preset=9e,lc=4,lp=0,pb=0';

/** `bytes` as a .lzma file (xz --format=lzma with the build's settings). */
export function xz(bytes) {
  return new Uint8Array(
    execFileSync('xz', ['--format=lzma', `--lzma1=${XZ_OPTIONS}`, '--stdout'], { input: bytes, maxBuffer: 1 << 30 }),
  );
}

/** public/lzma-decode.js's two functions, as the page and the service worker run them. */
export const { lzmaDecode, lzmaDecoder } = new Function(
  `${fs.readFileSync(new URL('../public/lzma-decode.js', import.meta.url), 'utf8')}\nreturn { lzmaDecode, lzmaDecoder };`,
)();
