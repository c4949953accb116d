// An LZMA decoder for the page's main module and the service worker's offline pack (issue 32).
//
// The release build writes all its wasm as one LZMA stream (`xz --format=lzma`,
// scripts/offline-pack.mjs), cut in two: the main module's head, which the page fetches, and the
// chunks' tail, which the service worker fetches once and unpacks. LZMA sees the whole stream at
// once, where gzip sees each file through a 32 KiB window: the chunks share much code, so the two
// files are about 30% less than the same wasm gzipped one by one. Browsers have no LZMA of their
// own, hence this decoder, written from the format's public reference decoder (LzmaSpec.cpp in
// the LZMA SDK, public domain). scripts/build-split.sh writes it into index.html and
// scripts/sw-precache.mjs into sw.js; tests/e2e/lzma.test.mjs checks it against xz and on broken
// input, tests/e2e/offline.test.mjs on the build's own stream.
//
// lzmaDecode(src, size, head): src is a .lzma file (13-byte header, then the range-coded data),
// size the number of bytes it must decode to. Returns them as a Uint8Array, or throws on any input
// that does not decode to exactly `size` bytes. With `head`, src is the start of a longer stream
// and decoding stops once `size` bytes are out (the page's main module is the start of the
// offline pack's stream). Work is bounded by `size`: every step writes a byte or ends, and each
// read past the input throws.
//
// lzmaDecoder(size, head) is the same decoder fed as the bytes arrive (a cold pack unpacked while
// it downloads, scripts/pack-chunks.mjs): `push(bytes)` adds input, `run(last)` decodes what the
// input so far allows and returns how many bytes are out (`out` holds them); `run(true)`, once
// every byte is in, finishes, checks and returns `out`. Before the last byte it stops 64 bytes
// short of the input's end: one symbol reads at most one byte per bit it decodes, fewer than 64.
function lzmaDecode(src, size, head = false) {
  const decoder = lzmaDecoder(size, head);
  decoder.push(src);
  return decoder.run(true);
}

