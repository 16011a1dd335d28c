"""The Python snapshots tools/site.py builds and lists: the page's and the Bot
Lab sandbox's, each named by a hash of what it is made from.

A module of its own so that tools/site.py stays about the app's file list. It is loaded
by tools/site.py by its path (tools/ is a folder of scripts, not a package: site.py is
itself loaded by path from tools/serve.py and the tests), and keeps only what a snapshot
needs: the shared error type and write helper live here because site.py and this module
both raise and write through them. Standard library only (runs before the virtualenv).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
#: The package zip (tools/site.py writes it); a snapshot is made from it.
ZIP = "py/parlor.zip"


class SiteError(Exception):
    """The app folder is incomplete (say which files) or a generated file could not be
    built; callers decide how to report it."""


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` to `path` unless it holds it already (its time then stays)."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.write_text(text, encoding="utf-8")
    return True


#: What the snapshot is made from: its key hashes these (the wasm and its glue, the
#: standard library, the package zip, the builder and the module whose header it
#: writes), so any change gives a new name.
SNAPSHOT_INPUTS = ("vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.asm.mjs",
                   "vendor/pyodide/pyodide.mjs", "vendor/pyodide/python_stdlib.zip", ZIP,
                   "tools/snapshot.mjs", "assets/snapshot-check.mjs")
SNAPSHOT_JSON = "py/snapshot.json"
#: Not served: the inputs' sizes and times when the key was last computed, so that an
#: unchanged tree is checked without hashing ~13 MB on every request of `make run`.
SNAPSHOT_STAMP = "py/.snapshot-stamp.json"


class Snapshot(NamedTuple):
    """One kind of snapshot: what it is made from, its builder's --kind, its files. (A
    NamedTuple, not a dataclass: tools/serve.py loads this file without registering it
    in sys.modules, where a dataclass looks its module up.)"""

    kind: str
    inputs: tuple[str, ...]
    prefix: str  # its file is py/<prefix><key>.bin(.gz)
    manifest: str
    stamp: str


PAGE = Snapshot("page", SNAPSHOT_INPUTS, "snapshot-", SNAPSHOT_JSON, SNAPSHOT_STAMP)
#: The Bot Lab sandbox's changes to Pyodide's glue and wasm, worked out at build time by
#: tools/pyodide_sandbox.mjs (the Makefile runs it before the snapshots are built).
SANDBOX_RUNTIME = ("vendor/pyodide-sandbox/splices.json",)
#: The Bot Lab's sandbox (assets/lab-sandbox.js restores it): made from the page's
#: inputs (Pyodide's glue and wasm among them), the sandbox's loader, and the splices
#: and their applier that make the glue and wasm a sandbox runs (the snapshot is made on
#: that wasm; a sandbox restores it with that glue).
LAB_SANDBOX = Snapshot("sandbox", (*SNAPSHOT_INPUTS, "vendor/pyodide/pyodide.js",
                                   *SANDBOX_RUNTIME, "assets/splice.mjs"),
                       "lab-sandbox-", "py/lab-snapshot.json", "py/.lab-snapshot-stamp.json")
SNAPSHOTS = (PAGE, LAB_SANDBOX)


def sha16(data: bytes) -> str:
    """SHA-256, 16 hex digits: the snapshot key's and the precache's file hashes."""
    return hashlib.sha256(data).hexdigest()[:16]


def snapshot_key(root: Path = ROOT, inputs: tuple[str, ...] = SNAPSHOT_INPUTS) -> str:
    """The hash of everything a snapshot is made from (the page's: SNAPSHOT_INPUTS)."""
    digest = hashlib.sha256()
    for rel in inputs:
        digest.update(rel.encode() + b"\0" + (root / rel).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def snapshot_manifest(root: Path, key: str, prefix: str = PAGE.prefix) -> dict[str, str]:
    """py/snapshot.json (py/lab-snapshot.json): the file, its key, and the hashes of the
    package zip and the standard library the page must be running for it to be used."""
    return {"file": f"{prefix}{key}.bin", "key": key,
            "zip": sha16((root / ZIP).read_bytes()),
            "stdlib": sha16((root / "vendor/pyodide/python_stdlib.zip").read_bytes())}


def _input_stats(root: Path, inputs: tuple[str, ...]) -> list[list[object]]:
    return [[rel, (root / rel).stat().st_size, (root / rel).stat().st_mtime_ns]
            for rel in inputs]


def fetched_when_asked(rel: str) -> bool:
    """Is `rel` one of the files the service worker fetches only when asked: the Lab
    sandboxes' snapshot (4.9 MB), once the Lab is first opened (most visitors never
    open it). Its manifest stays in the precache: a few bytes, read to say why not."""
    return rel.startswith(f"py/{LAB_SANDBOX.prefix}") and rel.endswith(".bin.gz")


def build_snapshot(root: Path = ROOT, snap: Snapshot = PAGE) -> bool:
    """Write py/snapshot-<key>.bin.gz and py/snapshot.json (or the Lab sandbox's) when an
    input changed (and remove older ones); True if built. Raises SiteError with the
    builder's reason."""
    stamp_path = root / snap.stamp
    stats = _input_stats(root, snap.inputs)
    try:
        stamp = json.loads(stamp_path.read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        stamp = {}
    key = stamp.get("key") if stamp.get("inputs") == stats else None
    if not isinstance(key, str):
        key = snapshot_key(root, snap.inputs)
    target = root / "py" / f"{snap.prefix}{key}.bin.gz"
    built = False
    if not target.is_file():
        node = shutil.which("node")
        if node is None:
            raise SiteError("node is needed to build the Python snapshot (run `make setup`)")
        with tempfile.TemporaryDirectory() as tmp:
            raw = Path(tmp) / "snapshot.bin"
            done = subprocess.run([node, str(root / "tools" / "snapshot.mjs"), str(raw), key,
                                   "--kind", snap.kind], capture_output=True, text=True)
            if done.returncode != 0:
                raise SiteError(f"building the Python snapshot ({snap.kind}) failed:\n"
                                f"{done.stderr.strip()}")
            # Gzipped here (deterministic: no name, no time), unpacked by sw.js.
            packed = target.with_name(target.name + ".tmp")
            packed.write_bytes(gzip.compress(raw.read_bytes(), 6, mtime=0))
            packed.replace(target)
        built = True
    for old in (root / "py").glob(f"{snap.prefix}*.bin*"):
        if old != target:
            old.unlink()
    write_if_changed(root / snap.manifest,
                     json.dumps(snapshot_manifest(root, key, snap.prefix), indent=1) + "\n")
    write_if_changed(stamp_path, json.dumps({"key": key, "inputs": stats}) + "\n")
    return built


def snapshot_files(root: Path = ROOT) -> list[str]:
    """The snapshots (gzipped: sw.js unpacks them) and their manifests, as named by
    py/snapshot.json and py/lab-snapshot.json."""
    files = []
    for snap in SNAPSHOTS:
        try:
            manifest = json.loads((root / snap.manifest).read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            raise SiteError(f"{snap.manifest} is missing; run `make setup` first") from None
        files += [snap.manifest, f"py/{manifest['file']}.gz"]
    return files
