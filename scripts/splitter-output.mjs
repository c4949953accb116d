// What the build's scripts read of the splitter's output and of the systems' sources, in one
// place (scripts/pack-chunks.mjs, scripts/shared-in-main.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One shared chunk's loader in the splitter's __wasm_split.js: the split points that need it
 *  (comma-separated), its loader's name and its file. */
export const SPLITTER_CHUNK =
  /\/\* ([a-z0-9_, ]+) \*\/\nconst (__chunk_\d+) = makeLoad\(\(\) => \{\n\s*const src = fetch\(new URL\("\.\/(chunk_\d+)\.wasm", import\.meta\.url\)\);\n\s*src\.catch\(\(\) => \{\}\);\n\s*return async \(imports\) => \(WebAssembly\.instantiateStreaming\(src, imports\)\);\n\}\n, \[\]\);\n/g;

const systemsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'systems');

/**
 * The link code (`Descriptor::LINK_CODE`, as text) of the system whose module is `name`
 * (src/systems/<name>/mod.rs), or null when `name` is no system's module. Throws for a system's
 * module without one.
 */
export function linkCode(name) {
  const mod = path.join(systemsDir, name, 'mod.rs');
  if (!fs.existsSync(mod)) return null;
  const code = /const LINK_CODE: u32 = (\d+);/.exec(fs.readFileSync(mod, 'utf8'));
  if (!code) throw new Error(`${mod}: no LINK_CODE (did Descriptor change?)`);
  return code[1];
}
