#!/usr/bin/env python3
"""What the app is made of, for the service worker's precache and for `make dist`.

    python3 tools/site.py precache        write py/parlor.zip, assets/i18n.js,
                                          assets/lab-protocol.js, ./precache.js
    python3 tools/site.py dist [DIR]      build a deployable folder (default dist/)

The Python package reaches the browser as one zip (py/parlor.zip, unpacked by PyScript
into its file system): one request instead of one per module, each module already
byte-compiled by the page's own Pyodide (so no start compiles Parlor again). The zip is
deterministic (sorted, fixed dates), so the same sources give the same bytes and the
same precache hash; its comment names the sources it was compiled from.

The static shell (index.html, shown before Python is ready) speaks the page's language
from the start: assets/i18n.js carries the catalogs' ``shell.*`` and ``game.*`` words of
every language, generated here from py/parlor/i18n/catalogs (so the catalogs stay the
one place words live), and assets/lang.js picks the language and fills the shell in.

The Bot Lab's JavaScript takes the words of its messages from assets/lab-protocol.js,
generated here from py/parlor/app/lab/wire/messages.py (so the Python module stays the
one place the protocol is written; tests/test_lab_protocol.py holds the scripts to it).

The page's Python starts from a memory snapshot on a repeat visit:
py/snapshot-<key>.bin.gz, built here by tools/snapshot.mjs (Node, the vendored Pyodide)
whenever what it is made from changes; <key> is a hash of those inputs, and
py/snapshot.json tells assets/pyodide-start.mjs the name and what to check. The Bot
Lab's sandboxes start from one of their own (py/lab-sandbox-<key>.bin.gz and
py/lab-snapshot.json), precached only once the Lab is opened. Their kinds and builder are
in tools/site_snapshots.py.

One file list serves both commands, so the offline cache holds exactly what a host
serves. The precache version is a hash of every file's path and bytes: any change gives
a new cache name, which is how the service worker notices a new version.
Standard library only (runs before the virtualenv exists).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _sibling(name: str) -> ModuleType:
    """tools/<name>.py, loaded by its path: this file is run as a script, and loaded by
    path from tools/serve.py (afresh on each refresh, so edits reach `make run`) and the
    tests, so tools/ need not be on sys.path. Loaded with this file, each time it is."""
    spec = importlib.util.spec_from_file_location(f"parlor_tools_{name}",
                                                  Path(__file__).with_name(f"{name}.py"))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# The snapshots' kinds and builder, and the helpers both files use: names
# kept here too, for tools/serve.py and the tests that reach them through site.
_snapshots = _sibling("site_snapshots")
ZIP: str = _snapshots.ZIP
SiteError: type[Exception] = _snapshots.SiteError
write_if_changed = _snapshots.write_if_changed
_sha16 = _snapshots.sha16
SNAPSHOT_INPUTS: tuple[str, ...] = _snapshots.SNAPSHOT_INPUTS
SNAPSHOT_JSON: str = _snapshots.SNAPSHOT_JSON
Snapshot = _snapshots.Snapshot
PAGE = _snapshots.PAGE
LAB_SANDBOX = _snapshots.LAB_SANDBOX
SNAPSHOTS = _snapshots.SNAPSHOTS
snapshot_key = _snapshots.snapshot_key
snapshot_manifest = _snapshots.snapshot_manifest
build_snapshot = _snapshots.build_snapshot
snapshot_files = _snapshots.snapshot_files
fetched_when_asked = _snapshots.fetched_when_asked
#: Files that exist only as the service worker's inputs; never precached themselves.
#: sw.js is built from sw.mjs by the Makefile (esbuild), precache.js by this file.
WORKER_FILES = ("sw.js", "precache.js")
PYODIDE_RUNTIME = (
    "pyodide.mjs",
    "pyodide.js",  # the Bot Lab's sandbox loads it as a classic script (no blob modules)
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

#: The Lab sandbox's splices of Pyodide's glue and wasm (tools/pyodide_sandbox.mjs);
#: assets/lab-sandbox.js applies them.
SANDBOX_RUNTIME: tuple[str, ...] = _snapshots.SANDBOX_RUNTIME

#: The Lab sandboxes' frame and workers' code as text, which assets/lab-sandbox.js writes
#: into what it gives them: built by the Makefile (tools/lab_sandbox_code.mjs, esbuild)
#: from the modules in LAB_SANDBOX_SOURCES, which are neither precached nor in dist/
#: (the page loads their text, never them).
LAB_SANDBOX_CODE = "assets/lab-sandbox-code.js"
LAB_SANDBOX_SOURCES = "assets/lab-sandbox"

#: Written by tools/vendor.py (tools/editor_module.py); imported by assets/editor.js.
EDITOR_MODULE = "vendor/pyscript/parlor-codemirror.js"

#: What the browser needs from py/parlor: the modules and the game data they load.
PACKAGE_SUFFIXES = (".py", ".json")


def package_files(root: Path = ROOT) -> list[str]:
    """Every file of the parlor package the browser needs, relative to py/."""
    py = root / "py"
    return sorted(
        p.relative_to(py).as_posix()
        for p in (py / "parlor").rglob("*")
        if p.is_file() and p.suffix in PACKAGE_SUFFIXES and "__pycache__" not in p.parts
    )


def zip_bytes(root: Path = ROOT) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for rel in package_files(root):
            info = zipfile.ZipInfo(rel, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, (root / "py" / rel).read_bytes())
    return buffer.getvalue()


#: What decides the compiled bytes besides the sources: the compiler and its Pyodide.
COMPILER = ("tools/stdlib_build.mjs", "tools/stdlib_pyodide.py",
            "node_modules/pyodide/package.json")


def source_tag(sources: bytes, root: Path = ROOT) -> bytes:
    """The built zip's comment: which sources (and compiler) it was compiled from."""
    digest = hashlib.sha256(sources)
    for rel in COMPILER:
        path = root / rel
        digest.update(path.read_bytes() if path.exists() else b"missing " + rel.encode())
    return b"parlor sources sha256 " + digest.hexdigest().encode()