function lzmaDecoder(size, head = false) {
  const fail = (why) => {
    throw new Error(`offline pack: ${why}`);
  };
  // The input so far: src[0..have).
  let src = new Uint8Array(1 << 16);
  let have = 0;
  const out = new Uint8Array(size);
  let at = 0; // bytes written
  let pos = 13;
  let range = 0xffffffff;
  let code = 0;
  const next = () => {
    if (pos >= have) fail('truncated');
    return src[pos++];
  };
  const bit = (probs, i) => {
    const p = probs[i];
    const bound = (range >>> 11) * p;
    let b;
    if (code < bound) {
      range = bound;
      probs[i] = p + ((2048 - p) >> 5);
      b = 0;
    } else {
      range -= bound;
      code -= bound;
      probs[i] = p - (p >> 5);
      b = 1;
    }
    if (range < 0x1000000) {
      range *= 256;
      code = code * 256 + next();
    }
    return b;
  };
  const direct = (n) => {
    let r = 0;
    while (n-- > 0) {
      range = range >>> 1;
      let b = 0;
      if (code >= range) {
        code -= range;
        b = 1;
      }
      r = r * 2 + b;
      if (range < 0x1000000) {
        range *= 256;
        code = code * 256 + next();
      }
    }
    return r;
  };
  const tree = (probs, base, n) => {
    let m = 1;
    for (let i = 0; i < n; i++) m = (m << 1) + bit(probs, base + m);
    return m - (1 << n);
  };
  const reverse = (probs, base, n) => {
    let m = 1;
    let r = 0;
    for (let i = 0; i < n; i++) {
      const b = bit(probs, base + m);
      m = (m << 1) + b;
      r |= b << i;
    }
    return r;
  };
  const model = (n) => new Uint16Array(n).fill(1024);
  // The properties and the probabilities, once the header is in.
  let lc = 0;
  let lpMask = 0;
  let pbMask = 0;
  let literal = null;
  const isMatch = model(12 << 4);
  const isRep = model(12);
  const isRepG0 = model(12);
  const isRepG1 = model(12);
  const isRepG2 = model(12);
  const isRep0Long = model(12 << 4);
  const posSlot = model(4 << 6);
  const posModel = model(1 + 114);
  const align = model(16);
  // A length coder: choice, choice 2, 16 low trees of 3 bits, 16 mid trees of 3 bits, 8-bit high.
  const lengths = () => model(2 + 16 * 8 + 16 * 8 + 256);
  const lenCoder = lengths();
  const repLenCoder = lengths();
  const length = (probs, posState) => {
    if (bit(probs, 0) === 0) return tree(probs, 2 + posState * 8, 3);
    if (bit(probs, 1) === 0) return 8 + tree(probs, 2 + 128 + posState * 8, 3);
    return 16 + tree(probs, 2 + 256, 8);
  };
  let state = 0;
  let rep0 = 0;
  let rep1 = 0;
  let rep2 = 0;
  let rep3 = 0;
  let done = false;
  const start = () => {
    let props = src[0];
    if (props >= 225) fail('bad properties');
    lc = props % 9;
    props = (props / 9) | 0;
    const lp = props % 5;
    lpMask = (1 << lp) - 1;
    pbMask = (1 << ((props / 5) | 0)) - 1;
    literal = model(0x300 << (lc + lp));
    // The range decoder.
    if (src[13] !== 0) fail('bad stream start');
    pos = 14;
    for (let i = 0; i < 4; i++) code = code * 256 + src[pos++];
    if (code === range) fail('bad stream start');
  };
  const push = (bytes) => {
    if (have + bytes.length > src.length) {
      const more = new Uint8Array(Math.max(have + bytes.length, src.length * 2));
      more.set(src.subarray(0, have));
      src = more;
    }
    src.set(bytes, have);
    have += bytes.length;
  };
  const finish = () => {
    done = true;
    return out;
  };
  const run = (last) => {
    if (done) return last ? out : at;
    if (literal === null) {
      if (have < 18) {
        if (last) fail('too short');
        return at;
      }
      start();
    }
    if ((head && size === 0) || decode(last)) finish();
    else if (last) fail('truncated');
    return last ? out : at;
  };
  // Decodes until the stream ends (true) or, before the last byte, the input runs short (false).
  const decode = (last) => {
    for (;;) {
      if (!last && pos + 64 > have) return false;
      const posState = at & pbMask;
      if (bit(isMatch, (state << 4) + posState) === 0) {
        if (at >= size) fail('longer than expected');
        const prev = at > 0 ? out[at - 1] : 0;
        const base = 0x300 * (((at & lpMask) << lc) + (prev >> (8 - lc)));
        let symbol = 1;
        if (state >= 7) {
          let matchByte = out[at - rep0 - 1];
          do {
            const matchBit = (matchByte >> 7) & 1;
            matchByte <<= 1;
            const b = bit(literal, base + ((1 + matchBit) << 8) + symbol);
            symbol = (symbol << 1) | b;
            if (matchBit !== b) break;
          } while (symbol < 0x100);
        }
        while (symbol < 0x100) symbol = (symbol << 1) | bit(literal, base + symbol);
        out[at++] = symbol - 0x100;
        if (head && at === size) return true;
        state = state < 4 ? 0 : state < 10 ? state - 3 : state - 6;
        continue;
      }
      let len;
      if (bit(isRep, state) !== 0) {
        if (at === 0) fail('a repeat before any byte');
        if (bit(isRepG0, state) === 0) {
          if (bit(isRep0Long, (state << 4) + posState) === 0) {
            if (at >= size) fail('longer than expected');
            state = state < 7 ? 9 : 11;
            out[at] = out[at - rep0 - 1];
            at++;
            if (head && at === size) return true;
            continue;
          }
        } else {
          let dist;
          if (bit(isRepG1, state) === 0) {
            dist = rep1;
          } else {
            if (bit(isRepG2, state) === 0) {
              dist = rep2;
            } else {
              dist = rep3;
              rep3 = rep2;
            }
            rep2 = rep1;
          }
          rep1 = rep0;
          rep0 = dist;
        }
        len = length(repLenCoder, posState);
        state = state < 7 ? 8 : 11;
      } else {
        rep3 = rep2;
        rep2 = rep1;
        rep1 = rep0;
        len = length(lenCoder, posState);
        state = state < 7 ? 7 : 10;
        // The distance.
        const slot = tree(posSlot, (len < 3 ? len : 3) << 6, 6);
        if (slot < 4) {
          rep0 = slot;
        } else {
          const n = (slot >> 1) - 1;
          rep0 = (2 | (slot & 1)) * 2 ** n;
          if (slot < 14) rep0 += reverse(posModel, rep0 - slot, n);
          else rep0 += direct(n - 4) * 16 + reverse(align, 0, 4);
        }
        if (rep0 === 0xffffffff) {
          // The end marker.
          if (code !== 0) fail('bad end');
          if (at !== size) fail(`${at} bytes where ${size} were expected`);
          return true;
        }
        if (rep0 >= at) fail('a distance before the start');
      }
      len += 2;
      if (at + len > size) {
        if (!head) fail('longer than expected');
        len = size - at;
      }
      for (let from = at - rep0 - 1; len > 0; len--) out[at++] = out[from++];
      if (head && at === size) return true;
    }
  };
  return {
    push,
    run,
    out,
    get at() {
      return at;
    },
  };
}
