"""The page's start after Pyodide is ready, run under Node by
tools/start_check.mjs with assets/pyodide-start.mjs's own functions: a restored
interpreter writes only what it still reads from disk (parlor.web's modules and the data
files), a normal start writes the whole package, both then import parlor.web and read
the data files; PyScript's package is a placeholder until first used; and a zip whose
member would land outside the folder is refused."""

from __future__ import annotations

import gzip
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

from tools_loader import load_tool

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
ZIP = ROOT / "py" / "parlor.zip"

site = load_tool("site")

needs_build = pytest.mark.skipif(
    NODE is None or not ZIP.exists() or not (ROOT / "vendor" / "pyodide").is_dir()
    or not (ROOT / site.SNAPSHOT_JSON).exists(),
    reason="needs node, vendor/, py/parlor.zip and its snapshot (`make setup`)")


def check(*args: str | Path) -> dict[str, object]:
    assert NODE is not None
    done = subprocess.run([NODE, str(ROOT / "tools" / "start_check.mjs"), *map(str, args)],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    out: dict[str, object] = json.loads(line.removeprefix("RESULT "))
    return out


def members() -> list[str]:
    return zipfile.ZipFile(ZIP).namelist()


@needs_build
def test_a_restore_writes_only_what_it_still_reads_and_the_page_starts(tmp_path: Path) -> None:
    manifest = json.loads((ROOT / site.SNAPSHOT_JSON).read_text())
    snapshot = tmp_path / "snapshot.bin"
    snapshot.write_bytes(gzip.decompress((ROOT / "py" / f"{manifest['file']}.gz").read_bytes()))
    got = check("restore", snapshot, ZIP)
    wanted = sorted(n for n in members()
                    if n.startswith("parlor/web/") or not n.endswith(".pyc"))
    assert got["on_disk"] == wanted and got["written"] == len(wanted)
    assert any(n.endswith(".json") for n in wanted)  # the data files are among them
    assert got["web"] and got["deck"] and isinstance(got["words"], int) and got["words"] > 100
    assert got["cwd"] == "/home/pyodide"  # where the snapshot's modules say they are
    assert not got["zip_left"]
    # PyScript's `import pyscript` finds the placeholder; a name of it imports the package.
    assert (got["placeholder"], got["who"], got["now"]) == ("Later", "the package", "module")


@needs_build
def test_a_normal_start_writes_the_whole_package() -> None:
    got = check("normal", ZIP)
    assert got["on_disk"] == sorted(members()) and got["written"] == len(members())
    assert got["web"] and got["deck"]


def crafted(name: str) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("parlor/ok.json", "{}")
        archive.writestr(name, "x")
    return buffer.getvalue()


@pytest.mark.skipif(NODE is None or not (ROOT / "vendor" / "pyodide").is_dir(),
                    reason="needs node and vendor/ (`make setup`)")
@pytest.mark.parametrize("name", ["../outside.pyc", "/etc/passwd", "parlor/../../x.json",
                                  "parlor\\..\\x.json", "parlor/x y.json"])
def test_a_member_named_to_leave_the_folder_is_refused(tmp_path: Path, name: str) -> None:
    archive = tmp_path / "crafted.zip"
    archive.write_bytes(crafted(name))
    got = check("entries", archive)
    assert "refused the member name" in str(got.get("error")), got


@pytest.mark.skipif(NODE is None or not (ROOT / "vendor" / "pyodide").is_dir(),
                    reason="needs node and vendor/ (`make setup`)")
def test_a_truncated_zip_is_refused(tmp_path: Path) -> None:
    data = crafted("parlor/fine.json")
    archive = tmp_path / "cut.zip"
    archive.write_bytes(data[: len(data) // 3] + data[-22:])  # the directory points past it
    got = check("entries", archive)
    assert "error" in got and "names" not in got, got
