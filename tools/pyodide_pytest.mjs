#!/usr/bin/env node
// Run the engine tests (tests/) tagged `pyodide` inside real Pyodide (Python 3.14) under
// Node.js: the ones where CPython 3.11 and the browser's 3.14 could differ (seeded rng,
// golden logs, a contract sample, fast simulators, saves and migrations, transfer
// encoding, search determinism, the Bot Lab's compile/exec). CPython runs every test;
// running the whole suite a second time here took ~5.5 min of `make test`'s budget.
// tests/test_pyodide_selection.py lists the groups, says why, and checks this selection
// keeps them.
//
//   node tools/pyodide_pytest.mjs                 # = pytest -q tests  (see DEFAULT_ARGS)
//   node tools/pyodide_pytest.mjs -x tests/test_core.py -k seed
//   node tools/pyodide_pytest.mjs -m "not slow and not cpython_only" -q tests   # all
//
// Arguments, if any, replace the default `-q tests`; the marker filter below is always
// put first, so a later `-m ...` of yours wins (as in the last line: the whole suite).
//
// How it works, with no network at run time:
//  * Pyodide comes from node_modules/pyodide (npm, pinned in package-lock.json). We never
//    call loadPackage(), which is the only thing that would fetch from a CDN.
//  * pytest and its pure-Python dependencies are the wheels that `make setup` downloads
//    into .cache/wheels (pinned in tools/pyodide-requirements.txt); they are unzipped
//    into Pyodide's in-memory site-packages.
//  * The repository is mounted read-write at /repo with NODEFS; py/ goes on sys.path
//    (pyproject.toml's `pythonpath`), the working directory is /repo, and bytecode
//    writing is off so no cpython-314 .pyc files land in the work tree.
// Exits with pytest's exit code (5 = no tests collected counts as a failure).

import fs from "node:fs";
import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide, version as pyodideVersion } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const WHEELS = path.join(REPO, ".cache", "wheels");
const MOUNT = "/repo";
const MARKERS = ["-m", "pyodide and not slow and not cpython_only"];
const DEFAULT_ARGS = ["-q", "tests"];

function die(message, code = 2) {
  process.stderr.write(`pyodide_pytest: ${message}\n`);
  process.exit(code);
}

const wheels = fs.existsSync(WHEELS)
  ? fs.readdirSync(WHEELS).filter((f) => f.endsWith(".whl")).sort()
  : [];
if (!wheels.some((f) => f.startsWith("pytest-"))) {
  die(`no pytest wheel in ${path.relative(REPO, WHEELS)}/; run \`make setup\` first`);
}

const userArgs = process.argv.slice(2);
const pytestArgs = ["-p", "no:cacheprovider", ...MARKERS, ...(userArgs.length ? userArgs : DEFAULT_ARGS)];

const started = Date.now();
const writer = (fd) => ({
  write: (buf) => fs.writeSync(fd, buf),
  isatty: Boolean(fd === 1 ? process.stdout.isTTY : process.stderr.isTTY),
});

let pyodide;
try {
  pyodide = await loadPyodide({
    env: { HOME: "/home/pyodide", PYTHONDONTWRITEBYTECODE: "1", PYTHONHASHSEED: "0" },
  });
} catch (err) {
  die(`loading Pyodide failed: ${err?.stack ?? err}`);
}
pyodide.setStdout(writer(1));
pyodide.setStderr(writer(2));

pyodide.FS.mkdirTree(MOUNT);
pyodide.mountNodeFS(MOUNT, REPO);
// A git worktree may link .cache, .venv, node_modules or vendor to another checkout's
// with an absolute symlink, which points outside /repo: mount each such target at the
// same absolute path so the link resolves (the wheels, and the tests reading vendor/).
for (const name of fs.readdirSync(REPO)) {
  const link = path.join(REPO, name);
  if (!fs.lstatSync(link).isSymbolicLink()) continue;
  const target = fs.readlinkSync(link);
  if (!path.isAbsolute(target) || !fs.existsSync(link)) continue;
  if (!fs.statSync(link).isDirectory() || pyodide.FS.analyzePath(target).exists) continue;
  pyodide.FS.mkdirTree(target);
  pyodide.mountNodeFS(target, fs.realpathSync(link));
}

pyodide.globals.set("_parlor_wheels", pyodide.toPy(wheels.map((f) => `${MOUNT}/.cache/wheels/${f}`)));
pyodide.globals.set("_parlor_args", pyodide.toPy(pytestArgs));
pyodide.globals.set("_parlor_pyodide_version", pyodideVersion);
pyodide.globals.set("_parlor_boot_s", (Date.now() - started) / 1000);

let code;
try {
  code = await pyodide.runPythonAsync(`
import importlib, os, shlex, sys, sysconfig, zipfile

sys.dont_write_bytecode = True
_site = sysconfig.get_path("purelib")
for _whl in _parlor_wheels:
    with zipfile.ZipFile(_whl) as _zf:
        _zf.extractall(_site)
importlib.invalidate_caches()

os.chdir("${MOUNT}")
sys.path.insert(0, "${MOUNT}/py")

import pytest

print(
    f"Pyodide {_parlor_pyodide_version} (booted in {_parlor_boot_s:.1f} s): "
    f"Python {sys.version.split()[0]} on {sys.platform}, pytest {pytest.__version__}",
    flush=True,
)
print("pytest " + shlex.join(_parlor_args), flush=True)
int(pytest.main(list(_parlor_args)))
`);
} catch (err) {
  die(`running pytest in Pyodide failed: ${err?.message ?? err}`);
}
process.exit(Number(code));
