// Reading and writing a wasm module's bytes, for the build's and the figures' scripts
// (wasm-functions.mjs, order-functions.mjs, short-imports.mjs, drop-streams.mjs,
// shared-in-main.mjs): LEB128 numbers, names, the import entries every section walk must step
// over, and the export section rewritten.

/** A place in a wasm module's bytes, moved on by each read. */
export class Cursor {
  constructor(bytes, pos = 0) {
    this.bytes = bytes;
    this.pos = pos;
  }

  /** An unsigned LEB128 number. */
  leb() {
    let result = 0;
    let shift = 0;
    for (;;) {
      const b = this.bytes[this.pos++];
      result += (b & 0x7f) * 2 ** shift;
      shift += 7;
      if ((b & 0x80) === 0) return result;
    }
  }

  /** A name: its length, then its UTF-8 bytes. */
  name() {
    const n = this.leb();
    const s = this.bytes.toString('utf8', this.pos, this.pos + n);
    this.pos += n;
    return s;
  }

  /** One entry of the import section: its module and field names, its kind (0 a function), and
   *  the bytes of its kind and type, as they are written back. */
  importEntry() {
    const module = this.name();
    const field = this.name();
    const start = this.pos;
    const kind = this.bytes[this.pos++];
    if (kind === 0) {
      this.leb();
    } else if (kind === 1) {
      this.pos++;
      this.limits();
    } else if (kind === 2) {
      this.limits();
    } else if (kind === 3) {
      this.pos += 2;
    } else if (kind === 4) {
      this.pos++;
      this.leb();
    } else {
      throw new Error(`import kind ${kind} not known`);
    }
    return { module, field, kind, descriptor: this.bytes.subarray(start, this.pos) };
  }

  limits() {
    const flags = this.leb();
    this.leb();
    if (flags & 1) this.leb();
  }
}

/** `n` as an unsigned LEB128 number. */
export function uleb(n) {
  const out = [];
  do {
    let b = n % 128;
    n = Math.floor(n / 128);
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return Buffer.from(out);
}

/** Throws unless `bytes` start as a wasm module does. */
export function checkWasm(bytes, file) {
  if (bytes.length < 8 || bytes.readUInt32LE(0) !== 0x6d736100) throw new Error(`${file} is not a wasm module`);
}

/**
 * `bytes` with its export section passed through `edit`, which gets the entries ({ name, bytes },
 * each entry's bytes as written) and returns those to write. Throws if there is no export section.
 */
export function withExports(bytes, file, edit) {
  checkWasm(bytes, file);
  const at = new Cursor(bytes, 8);
  while (at.pos < bytes.length) {
    const start = at.pos;
    const id = bytes[at.pos++];
    const size = at.leb();
    const end = at.pos + size;
    if (id === 7) {
      const entries = [];
      for (let i = at.leb(); i > 0; i--) {
        const from = at.pos;
        const name = at.name();
        at.pos++; // kind
        at.leb(); // index
        entries.push({ name, bytes: bytes.subarray(from, at.pos) });
      }
      if (at.pos !== end) throw new Error(`${file}: the export section does not end where it says`);
      const kept = edit(entries);
      const payload = Buffer.concat([uleb(kept.length), ...kept.map((e) => e.bytes)]);
      return Buffer.concat([bytes.subarray(0, start), Buffer.from([7]), uleb(payload.length), payload, bytes.subarray(end)]);
    }
    at.pos = end;
  }
  throw new Error(`${file} has no export section`);
}