def built_tag(path: Path) -> bytes | None:
    """The source tag of a built package zip (None: missing or not a zip)."""
    try:
        with zipfile.ZipFile(path) as archive:
            return archive.comment
    except (FileNotFoundError, zipfile.BadZipFile):
        return None


def compile_zip(sources: bytes, root: Path = ROOT) -> bytes:
    """The package zip with every module byte-compiled (sourceless .pyc) by the Pyodide
    the page runs (tools/stdlib_build.mjs compile, under Node.js): the page then imports
    Parlor without compiling it on every start. Its comment is the sources' tag."""
    node = shutil.which("node")
    if node is None:
        raise SystemExit("site: node is needed to byte-compile py/parlor.zip (run `make setup`)")
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "src.zip", Path(tmp) / "out.zip"
        src.write_bytes(sources)
        done = subprocess.run([node, str(root / "tools" / "stdlib_build.mjs"), "compile",
                               str(src), str(out)], capture_output=True, text=True)
        if done.returncode != 0:
            raise SystemExit(f"site: byte-compiling py/parlor.zip failed:\n{done.stderr}")
        with zipfile.ZipFile(out, "a") as archive:
            archive.comment = source_tag(sources, root)
        return out.read_bytes()


def build_zip(root: Path = ROOT) -> bool:
    """Write py/parlor.zip when its sources changed; True if written."""
    sources = zip_bytes(root)
    target = root / ZIP
    if built_tag(target) == source_tag(sources, root):
        return False
    target.write_bytes(compile_zip(sources, root))
    return True


SHELL_JS = "assets/i18n.js"
#: Catalog keys the static shell shows (the rest is drawn by Python).
SHELL_PREFIXES = ("shell.", "game.")


def shell_words(root: Path = ROOT) -> dict[str, object]:
    """The languages and, for each, the static shell's words, read from the catalogs."""
    catalogs = root / "py" / "parlor" / "i18n" / "catalogs"
    spec = importlib.util.spec_from_file_location(
        "parlor_languages", root / "py" / "parlor" / "i18n" / "languages.py")
    assert spec and spec.loader
    languages = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = languages  # dataclasses look their module up there
    spec.loader.exec_module(languages)
    shell = {}
    for lang in languages.LANGUAGES:
        data = json.loads((catalogs / f"{lang.code}.json").read_text(encoding="utf-8"))
        shell[lang.code] = {k: v for k, v in sorted(data.items()) if k.startswith(SHELL_PREFIXES)}
    payload = {
        "default": languages.DEFAULT,
        "languages": [{"code": lang.code, "endonym": lang.endonym, "dir": lang.dir}
                      for lang in languages.LANGUAGES],
        "shell": shell,
    }
    return payload


def shell_js(root: Path = ROOT) -> str:
    """assets/i18n.js: ``shell_words`` for assets/lang.js."""
    payload = shell_words(root)
    return ("// Generated by tools/site.py from py/parlor/i18n/catalogs: do not edit.\n"
            f"self.PARLOR_I18N = {json.dumps(payload, ensure_ascii=False, indent=1)};\n")


