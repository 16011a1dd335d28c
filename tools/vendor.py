#!/usr/bin/env python3
"""Copy PyScript, Pyodide and the QR libraries from node_modules/ into vendor/ (git-ignored).

    python3 tools/vendor.py [--force]

Run `npm ci` first (the Makefile does). vendor/ then holds:

    vendor/pyscript/   all of @pyscript/core/dist/ (chunk names change per release), and
                       parlor-codemirror.js, written by tools/editor_module.py: the Bot
                       Lab's code editor imports CodeMirror from it by a stable name
    vendor/pyodide/    the Pyodide runtime files the browser loads; its python_stdlib.zip
                       is not npm's but the cut, byte-compiled one tools/stdlib_cut.py
                       builds from tools/stdlib-keep.txt (start-up speed)
    vendor/qr/         qrcode.js (qrcode-generator, MIT: its licence is in the file's
                       header) draws QR codes; jsQR.js (jsqr, Apache-2.0, with its
                       LICENSE beside it) reads them from camera frames

Idempotent: vendor/.vendor-stamp.json records the versions copied and the file list;
when it matches node_modules and every file is there, nothing is copied. Each folder is
checked on its own, so a new or upgraded package recopies only its folder (not the
13 MB of Pyodide). The cut standard library has its own stamp entry: it is rebuilt
when Pyodide's version, the keep list or the builder changes, or the folder was
recopied; the keep list is measured again first when it is stale (another Pyodide, or
a standard-library module parlor imports is not on it).
Standard library only (runs before the virtualenv exists); the cut zip needs node.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path
from typing import Any

import editor_module
import stdlib_cut

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "vendor"
STAMP = VENDOR / ".vendor-stamp.json"
STAMP_FORMAT = 1

PYSCRIPT_PKG = NODE_MODULES / "@pyscript" / "core"
PYODIDE_PKG = NODE_MODULES / "pyodide"
PYODIDE_FILES = [
    "pyodide.mjs",
    "pyodide.js",  # the loader as a classic script: the Bot Lab's sandbox boots with it
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "pyodide-lock.json",
]
#: Pyodide's types, beside the loader for `make lint`'s type check of the JavaScript that
#: imports it (tsc looks for ``pyodide.d.mts`` next to ``pyodide.mjs``). Never served:
#: tools/site.py lists the runtime files it ships by name.
PYODIDE_TYPES = {"pyodide.d.mts": "pyodide.d.ts", "ffi.d.ts": "ffi.d.ts"}
#: Not copied: built by tools/stdlib_cut.py (node_modules/pyodide keeps npm's whole one).
STDLIB = "python_stdlib.zip"
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
    missing = [f for f in [*PYODIDE_FILES, *PYODIDE_TYPES.values(), STDLIB]
               if not (PYODIDE_PKG / f).is_file()]
    if missing:
        sys.exit(f"vendor: node_modules/pyodide lacks {', '.join(missing)}")
    pyodide = list(PYODIDE_FILES)
    missing = [src.relative_to(ROOT).as_posix() for src in QR_FILES.values() if not src.is_file()]
    if missing:
        sys.exit(f"vendor: {', '.join(missing)} missing; run `npm ci`")
    return {
        "pyscript": {rel: dist / rel for rel in pyscript},
        "pyodide": {**{rel: PYODIDE_PKG / rel for rel in pyodide},
                    **{rel: PYODIDE_PKG / src for rel, src in PYODIDE_TYPES.items()}},
        "qr": dict(QR_FILES),
    }


def _sha256(*paths: Path) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def _stdlib_stamp() -> dict[str, str]:
    """What the cut standard library's bytes depend on."""
    return {"pyodide": _version(PYODIDE_PKG), "keep": _sha256(stdlib_cut.KEEP),
            "builder": _sha256(*stdlib_cut.BUILDER)}


def _wanted_stamp(plan: dict[str, dict[str, Path]]) -> dict[str, object]:
    versions = {name: _version(pkg) for sub in plan for name, pkg in PACKAGES[sub].items()}
    return {"format": STAMP_FORMAT, **versions,
            "files": {sub: list(files) for sub, files in plan.items()},
            "stdlib": _stdlib_stamp()}


def _have_stamp() -> dict[str, Any]:
    try:
        have = json.loads(STAMP.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return {}
    return have if isinstance(have, dict) else {}


def _stale(wanted: dict[str, Any], plan: dict[str, dict[str, Path]]) -> list[str]:
    """The vendor sub-folders to (re)copy: a package version or the file list differs
    from the stamp's, or a file is gone."""
    have = _have_stamp()
    if have.get("format") != wanted["format"]:
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


def _refresh_keep_list() -> None:
    """Measure tools/stdlib-keep.txt again (in Pyodide) when it is stale."""
    reason = stdlib_cut.stale_reason()
    if reason:
        print(f"vendor: measuring the standard library Parlor needs ({reason})")
        stdlib_cut.measure()
        print("vendor: tools/stdlib-keep.txt rewritten: review and commit it")


def _build_stdlib() -> None:
    result = stdlib_cut.build(VENDOR / "pyodide" / STDLIB)
    print(f"vendor: built vendor/pyodide/{STDLIB}: {result['files']} modules and data "
          f"files, {result['bytes'] / 1e6:.1f} MB (npm's: "
          f"{(PYODIDE_PKG / STDLIB).stat().st_size / 1e6:.1f} MB)")


def _write_editor_module() -> None:
    """vendor/pyscript/parlor-codemirror.js, after the copy: it names the copied chunks
    (checked on every run, as the stamp does not list it)."""
    origin = f"@pyscript/core {_version(PYSCRIPT_PKG)}"
    if editor_module.write(VENDOR / "pyscript", origin):
        print(f"vendor: wrote vendor/pyscript/{editor_module.MODULE}")


def main(argv: list[str]) -> int:
    force = "--force" in argv
    plan = _plan()
    _refresh_keep_list()
    wanted = _wanted_stamp(plan)
    stale = list(plan) if force else _stale(wanted, plan)
    stdlib_stale = (force or "pyodide" in stale or _have_stamp().get("stdlib") != wanted["stdlib"]
                    or not (VENDOR / "pyodide" / STDLIB).is_file())
    if not stale and not stdlib_stale:
        _write_editor_module()
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
    if stale:
        count = sum(len(plan[sub]) for sub in stale)
        print(f"vendor: copied {count} files into vendor/{{{','.join(stale)}}}/ "
              f"({_summary(wanted)})")
    if stdlib_stale:
        _build_stdlib()
    _write_editor_module()
    STAMP.write_text(json.dumps(wanted, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main(sys.argv[1:]))
    except stdlib_cut.StdlibError as err:
        raise SystemExit(f"vendor: the cut standard library: {err}") from None
    except editor_module.EditorModuleError as err:
        raise SystemExit(f"vendor: {err}") from None
