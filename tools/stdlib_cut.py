#!/usr/bin/env python3
"""The cut, byte-compiled standard library the browser loads (start-up speed).

    python3 tools/stdlib_cut.py measure        rewrite tools/stdlib-keep.txt (commit it)
    python3 tools/stdlib_cut.py build [OUT]    write the cut zip (default: vendor's)
    python3 tools/stdlib_cut.py check [ZIP]    boot Pyodide on ZIP, import all that is needed
    python3 tools/stdlib_cut.py time [N]       stock vs cut: boot + import parlor, N runs each
    python3 tools/stdlib_cut.py sizes          stock vs cut: raw and gzip -9 bytes

Pyodide's python_stdlib.zip holds the whole standard library as .py sources (2.5 MB),
and every module imported is compiled again on every page start. Parlor needs a small
part of it. tools/stdlib-keep.txt lists that part, measured inside Pyodide (what its
boot, every parlor module and PyScript's own ``pyscript`` package import: see
tools/stdlib_pyodide.py); tools/vendor.py builds vendor/pyodide/python_stdlib.zip from
it, as .pyc compiled by that same Pyodide. The npm original stays whole in
node_modules/pyodide/ (tests in Pyodide need pytest's share of the library, and the
benchmark's baseline page can use it).

The keep list is regenerated when it is stale: written for another Pyodide, or a
standard-library module parlor imports (anywhere, even inside a function) is not on it.
Standard library only (tools/vendor.py imports it before the virtualenv exists).
"""

from __future__ import annotations

import ast
import gzip
import json
import os
import shutil
import statistics
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KEEP = ROOT / "tools" / "stdlib-keep.txt"
DRIVER = ROOT / "tools" / "stdlib_build.mjs"
#: The files that decide the cut zip's bytes, besides the keep list and Pyodide itself.
BUILDER = (DRIVER, ROOT / "tools" / "stdlib_pyodide.py")
STOCK = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
CUT = ROOT / "vendor" / "pyodide" / "python_stdlib.zip"
PYODIDE_PACKAGE = ROOT / "node_modules" / "pyodide" / "package.json"
VERSION_LINE = "# pyodide "


class StdlibError(Exception):
    """Measuring, building or checking failed; the message says what and why."""


def pyodide_version() -> str:
    return json.loads(PYODIDE_PACKAGE.read_text(encoding="utf-8"))["version"]


