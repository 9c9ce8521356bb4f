// Minifies the page's scripts (and its stylesheet) for the site with terser (Debian's node-terser; build.sh installs it).
// About 9 KB gzip of the 300 KB page budget: Emscripten 3.1.6 leaves its runtime's top-level names
// long (closure-compiler is not in Debian), and our own scripts keep their comments and names.
//
//   node minify_js.mjs scripts <out dir> <script.js>...   each script into <out dir>, same name.
//       Local names only: a script's top-level names (window.embeddingLab, ...) stay as they are.
//   node minify_js.mjs styles <out dir> <style.css>...   each stylesheet into <out dir>, same name:
//       comments and spaces out (about 0.4 KB gzip of style.css's 1.4).
//   node minify_js.mjs pages <out dir> <page.html>...   each page into <out dir>: the spaces between tags out.
//   node minify_js.mjs emscripten <embedding_lab.js> <web dir>   rewrites embedding_lab.js in place.
//       Top-level names too, except every identifier that appears in the web dir's scripts and
//       pages: glue.js and text_view.js use Emscripten's globals (GL, HEAPF32, ...) by name.
//
// The files in web/ stay readable; only the site's copies are minified. The single-file page
// inlines web/ as it is.
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Debian installs node modules under /usr/share/nodejs, which only require() finds (through NODE_PATH).
const { minify } = createRequire(import.meta.url)('terser');

const [mode, ...args] = process.argv.slice(2);

async function run(file, code, options) {
  // wrap_func_args off: terser's default puts every function passed as an argument in parentheses,
  // which V8 reads as "compile it eagerly"; here they are callbacks run later (listeners, timers),
  // and the 70 bytes of gzip they cost (in the page's three scripts) are worth more to the page.
  // hoist_funs: function declarations first in their scope, where the language puts them anyway
  // (about 30 bytes of gzip in glue.js and text_view.js).
  const result = await minify(code, { ecma: 2020, compress: { passes: 2, hoist_funs: true }, format: { comments: false, wrap_func_args: false }, ...options });
  if (typeof result.code !== 'string') throw new Error(`${file}: terser returned no code`);
  return result.code;
}

// Emscripten 3.1.6 gives every export a function of its own that binds it on its first call, about
// 90 bytes of script each (Module._el_set_link = function () { return (Module._el_set_link =
// Module.asm.Y).apply(null, arguments) }). The page's scripts call the exports only after the module
// is instantiated, so they are bound there, all at once, from one list of names: 0.3 KB less gzip.
// An export the runtime calls itself (_malloc, _main) keeps its function. Before instantiation
// Module._el_* is undefined instead of a function that would throw. Fails loudly if Emscripten
// writes either piece differently.
function bindExportsOnce(code) {
  const wrapper = /var (_\w+)=Module\["\1"\]=function\(\)\{return\(\1=Module\["\1"\]=Module\["asm"\]\["([\w$]+)"\]\)\.apply\(null,arguments\)\};/g;
  const names = [];
  const out = code.replace(wrapper, (all, name, key) => {
    if (code.match(new RegExp(`\\b${name}\\b`, 'g')).length > 4) return all;  // used besides its wrapper
    names.push(name, key);
    return '';
  });
  const bound = 'Module["asm"]=exports;';
  if (!names.length || out.split(bound).length !== 2) throw new Error('bindExportsOnce: Emscripten\'s exports are not written as expected');
  return out.replace(bound, `${bound}for(var names="${names.join(' ')}".split(" "),i=0;i<names.length;i+=2)Module[names[i]]=exports[names[i+1]];`);
}

// web/glue.js always compiles the wasm itself and hands it over through Module.instantiateWasm (it
// adds Emscripten's script, and the single-file page has the wasm inline), so Emscripten's own ways
// to fetch and instantiate it (streaming, then an ArrayBuffer, then a synchronous XHR) never run:
// without them terser drops that code, 0.5 KB of gzip. Without instantiateWasm the page now stops
// at once (abort) instead of fetching the wasm a second time. Also the runtime's two empty preload
// tables, which nothing reads.
function instantiateThroughGlue(code) {
  const parts = ['instantiateAsync();return{}}', 'Module["preloadedImages"]={};Module["preloadedAudios"]={};'];
  if (parts.some((p) => code.split(p).length !== 2)) throw new Error('instantiateThroughGlue: Emscripten\'s instantiation is not written as expected');
  return code.replace(parts[0], 'abort("instantiateWasm");return{}}').replace(parts[1], '');
}

if (mode === 'scripts' && args.length >= 2) {
  const [outDir, ...scripts] = args;
  for (const file of scripts) {
    writeFileSync(path.join(outDir, path.basename(file)), await run(file, readFileSync(file, 'utf8'), {}));
  }
} else if (mode === 'styles' && args.length >= 2) {
  // Our stylesheet only: no strings or urls holding these characters. A space before ':' stays
  // (it is a descendant selector: "#text-view :focus-visible"); after it, only declarations have one.
  const [outDir, ...sheets] = args;
  for (const file of sheets) {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s+/g, ' ')
      .replace(/\s*([{};,])\s*/g, '$1').replace(/:\s+/g, ':').replace(/;}/g, '}').trim();
    writeFileSync(path.join(outDir, path.basename(file)), css + '\n');
  }
} else if (mode === 'pages' && args.length >= 2) {
  // Our pages only (no <pre>, no text whose spaces between tags count): the spaces between tags out.
  const [outDir, ...pages] = args;
  for (const file of pages) writeFileSync(path.join(outDir, path.basename(file)), readFileSync(file, 'utf8').replace(/>\s+</g, '><').trim() + '\n');
} else if (mode === 'emscripten' && args.length === 2) {
  const [file, webDir] = args;
  const reserved = new Set(['Module']);
  for (const name of readdirSync(webDir).filter((n) => /\.(js|html)$/.test(n))) {
    for (const m of readFileSync(path.join(webDir, name), 'utf8').matchAll(/[A-Za-z_$][\w$]*/g)) reserved.add(m[0]);
  }
  const code = await run(file, instantiateThroughGlue(bindExportsOnce(readFileSync(file, 'utf8'))), { toplevel: true, mangle: { reserved: [...reserved] } });
  writeFileSync(file, code);
} else {
  console.error('usage: node minify_js.mjs scripts <out dir> <script.js>... | styles <out dir> <style.css>... | pages <out dir> <page.html>... | emscripten <embedding_lab.js> <web dir>');
  process.exit(2);
}
