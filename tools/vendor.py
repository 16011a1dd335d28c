#!/usr/bin/env python3
"""Copy PyScript, Pyodide and the QR libraries from node_modules/ into vendor/ (git-ignored).

    python3 tools/vendor.py [--force]

Run `npm ci` first (the Makefile does). vendor/ then holds:

    vendor/pyscript/   all of @pyscript/core/dist/ (chunk names change per release)
    vendor/pyodide/    the Pyodide runtime files the browser loads
    vendor/qr/         qrcode.js (qrcode-generator, MIT: its licence is in the file's
                       header) draws QR codes; jsQR.js (jsqr, Apache-2.0, with its
                       LICENSE beside it) reads them from camera frames

Idempotent: vendor/.vendor-stamp.json records the versions copied and the file list;
when it matches node_modules and every file is there, nothing is copied. Each folder is
checked on its own, so a new or upgraded package recopies only its folder (not the
13 MB of Pyodide).
Standard library only (runs before the virtualenv exists).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

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
QRCODE_PKG = NODE_MODULES / "qrcode-generator"
JSQR_PKG = NODE_MODULES / "jsqr"
#: vendor/qr/NAME: its source. Plain scripts defining the globals `qrcode` and `jsQR`.
QR_FILES = {
    "qrcode.js": QRCODE_PKG / "dist" / "qrcode.js",
    "jsQR.js": JSQR_PKG / "dist" / "jsQR.js",
    "jsQR.LICENSE.txt": JSQR_PKG / "LICENSE",
}
#: The npm packages each vendor folder is copied from (their versions go in the stamp).
PACKAGES = {
    "pyscript": {"@pyscript/core": PYSCRIPT_PKG},
    "pyodide": {"pyodide": PYODIDE_PKG},
    "qr": {"qrcode-generator": QRCODE_PKG, "jsqr": JSQR_PKG},
}


def _version(pkg: Path) -> str:
    try:
        return json.loads((pkg / "package.json").read_text(encoding="utf-8"))["version"]
    except FileNotFoundError:
        sys.exit(f"vendor: {pkg.relative_to(ROOT)} is missing; run `npm ci` (or `make setup`)")


def _plan() -> dict[str, dict[str, Path]]:
    """Map each vendor sub-folder to its files: destination (relative to the folder)
    to source."""
    dist = PYSCRIPT_PKG / "dist"
    if not dist.is_dir():
        sys.exit(f"vendor: {dist.relative_to(ROOT)} is missing; run `npm ci`")
    pyscript = sorted(p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file())
    missing = [f for f in PYODIDE_FILES if not (PYODIDE_PKG / f).is_file()]
    if missing:
        sys.exit(f"vendor: node_modules/pyodide lacks {', '.join(missing)}")
    pyodide = PYODIDE_FILES + [f for f in PYODIDE_OPTIONAL if (PYODIDE_PKG / f).is_file()]
    missing = [src.relative_to(ROOT).as_posix() for src in QR_FILES.values() if not src.is_file()]
    if missing:
        sys.exit(f"vendor: {', '.join(missing)} missing; run `npm ci`")
    return {
        "pyscript": {rel: dist / rel for rel in pyscript},
        "pyodide": {rel: PYODIDE_PKG / rel for rel in pyodide},
        "qr": dict(QR_FILES),
    }


def _wanted_stamp(plan: dict[str, dict[str, Path]]) -> dict[str, object]:
    versions = {name: _version(pkg) for sub in plan for name, pkg in PACKAGES[sub].items()}
    return {"format": STAMP_FORMAT, **versions,
            "files": {sub: list(files) for sub, files in plan.items()}}


def _stale(wanted: dict[str, Any], plan: dict[str, dict[str, Path]]) -> list[str]:
    """The vendor sub-folders to (re)copy: a package version or the file list differs
    from the stamp's, or a file is gone."""
    try:
        have = json.loads(STAMP.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return list(plan)
    if not isinstance(have, dict) or have.get("format") != wanted["format"]:
        return list(plan)
    have_files = have.get("files")
    if not isinstance(have_files, dict):
        have_files = {}
    return [
        sub for sub, files in plan.items()
        if any(have.get(name) != wanted[name] for name in PACKAGES[sub])
        or have_files.get(sub) != wanted["files"][sub]
        or not all((VENDOR / sub / f).is_file() for f in files)
    ]


def _summary(wanted: dict[str, Any]) -> str:
    return ", ".join(f"{name} {wanted[name]}" for sub in PACKAGES for name in PACKAGES[sub])


def main(argv: list[str]) -> int:
    force = "--force" in argv
    plan = _plan()
    wanted = _wanted_stamp(plan)
    stale = list(plan) if force else _stale(wanted, plan)
    if not stale:
        print(f"vendor: up to date ({_summary(wanted)})")
        return 0

    VENDOR.mkdir(exist_ok=True)
    STAMP.unlink(missing_ok=True)  # an interrupted copy must not look complete
    for sub in stale:
        tmp = VENDOR / f".{sub}.tmp"
        shutil.rmtree(tmp, ignore_errors=True)
        for rel, src in plan[sub].items():
            dest = tmp / rel
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
        shutil.rmtree(VENDOR / sub, ignore_errors=True)  # drop stale chunks
        tmp.rename(VENDOR / sub)
    STAMP.write_text(json.dumps(wanted, indent=1) + "\n", encoding="utf-8")
    count = sum(len(plan[sub]) for sub in stale)
    print(f"vendor: copied {count} files into vendor/{{{','.join(stale)}}}/ ({_summary(wanted)})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
