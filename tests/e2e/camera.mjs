// A camera for the end-to-end tests of the in-app QR scanner: Chromium's fake camera playing a
// Y4M video written from a QR code's SVG as the app draws it (qrcode's renderer), so the
// scanner reads a real picture. Used by scan.test.mjs and scan_rapier.test.mjs.
import fs from 'node:fs';
import assert from 'node:assert/strict';
import { launchBrowser, tid, CHROMIUM_ARGS } from './harness.mjs';

const W = 640;
const H = 480;

/** The dark squares of a QR code's SVG as the share panel draws it (qrcode's renderer:
 * `M{left} {top}h{w}v{h}H..V..` a square), as a grey picture of `side` pixels. */
export function svgToGrey(svg, side) {
  const size = Number(/width="(\d+)"/.exec(svg)[1]);
  const grey = new Uint8Array(side * side).fill(255);
  for (const [, l, t, w, h] of svg.matchAll(/M(\d+) (\d+)h(\d+)v(\d+)/g)) {
    const [x0, y0, x1, y1] = [l, t, +l + +w, +t + +h].map((v) => Math.round((v * side) / size));
    for (let y = y0; y < y1; y++) grey.fill(20, y * side + x0, y * side + x1);
  }
  return grey;
}

/** A Y4M video (4:2:0, grey) of a few identical frames showing `svg`'s code in the middle. */
export function writeY4m(svg, file) {
  const side = 400;
  const code = svgToGrey(svg, side);
  const y = new Uint8Array(W * H).fill(200);
  const [left, top] = [(W - side) / 2, (H - side) / 2];
  for (let r = 0; r < side; r++) y.set(code.subarray(r * side, (r + 1) * side), (top + r) * W + left);
  const chroma = new Uint8Array((W / 2) * (H / 2) * 2).fill(128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma]);
  const head = Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([head, frame, frame, frame, frame, frame]));
}

/** A browser whose camera plays `file`, the camera allowed without asking. */
export function cameraBrowser(file) {
  return launchBrowser({
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${file}`],
  });
}

/** A QR code's SVG as the app draws it, read from the page (a share panel's `testid`). */
export async function qrOf(page, testid) {
  const svg = await tid(page, testid).innerHTML();
  assert.match(svg, /<svg/);
  return svg;
}
