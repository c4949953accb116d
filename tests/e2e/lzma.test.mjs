// The LZMA decoder of the page and the service worker (public/lzma-decode.js), against xz: what xz
// packs it unpacks byte for byte, under the build's options and others, whole or fed as the bytes
// arrive; broken packs throw, or at worst decode to other bytes (which the worker's integrity
// check refuses), and never run on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './harness.mjs';
import { lzmaDecode, lzmaDecoder, XZ_OPTIONS } from '../../scripts/lzma.mjs';


const xz = (bytes, options) =>
  new Uint8Array(execFileSync('xz', ['--format=lzma', `--lzma1=${options}`, '--stdout'], { input: bytes, maxBuffer: 1 << 28 }));

/** A seeded generator (mulberry32): the same cases on every run. */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Texts of every kind: empty, one byte, runs, noise, text-like, and the repo's own sources. */
function samples() {
  const rnd = random(7);
  const noise = Uint8Array.from({ length: 5000 }, () => Math.floor(rnd() * 256));
  const words = ['attack', 'defend', 'turn', 'die', 'roll', '{"a":1}', '\n', ' '];
  const text = Buffer.from(Array.from({ length: 4000 }, () => words[Math.floor(rnd() * words.length)]).join(''));
  return [
    ['empty', new Uint8Array(0)],
    ['one byte', Uint8Array.of(42)],
    ['a run', new Uint8Array(70_000).fill(7)],
    ['noise', noise],
    ['text', text],
    ['noise then its copy', Buffer.concat([noise, noise, text, noise.subarray(100, 3000)])],
    ['the decoder', fs.readFileSync(path.join(REPO_ROOT, 'public', 'lzma-decode.js'))],
    ['Cargo.lock', fs.readFileSync(path.join(REPO_ROOT, 'Cargo.lock'))],
  ];
}

test("what xz packs is unpacked byte for byte, with the build's options and others", () => {
  for (const [name, bytes] of samples()) {
    for (const options of [XZ_OPTIONS, 'preset=6', 'preset=1,lc=0,lp=4,pb=4', 'preset=9,lc=0,lp=0,pb=0']) {
      const out = lzmaDecode(xz(bytes, options), bytes.length);
      assert.ok(Buffer.from(out).equals(Buffer.from(bytes)), `${name}, ${options}`);
    }
  }
});

test('a pack of another length, cut short, or with bytes changed never yields the text unnoticed', () => {
  const bytes = Buffer.concat(samples().map(([, b]) => b));
  const packed = xz(bytes, XZ_OPTIONS);
  // The wrong size: refused, whichever way.
  assert.throws(() => lzmaDecode(packed, bytes.length - 1), /offline pack/);
  assert.throws(() => lzmaDecode(packed, bytes.length + 1), /offline pack/);
  // Cut anywhere: refused.
  for (let cut = 0; cut < packed.length; cut += 97) {
    assert.throws(() => lzmaDecode(packed.subarray(0, cut), bytes.length), /offline pack/, `cut at ${cut}`);
  }
  // A changed byte: refused, or other bytes (the worker's integrity check refuses those).
  const rnd = random(11);
  let refused = 0;
  for (let i = 0; i < 400; i++) {
    const broken = packed.slice();
    const at = Math.floor(rnd() * broken.length);
    broken[at] ^= 1 + Math.floor(rnd() * 255);
    try {
      const out = lzmaDecode(broken, bytes.length);
      assert.ok(!Buffer.from(out).equals(bytes) || at < 13, `byte ${at} changed, yet the same text`);
    } catch (e) {
      assert.match(e.message, /offline pack/);
      refused++;
    }
  }
  assert.ok(refused > 300, `${refused} of 400 changed packs refused`);
});

test("head mode: a stream's first bytes give the start of what it holds, as the page's main module", () => {
  const all = samples().map(([, b]) => Buffer.from(b));
  const whole = Buffer.concat(all);
  const packed = xz(whole, XZ_OPTIONS);
  for (const size of [0, 1, 2, 100, all[3].length, 70_000, 70_003, 123_457, whole.length]) {
    const out = lzmaDecode(packed, size, true);
    assert.ok(Buffer.from(out).equals(whole.subarray(0, size)), `the first ${size} bytes`);
  }
  // The fewest bytes that give the first 80,000 (offline-pack.mjs cuts the stream there):
  // one byte fewer is refused as cut short, never a wrong start.
  const size = 80_000;
  let cut = 13;
  for (;;) {
    try {
      lzmaDecode(packed.subarray(0, cut), size, true);
      break;
    } catch (e) {
      assert.match(e.message, /truncated|too short/);
      cut += 1 + (cut >> 6);
    }
  }
  assert.ok(cut < packed.length);
  assert.ok(Buffer.from(lzmaDecode(packed.subarray(0, cut), size, true)).equals(whole.subarray(0, size)));
  // Out of head mode the same bytes are not enough: the stream's end marker is missing.
  assert.throws(() => lzmaDecode(packed.subarray(0, cut), size), /offline pack/);
});

test('fed as the bytes arrive, in pieces of any size, it gives the same bytes as all at once', () => {
  const rnd = random(11);
  for (const [name, bytes] of samples()) {
    const packed = xz(bytes, XZ_OPTIONS);
    for (let round = 0; round < 4; round++) {
      const decoder = lzmaDecoder(bytes.length);
      let fed = 0;
      let out = 0;
      while (fed < packed.length) {
        const n = Math.min(packed.length - fed, 1 + Math.floor(rnd() * (round === 0 ? 16 : 4000)));
        decoder.push(packed.subarray(fed, (fed += n)));
        const now = decoder.run(false);
        assert.ok(now >= out && now <= bytes.length, `${name}: ${now} bytes out`);
        // What is out so far is already right.
        assert.ok(Buffer.from(decoder.out.subarray(0, now)).equals(Buffer.from(bytes).subarray(0, now)), `${name}: the first ${now}`);
        out = now;
      }
      assert.ok(Buffer.from(decoder.run(true)).equals(Buffer.from(bytes)), `${name}, round ${round}`);
    }
  }
  // All but the last byte, then the end: refused as cut short.
  const bytes = samples()[7][1];
  const packed = xz(bytes, XZ_OPTIONS);
  const decoder = lzmaDecoder(bytes.length);
  decoder.push(packed.subarray(0, packed.length - 1));
  assert.ok(decoder.run(false) < bytes.length);
  assert.throws(() => decoder.run(true), /truncated/);
});