PROTOCOL_JS = "assets/lab-protocol.js"
#: What a protocol word may look like: it is written into the sandboxes' frame's markup
#: and their workers' script (assets/lab-sandbox.js), so nothing that could end a string
#: or a script there.
PROTOCOL_WORD = re.compile(r"[a-z][a-z_]*")


def protocol_words(root: Path = ROOT) -> dict[str, Any]:
    """The Lab's protocol, read from py/parlor/app/lab/wire/messages.py (its
    ``for_javascript``; the module imports nothing of Parlor's, so it loads alone)."""
    spec = importlib.util.spec_from_file_location(
        "parlor_lab_messages", root / "py" / "parlor" / "app" / "lab" / "wire" / "messages.py")
    assert spec and spec.loader
    messages = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(messages)
    words: dict[str, Any] = messages.for_javascript()
    for group, value in words.items():
        for word in (value.values() if isinstance(value, dict) else [value]):
            if not PROTOCOL_WORD.fullmatch(word):
                raise SiteError(f"the Lab's protocol word {word!r} ({group}) is not plain")
    return words


def protocol_js(root: Path = ROOT) -> str:
    """assets/lab-protocol.js: ``protocol_words`` as a frozen global, for the page's
    scripts (a classic script), the referee's module worker (imported for its effect)
    and, through the page, the sandboxes' frame and workers."""
    def frozen(value: Any) -> str:
        if isinstance(value, dict):
            inner = ", ".join(f"{json.dumps(k)}: {frozen(v)}" for k, v in value.items())
            return f"Object.freeze({{{inner}}})"
        return json.dumps(value)

    groups = ",\n".join(f"  {json.dumps(group)}: {frozen(value)}"
                        for group, value in protocol_words(root).items())
    return ("// Generated by tools/site.py from py/parlor/app/lab/wire/messages.py: do not edit.\n"
            f"self.PARLOR_LAB_PROTOCOL = Object.freeze({{\n{groups},\n}});\n")


def manifests(root: Path = ROOT) -> dict[str, str]:
    """assets/manifest-<code>.webmanifest: the web manifest (assets/manifest.webmanifest,
    the template) with the name and description in each language; lang.js links the
    page's own."""
    template = json.loads((root / "assets" / "manifest.webmanifest").read_text(encoding="utf-8"))
    payload: Any = shell_words(root)
    out = {}
    for lang in payload["languages"]:
        words = payload["shell"][lang["code"]]
        manifest = {**template, "name": words["shell.app_name"],
                    "description": words["shell.description"], "lang": lang["code"],
                    "dir": lang["dir"]}
        out[f"assets/manifest-{lang['code']}.webmanifest"] = (
            json.dumps(manifest, ensure_ascii=False, indent=2) + "\n")
    return out


def build_generated(root: Path = ROOT) -> None:
    """The files built from sources: the package zip, the shell's words, the Lab's
    protocol, the manifests, the Python snapshot (made from the zip, so after it)."""
    build_zip(root)
    for snap in SNAPSHOTS:
        build_snapshot(root, snap)
    write_if_changed(root / SHELL_JS, shell_js(root))
    write_if_changed(root / PROTOCOL_JS, protocol_js(root))
    for rel, text in manifests(root).items():
        write_if_changed(root / rel, text)


