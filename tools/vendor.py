#!/usr/bin/env python3
"""Copy PyScript and Pyodide from node_modules/ into vendor/ (git-ignored).

    python3 tools/vendor.py [--force]

Run `npm ci` first (the Makefile does). vendor/ then holds:

    vendor/pyscript/   all of @pyscript/core/dist/ (chunk names change per release)
    vendor/pyodide/    the Pyodide runtime files the browser loads

Idempotent: vendor/.vendor-stamp.json records the versions copied and the file list;
when it matches node_modules and every file is there, nothing is copied.
Standard library only (runs before the virtualenv exists).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "vendor"
STAMP = VENDOR / ".vendor-stamp.json"
STAMP_FORMAT = 1

PYSCRIPT_PKG = NODE_MODULES / "@pyscript" / "core"
PYODIDE_PKG = NODE_MODULES / "pyodide"
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
]
PYODIDE_OPTIONAL = ["pyodide.js"]


def _version(pkg: Path) -> str:
    try:
        return json.loads((pkg / "package.json").read_text(encoding="utf-8"))["version"]
    except FileNotFoundError:
        sys.exit(f"vendor: {pkg.relative_to(ROOT)} is missing; run `npm ci` (or `make setup`)")


def _plan() -> dict[str, list[str]]:
    """Map each vendor sub-folder to the source files (relative to its package)."""
    dist = PYSCRIPT_PKG / "dist"
    if not dist.is_dir():
        sys.exit(f"vendor: {dist.relative_to(ROOT)} is missing; run `npm ci`")
    pyscript = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_PKG / f).is_file()]
    if missing:
        sys.exit(f"vendor: node_modules/pyodide lacks {', '.join(missing)}")
    pyodide = PYODIDE_FILES + [f for f in PYODIDE_OPTIONAL if (PYODIDE_PKG / f).is_file()]
    return {"pyscript": pyscript, "pyodide": pyodide}


def _wanted_stamp(plan: dict[str, list[str]]) -> dict[str, object]:
    return {
        "format": STAMP_FORMAT,
        "@pyscript/core": _version(PYSCRIPT_PKG),
        "pyodide": _version(PYODIDE_PKG),
        "files": plan,
    }


def _up_to_date(wanted: dict[str, object], plan: dict[str, list[str]]) -> bool:
    try:
        have = json.loads(STAMP.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return False
    if have != wanted:
        return False
    return all((VENDOR / sub / f).is_file() for sub, files in plan.items() for f in files)


def main(argv: list[str]) -> int:
    force = "--force" in argv
    plan = _plan()
    wanted = _wanted_stamp(plan)
    if not force and _up_to_date(wanted, plan):
        print(
            f"vendor: up to date (@pyscript/core {wanted['@pyscript/core']}, "
            f"pyodide {wanted['pyodide']})"
        )
        return 0

    sources = {"pyscript": PYSCRIPT_PKG / "dist", "pyodide": PYODIDE_PKG}
    VENDOR.mkdir(exist_ok=True)
    STAMP.unlink(missing_ok=True)  # an interrupted copy must not look complete
    for sub, files in plan.items():
        tmp = VENDOR / f".{sub}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        for rel in files:
            dest = tmp / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(sources[sub] / rel, dest)
        shutil.rmtree(VENDOR / sub, ignore_errors=True)  # drop stale chunks
        tmp.rename(VENDOR / sub)
    STAMP.write_text(json.dumps(wanted, indent=1) + "\n", encoding="utf-8")
    count = sum(len(files) for files in plan.values())
    print(
        f"vendor: copied {count} files (@pyscript/core {wanted['@pyscript/core']}, "
        f"pyodide {wanted['pyodide']}) into vendor/"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
