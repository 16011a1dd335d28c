// The code of the Lab's sandboxes as text: assets/lab-sandbox-code.js (git-ignored),
// built by `make setup-core` from the modules in assets/lab-sandbox/.
//
//   node tools/lab_sandbox_code.mjs [OUT [ROOT]]
//
// OUT: assets/lab-sandbox-code.js; ROOT (where assets/lab-sandbox/ is read): this
// checkout (tests/test_sandbox_code.py builds from altered copies).
//
// The page (assets/lab-sandbox.js) writes the iframe's one script and the end of each
// worker's one classic script from text: the frame and its workers can load nothing
// (no fetch, no module, no importScripts from a blob of an opaque origin in WebKit).
// Their code is written as modules (type-checked by tsc like the rest), each exporting
// one function, and turned into that function's text here, once, with esbuild (pinned in
// package.json; not minified, so it stays readable; comments dropped): the page no longer
// stringifies functions of its own.
//
// Each module must give exactly one function that imports nothing: esbuild's bundle of
// it must read only that module and be that function and its export, and the text must
// parse, alone, as a function of that name and of that many parameters. Anything else
// stops the build, saying why, and writes nothing; the file is written to a temporary
// name and renamed, so a half-written one is never left in place.
//
// The file sets a frozen global, PARLOR_LAB_SANDBOX_CODE (loaded by index.html before
// lab-sandbox.js): `text`, each function's text by its name, and `restoreHeap`, that
// same function as code, for window.parlorSandbox.restoreHeap.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const OUT = "assets/lab-sandbox-code.js";

/** Each module, the function it exports, and its parameters' count. */
export const PARTS = [
  { file: "assets/lab-sandbox/frame.mjs", name: "insideFrame", params: 2 },
  { file: "assets/lab-sandbox/worker.mjs", name: "insideWorker", params: 3 },
  { file: "assets/lab-sandbox/heap-restore.mjs", name: "restoreHeap", params: 2 },
];

class BuildError extends Error {}

/** One module's function, as text: `function name(...) {...}`. */
async function functionText(root, { file, name, params }) {
  let result;
  try {
    result = await esbuild.build({
      absWorkingDir: root, entryPoints: [file], bundle: true, format: "esm",
      target: "es2022", write: false, metafile: true, logLevel: "silent",
      legalComments: "none", charset: "ascii",
    });
  } catch (err) {
    throw new BuildError(`${file}: esbuild failed:\n${err.message}`);
  }
  const inputs = Object.keys(result.metafile.inputs);
  if (inputs.length !== 1) {
    throw new BuildError(`${file}: imports ${inputs.filter((i) => i !== file).join(", ")}; ` +
                         "the sandbox's code can load nothing, so it imports nothing");
  }
  const out = result.outputFiles[0].text;
  // esbuild's ESM bundle of one module: its path as a comment, the code, the export.
  const shape = new RegExp(`^// [^\\n]*\\n(function ${name}\\([\\s\\S]*\\n\\})\\n` +
                           `export \\{\\n  ${name}\\n\\};\\n$`);
  const found = shape.exec(out);
  if (!found) {
    throw new BuildError(`${file}: not one function ${name} and its export alone ` +
                         `(esbuild gave:\n${out.slice(0, 400)}...)`);
  }
  const text = found[1];
  let made;
  try {
    made = new Function(`"use strict"; return (${text});`)();
  } catch (err) {
    throw new BuildError(`${file}: ${name}'s text does not parse alone: ${err}`);
  }
  if (typeof made !== "function" || made.name !== name || made.length !== params) {
    throw new BuildError(`${file}: the text is not function ${name} of ${params} parameters`);
  }
  return text;
}

/** The generated script's text. */
export async function sandboxCode(root = ROOT) {
  const text = {};
  for (const part of PARTS) text[part.name] = await functionText(root, part);
  const sources = PARTS.map((p) => p.file).join(", ");
  return "// Built by tools/lab_sandbox_code.mjs (esbuild; make setup-core) from " +
    `${sources}:\n// do not edit; edit those. The code of the Lab's sandboxes as text ` +
    "(assets/lab-sandbox.js\n// writes it into the frame's srcdoc and each worker's " +
    "script) and restoreHeap itself.\n" +
    '"use strict";\n' +
    "self.PARLOR_LAB_SANDBOX_CODE = Object.freeze({\n" +
    `  text: Object.freeze(${JSON.stringify(text, null, 2).replaceAll("\n", "\n  ")}),\n` +
    `  restoreHeap: ${text.restoreHeap},\n` +
    "});\n";
}

async function main(argv) {
  const root = path.resolve(argv[1] ?? ROOT);
  const out = path.resolve(ROOT, argv[0] ?? OUT);
  let code;
  try {
    code = await sandboxCode(root);
  } catch (err) {
    if (!(err instanceof BuildError)) throw err;
    console.error(`lab_sandbox_code: ${err.message}`);
    return 1;
  }
  const temporary = `${out}.tmp`;
  fs.writeFileSync(temporary, code);
  fs.renameSync(temporary, out);
  console.log(`${path.relative(ROOT, out)}: ${code.length} bytes`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