def app_files(root: Path = ROOT) -> list[str]:
    """Every file the browser may load, relative to the app folder, sorted."""
    # The package zip: assets/pyodide-start.mjs unpacks it (pyscript.toml has no [files]).
    files = {"index.html", "pyscript.toml", "py/main.py", ZIP}
    files.update(p.relative_to(root).as_posix() for p in (root / "assets").rglob("*")
                 if p.is_file() and p.parent != root / LAB_SANDBOX_SOURCES)
    # The Lab sandboxes' code as text (its sources, above, are not): named, so a tree
    # that has not built it fails here, not in the Lab.
    files.add(LAB_SANDBOX_CODE)
    pyscript = root / "vendor" / "pyscript"
    if not pyscript.is_dir():
        raise SiteError("vendor/ is missing; run `make setup` first")
    # PyScript's own service-worker.js is for its sync features, which Parlor does not use.
    files.update(
        p.relative_to(root).as_posix()
        for p in pyscript.rglob("*")
        if p.is_file() and p.suffix != ".map" and p.name != "service-worker.js"
    )
    files.update(f"vendor/pyodide/{name}" for name in PYODIDE_RUNTIME)
    # The Lab sandbox's splices: named, so a tree that has not built them
    # fails here (missing files, below), not in the Lab.
    files.update(SANDBOX_RUNTIME)
    # The Bot Lab's editor module (tools/editor_module.py; its chunks are PyScript's own,
    # listed above): named, so a vendor/ made before it fails here, not offline.
    files.add(EDITOR_MODULE)
    # The Python snapshot a repeat visit starts from (assets/pyodide-start.mjs).
    files.update(snapshot_files(root))
    # QR codes for pairing devices (tools/vendor.py): the scripts and jsQR's licence.
    qr = root / "vendor" / "qr"
    if not qr.is_dir():
        raise SiteError("vendor/qr/ is missing; run `make setup` first")
    files.update(p.relative_to(root).as_posix() for p in qr.iterdir() if p.is_file())
    fonts = root / "vendor" / "fonts"  # tools/fonts.py (in dist/: its fonts, no stamp)
    if not fonts.is_dir() or not any(fonts.glob("*.woff2")):
        raise SiteError("vendor/fonts/ is missing; run `make setup` first")
    files.update(p.relative_to(root).as_posix() for p in fonts.iterdir()
                 if p.suffix in (".woff2", ".txt"))
    missing = sorted(f for f in files if not (root / f).is_file())
    if missing:
        raise SiteError(f"missing files: {', '.join(missing[:10])}")
    return sorted(files)


def file_hashes(root: Path, files: list[str]) -> dict[str, str]:
    """Each file's SHA-256 (16 hex digits), by its precache URL. The service worker keeps
    a response it passes through only if its bytes hash to this (so a cache holds one
    version's files, even if the host changed while the page loaded), and an update
    copies from the old cache every file whose hash did not change instead of
    downloading it again. A gzipped file (the snapshot) also gives the hash of its
    unpacked bytes, under the name the worker keeps them by."""
    hashes = {}
    for rel in files:
        data = (root / rel).read_bytes()
        hashes[f"./{rel}"] = _sha16(data)
        if rel.endswith(".gz"):  # the worker keeps it unpacked, under this name
            hashes[f"./{rel.removesuffix('.gz')}"] = _sha16(gzip.decompress(data))
    return hashes


def version(files: list[str], hashes: dict[str, str]) -> str:
    """The cache's name: a hash of every file's path and bytes (through their hashes)."""
    digest = hashlib.sha256()
    for rel in files:
        digest.update(f"{rel}\0{hashes[f'./{rel}']}\0".encode())
    return digest.hexdigest()[:16]


def precache_js(root: Path, files: list[str]) -> str:
    """The manifest sw.js imports: `files`, precached once the app is ready, and `lazy`,
    fetched only when asked (the Lab's sandbox snapshot, when the Lab opens); every one
    hashed and in the version. The folder's own address (`./`) is not listed: the worker
    answers it from index.html (the same 23 KB, once)."""
    hashes = file_hashes(root, files)
    manifest = {"version": version(files, hashes),
                "files": [f"./{f}" for f in files if not fetched_when_asked(f)],
                "lazy": [f"./{f}" for f in files if fetched_when_asked(f)],
                "hashes": hashes}
    return ("// Generated by tools/site.py: the files the service worker caches.\n"
            f"self.PARLOR_PRECACHE = {json.dumps(manifest, indent=1)};\n")


def build_dist(out: Path) -> list[str]:
    build_generated(ROOT)
    files = app_files(ROOT)
    if not (ROOT / "sw.js").is_file():
        raise SiteError("sw.js is missing (built from sw.mjs); run `make setup-core` first")
    if out.exists():
        shutil.rmtree(out)
    for rel in (*files, "sw.js"):
        target = out / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, target)
    (out / "precache.js").write_text(precache_js(out, files), encoding="utf-8")
    return files


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("precache", "dist"):
        print(__doc__)
        return 2
    if argv[0] == "precache":
        build_generated(ROOT)
        changed = write_if_changed(ROOT / "precache.js", precache_js(ROOT, app_files(ROOT)))
        print("precache.js " + ("written" if changed else "up to date"))
        return 0
    out = Path(argv[1]) if len(argv) > 1 else ROOT / "dist"
    files = build_dist(out.resolve())
    size = sum((out / f).stat().st_size for f in files)
    print(f"dist: {len(files) + 2} files, {size / 1e6:.1f} MB in {out}")
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main(sys.argv[1:]))
    except SiteError as err:
        raise SystemExit(f"site: {err}") from None
