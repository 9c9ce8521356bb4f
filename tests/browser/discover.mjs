// Lists the browser test cases without running them, for CTest (tests/cmake/BrowserTests.cmake):
//   node discover.mjs a.test.mjs b.test.mjs  ->  JSON [{ file, name, pattern, skip }]
// node:test is swapped for a recorder (discover-hooks.mjs), so no server or browser starts;
// test names built in loops are listed exactly as node --test would name them.
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

register('./discover-hooks.mjs', import.meta.url);

const escapeRegExp = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const out = [];
for (const file of process.argv.slice(2)) {
  globalThis.__browserTests = [];
  await import(pathToFileURL(path.resolve(file)).href);
  for (const { name, skip } of globalThis.__browserTests) {
    out.push({ file: path.resolve(file), name, pattern: `^${escapeRegExp(name)}$`, skip });
  }
}
const names = out.map((t) => t.name);
const twice = names.filter((n, i) => names.indexOf(n) !== i);
if (twice.length) {
  console.error(`discover.mjs: test names must be unique, repeated: ${JSON.stringify(twice)}`);
  process.exit(1);
}
process.stdout.write(JSON.stringify(out));
