"""The page's Python snapshot, built by tools/snapshot.mjs under Node from
the vendored Pyodide: the same inputs give the same bytes, a heap past what a restore
can take fails the build naming the cause, each restore draws its own random numbers,
and the snapshot's name changes with anything it is made from."""

from __future__ import annotations

import gzip
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tools_loader import load_tool

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
BUILT = ROOT / "py" / "parlor.zip"

site = load_tool("site")

needs_build = pytest.mark.skipif(
    NODE is None or not BUILT.exists() or not (ROOT / "vendor" / "pyodide").is_dir(),
    reason="needs node, vendor/ and py/parlor.zip (`make setup`)")


def build(out: Path, key: str, *extra: str) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run([NODE, str(ROOT / "tools" / "snapshot.mjs"), str(out), key, *extra],
                          capture_output=True, text=True, timeout=600)


def result(done: subprocess.CompletedProcess[str]) -> object:
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    return json.loads(line.removeprefix("RESULT "))


@pytest.fixture(scope="module")
def built_here(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One build in this checkout, made once (each takes seconds of a core) and compared
    by the tests below with another build, the one `make setup` made or one elsewhere."""
    first = tmp_path_factory.mktemp("here") / "a.bin"
    made = result(build(first, site.snapshot_key(ROOT)))
    assert isinstance(made, dict) and made["heap"] <= 30 * 1024 * 1024
    return first


@needs_build
def test_two_builds_give_the_same_bytes_and_two_visits_different_draws(
        tmp_path: Path, built_here: Path) -> None:
    """Deterministic (the precache hash and the name depend on it), and `random` is
    reseeded by the page's restore: otherwise every visit would replay the state the
    snapshot was made with."""
    key = site.snapshot_key(ROOT)
    first = built_here
    existing = ROOT / "py" / f"snapshot-{key}.bin.gz"  # `make setup`'s own, if current
    second = tmp_path / "b.bin"
    if existing.exists():
        second.write_bytes(gzip.decompress(existing.read_bytes()))
    else:
        result(build(second, key))
    assert first.read_bytes() == second.read_bytes()
    assert first.read_bytes()[:32] == f"PARLORSNAP1 {key}".ljust(31).encode() + b"\n"

    assert NODE is not None
    done = subprocess.run([NODE, str(ROOT / "tools" / "snapshot_check.mjs"), str(first)],
                          capture_output=True, text=True, timeout=600)
    visits = result(done)
    assert isinstance(visits, list) and len(visits) == 2
    assert all(v["rules"] and not v["web"] for v in visits)  # Parlor in, the browser layer not
    assert visits[0]["draw"] != visits[1]["draw"]


@needs_build
def test_a_build_in_another_folder_gives_the_same_bytes(tmp_path: Path, built_here: Path) -> None:
    """The key names the inputs, not the folder: Node's path to the builder once went
    into the heap (as Python's argv[0] and os.environ["_"]), so two checkouts made two
    different files under one name, and every browser (and every Lab bot, in os.environ)
    was sent the build machine's path."""
    key = site.snapshot_key(ROOT)
    here = built_here
    elsewhere = tmp_path / "another" / "checkout"
    for part in ("tools/snapshot.mjs", "tools/pyodide_sandbox.mjs", "assets/snapshot-check.mjs",
                 "assets/splice.mjs", "py/parlor.zip"):
        (elsewhere / part).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(ROOT / part, elsewhere / part)
    (elsewhere / "vendor").symlink_to(ROOT / "vendor")
    there = tmp_path / "there.bin"
    assert NODE is not None
    done = subprocess.run([NODE, str(elsewhere / "tools" / "snapshot.mjs"), str(there), key],
                          capture_output=True, text=True, timeout=600)
    result(done)
    assert here.read_bytes() == there.read_bytes()
    assert str(ROOT).encode() not in here.read_bytes()


@needs_build
def test_a_heap_past_the_restore_limit_fails_the_build_and_says_why(tmp_path: Path) -> None:
    out = tmp_path / "big.bin"
    done = build(out, "0" * 16, "--heap-limit", str(16 * 1024 * 1024))
    assert done.returncode == 1
    assert "heap grew to" in done.stderr and "a restore can take" in done.stderr
    assert "pyodide#6254" in done.stderr
    assert not out.exists() and not (tmp_path / "big.bin.tmp").exists()


def test_the_name_changes_with_each_input(tmp_path: Path) -> None:
    """The key hashes the wasm, its glue, the standard library, the package zip and the
    builder: a change to any of them gives another file name, never a stale snapshot."""
    for rel in site.SNAPSHOT_INPUTS:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(rel.encode())
    before = site.snapshot_key(tmp_path)
    assert len(before) == 16
    for rel in site.SNAPSHOT_INPUTS:
        original = (tmp_path / rel).read_bytes()
        (tmp_path / rel).write_bytes(original + b"!")
        assert site.snapshot_key(tmp_path) != before, rel
        (tmp_path / rel).write_bytes(original)
    assert site.snapshot_key(tmp_path) == before
    assert {"vendor/pyodide/pyodide.asm.wasm", "vendor/pyodide/pyodide.mjs",
            "vendor/pyodide/python_stdlib.zip", site.ZIP} <= set(site.SNAPSHOT_INPUTS)


def test_the_manifest_names_the_file_and_what_the_page_checks(tmp_path: Path) -> None:
    for rel in site.SNAPSHOT_INPUTS:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(rel.encode())
    key = site.snapshot_key(tmp_path)
    manifest = site.snapshot_manifest(tmp_path, key)
    assert manifest["file"] == f"snapshot-{key}.bin" and manifest["key"] == key
    assert manifest["zip"] == site._sha16(site.ZIP.encode())
    assert manifest["stdlib"] == site._sha16(b"vendor/pyodide/python_stdlib.zip")


def test_the_built_snapshot_is_current_and_precached() -> None:
    manifest_path = ROOT / site.SNAPSHOT_JSON
    if not manifest_path.exists():
        pytest.skip("py/snapshot.json is built by `make setup`")
    manifest = json.loads(manifest_path.read_text())
    assert manifest == site.snapshot_manifest(ROOT, site.snapshot_key(ROOT)), (
        "the snapshot is out of date: run `make setup` (or python3 tools/site.py precache)")
    files = site.app_files(ROOT)
    assert f"py/{manifest['file']}.gz" in files and site.SNAPSHOT_JSON in files


@needs_build
def test_a_sandbox_restored_holds_what_a_normal_start_holds_and_draws_its_own(
        tmp_path: Path) -> None:
    """The Lab's sandbox snapshot is deterministic too, and what a
    student's code can find in a restored sandbox (sys.path, sys.modules, the
    environment, builtins, __main__, the Lab's files) is what a normal start gives it,
    on the same capped wasm; only `random` differs, and between two restores as well."""
    snap = site.LAB_SANDBOX
    key = site.snapshot_key(ROOT, snap.inputs)
    first = tmp_path / "sandbox.bin"
    made = result(build(first, key, "--kind", "sandbox"))
    assert isinstance(made, dict) and made["heap"] <= 30 * 1024 * 1024
    existing = ROOT / "py" / f"{snap.prefix}{key}.bin.gz"
    if existing.exists():
        assert gzip.decompress(existing.read_bytes()) == first.read_bytes()
    else:
        assert result(build(tmp_path / "again.bin", key, "--kind", "sandbox")) == made
        assert (tmp_path / "again.bin").read_bytes() == first.read_bytes()

    assert NODE is not None
    done = subprocess.run([NODE, str(ROOT / "tools" / "snapshot_check.mjs"), "--sandbox",
                           str(first)], capture_output=True, text=True, timeout=600)
    starts = result(done)
    assert isinstance(starts, dict)
    normal, restores = starts["normal"], starts["restores"]
    assert "parlor.app.lab.sandbox.sandbox" in normal["modules"]
    assert normal["path"][0] == "/home/pyodide/lab" and normal["hash_randomization"] == 1
    assert any(f.endswith("parlor/app/lab/sandbox/sandbox.pyc") for f in normal["files"])
    for restored in restores:
        assert {k: v for k, v in restored.items() if k != "draw"} == {
            k: v for k, v in normal.items() if k != "draw"}
    assert len({normal["draw"], *(r["draw"] for r in restores)}) == 3


def test_the_sandbox_snapshot_is_named_by_its_own_inputs_and_precached() -> None:
    """Its key hashes the page's inputs, the sandbox's loader, and the splices and their
    applier that make the sandbox's own glue and capped wasm of Pyodide's (the bytes it
    is made on and restored with, tools/pyodide_sandbox.mjs); it is listed for the
    service worker."""
    inputs = set(site.LAB_SANDBOX.inputs)
    assert set(site.SNAPSHOT_INPUTS) | {"vendor/pyodide/pyodide.js",
                                        "vendor/pyodide-sandbox/splices.json",
                                        "assets/splice.mjs"} == inputs
    manifest_path = ROOT / site.LAB_SANDBOX.manifest
    if not manifest_path.exists():
        pytest.skip("py/lab-snapshot.json is built by `make setup`")
    manifest = json.loads(manifest_path.read_text())
    key = site.snapshot_key(ROOT, site.LAB_SANDBOX.inputs)
    assert manifest == site.snapshot_manifest(ROOT, key, site.LAB_SANDBOX.prefix), (
        "the sandbox's snapshot is out of date: run python3 tools/site.py precache")
    assert f"py/{manifest['file']}.gz" in site.app_files(ROOT)