def node(mode: str, *args: str) -> dict:
    """Run tools/stdlib_build.mjs and return its RESULT; StdlibError with its stderr."""
    exe = os.environ.get("NODE") or shutil.which("node")
    if not exe:
        raise StdlibError("node is not installed (needed to run Pyodide)")
    proc = subprocess.run([exe, str(DRIVER), mode, *args], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    lines = [line for line in proc.stdout.splitlines() if line.startswith("RESULT ")]
    if proc.returncode or not lines:
        raise StdlibError(proc.stderr.strip() or f"node {DRIVER.name} {mode} printed nothing")
    return json.loads(lines[-1].removeprefix("RESULT "))


def read_keep(path: Path = KEEP) -> tuple[str | None, list[str]]:
    """The Pyodide version a keep list was measured on, and its entries."""
    if not path.exists():
        return None, []
    version, entries = None, []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith(VERSION_LINE):
            version = line.removeprefix(VERSION_LINE).split()[0]
        body = line.split("#")[0].strip()
        if body:
            entries.append(body.split()[0])
    return version, entries


def measure() -> list[str]:
    """Measure in Pyodide and rewrite tools/stdlib-keep.txt; the entries."""
    data = node("measure")
    keep: dict[str, str] = data["keep"]
    width = max(len(name) for name in keep) + 2
    lines = [
        "# The standard library the browser gets: what Pyodide's boot, every parlor module",
        "# and PyScript's pyscript package import, measured inside Pyodide. Generated:",
        "#   python3 tools/stdlib_cut.py measure",
        "# (tools/vendor.py reruns it when the list is stale; commit the result). vendor.py",
        "# compiles these into vendor/pyodide/python_stdlib.zip. A top-level name keeps that",
        "# whole module or package; encodings.NAME keeps one codec of that package.",
        f"{VERSION_LINE}{data['pyodide']} (Python {data['python']})",
        *(f"{name:<{width}}# {reason}".rstrip() for name, reason in keep.items()),
    ]
    KEEP.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return list(keep)


def stock_tops() -> set[str]:
    """Top-level module and package names in the stock python_stdlib.zip."""
    with zipfile.ZipFile(STOCK) as archive:
        return {name.split("/")[0].removesuffix(".py") for name in archive.namelist()
                if name.endswith(".py")}


def parlor_stdlib_imports() -> dict[str, str]:
    """Top-level stdlib names py/parlor imports anywhere (inside functions too), each
    with one module that imports it. Cheap: a static read, no Pyodide."""
    tops = stock_tops()
    found: dict[str, str] = {}
    py = ROOT / "py"
    for path in sorted((py / "parlor").rglob("*.py")):
        module = ".".join(path.relative_to(py).with_suffix("").parts)
        for node_ in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node_, ast.Import):
                names = [alias.name for alias in node_.names]
            elif isinstance(node_, ast.ImportFrom) and not node_.level and node_.module:
                names = [node_.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top in tops:
                    found.setdefault(top, module)
    return found


def stale_reason() -> str | None:
    """Why tools/stdlib-keep.txt must be measured again, or None if it is current."""
    version, entries = read_keep()
    if not entries:
        return "tools/stdlib-keep.txt is missing"
    if version != pyodide_version():
        return f"tools/stdlib-keep.txt was measured on Pyodide {version}"
    kept = {entry.split(".")[0] for entry in entries}
    missing = {top: who for top, who in parlor_stdlib_imports().items() if top not in kept}
    if missing:
        return "parlor imports " + ", ".join(f"{t} ({w})" for t, w in sorted(missing.items()))
    return None


def build(out: Path = CUT) -> dict:
    """Write the cut zip from tools/stdlib-keep.txt, compiled inside Pyodide."""
    out.parent.mkdir(parents=True, exist_ok=True)
    return node("build", str(KEEP), str(out))


def check(zip_path: Path = CUT) -> dict:
    """Boot Pyodide on ``zip_path`` and import all that is needed; StdlibError naming
    each missing module otherwise."""
    return node("check", str(zip_path))


def sizes() -> dict[str, dict[str, int]]:
    out = {}
    for label, path in (("stock", STOCK), ("cut", CUT)):
        data = path.read_bytes()
        out[label] = {"raw": len(data), "gzip -9": len(gzip.compress(data, 9, mtime=0))}
    return out


def timing(runs: int) -> dict[str, dict[str, float]]:
    """Median boot and parlor-import times, stock and cut runs alternating so machine
    noise hits both alike."""
    samples: dict[str, dict[str, list[float]]] = {"stock": {}, "cut": {}}
    for _ in range(runs):
        for label, path in (("stock", STOCK), ("cut", CUT)):
            data = node("time", str(path))
            data["boot + import_ms"] = data["boot_ms"] + data["import_ms"]
            for key in ("boot_ms", "import_ms", "boot + import_ms"):
                samples[label].setdefault(key, []).append(data[key])
    return {label: {k: round(statistics.median(v), 1) for k, v in keys.items()}
            for label, keys in samples.items()}


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "measure":
        print(f"stdlib: {len(measure())} entries in {KEEP.relative_to(ROOT)}")
    elif command == "build":
        out = Path(argv[1]).resolve() if len(argv) > 1 else CUT
        result = build(out)
        print(f"stdlib: {result['files']} files, {result['bytes']} bytes in {out}")
    elif command == "check":
        result = check(Path(argv[1]).resolve() if len(argv) > 1 else CUT)
        print(f"stdlib: all needed modules import ({result['modules']} loaded)")
    elif command == "time":
        print(json.dumps(timing(int(argv[1]) if len(argv) > 1 else 5), indent=1))
    elif command == "sizes":
        print(json.dumps(sizes(), indent=1))
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main(sys.argv[1:]))
    except StdlibError as err:
        raise SystemExit(f"stdlib: {err}") from None
