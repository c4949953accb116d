// The scripts that ship without what only a reader needs (the first visit's bytes are budgeted):
// each line's leading white space, whole-line `//` comments and whole-line `/* … */` blocks.
// Nothing inside a line changes. A file with a template literal running over several lines (an
// odd count of backticks on a line) is refused rather than changed, since its white space is text.
// Usage: node scripts/shrink-js.mjs FILE...
import fs from 'node:fs';

for (const file of process.argv.slice(2)) {
  const text = fs.readFileSync(file, 'utf8');
  const out = [];
  let inBlock = false;
  for (const [i, line] of text.split('\n').entries()) {
    if (((line.match(/`/g) || []).length - (line.match(/\\`/g) || []).length) % 2) {
      throw new Error(`${file}:${i + 1}: a template literal over several lines; not shrunk`);
    }
    const t = line.trim();
    if (inBlock) {
      if (t.endsWith('*/')) inBlock = false;
      else if (t.includes('*/')) throw new Error(`${file}:${i + 1}: code after a block comment`);
      continue;
    }
    if (t.startsWith('/*') && !t.includes('*/')) { inBlock = true; continue; }
    if (t.startsWith('/*') && t.endsWith('*/') && t.indexOf('*/') === t.length - 2) continue;
    if (t.startsWith('//') || t === '') continue;
    out.push(t);
  }
  if (inBlock) throw new Error(`${file}: a block comment that does not end`);
  const shrunk = out.join('\n') + '\n';
  fs.writeFileSync(file, shrunk);
  console.log(`shrink-js: ${file}: ${text.length} -> ${shrunk.length} bytes`);
}
