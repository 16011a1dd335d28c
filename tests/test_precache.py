"""The service worker's manifest (tools/site.py's precache.js): what sw.js trusts.

sw.js keeps a response it passes through, and copies a file from an older version's
cache on an update, only when the bytes hash to the manifest's; these tests pin what the
manifest says: each file once (the folder's own address `./` is not a second copy of
index.html), each file's hash, the snapshot's unpacked hash under the name the worker
keeps it by, and a version that changes with any file and only then.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import re
from pathlib import Path
from typing import Any

from tests.tools_loader import load_tool

site = load_tool("site")


def manifest(root: Path, files: list[str]) -> Any:
    text = site.precache_js(root, files)
    match = re.fullmatch(r"//[^\n]*\nself\.PARLOR_PRECACHE = (\{.*\});\n", text, re.S)
    assert match, text
    return json.loads(match.group(1))


def sha16(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:16]


def app(tmp_path: Path) -> list[str]:
    (tmp_path / "py").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html>")
    (tmp_path / "py" / "parlor.zip").write_bytes(b"PK zip")
    (tmp_path / "py" / "snapshot-0123456789abcdef.bin.gz").write_bytes(
        gzip.compress(b"PARLORSNAP1 heap", mtime=0))
    return ["index.html", "py/parlor.zip", "py/snapshot-0123456789abcdef.bin.gz"]


def test_each_file_once_with_its_hash(tmp_path: Path) -> None:
    files = app(tmp_path)
    m = manifest(tmp_path, files)
    assert m["files"] == [f"./{f}" for f in files]  # no "./": index.html answers it
    for rel in files:
        assert m["hashes"][f"./{rel}"] == sha16((tmp_path / rel).read_bytes())
    # The worker keeps the snapshot unpacked, without ".gz": its hash is of those bytes.
    assert m["hashes"]["./py/snapshot-0123456789abcdef.bin"] == sha16(b"PARLORSNAP1 heap")
    assert re.fullmatch(r"[0-9a-f]{16}", m["version"])


def test_the_version_changes_with_any_file_and_only_then(tmp_path: Path) -> None:
    files = app(tmp_path)
    first = manifest(tmp_path, files)["version"]
    assert manifest(tmp_path, files)["version"] == first
    (tmp_path / "py" / "parlor.zip").write_bytes(b"PK zip 2")
    assert manifest(tmp_path, files)["version"] != first
    # A renamed file with the same bytes is another version too (the path is hashed).
    (tmp_path / "py" / "parlor.zip").write_bytes(b"PK zip")
    (tmp_path / "main.html").write_text("<!doctype html>")
    renamed = ["main.html", *files[1:]]
    assert manifest(tmp_path, renamed)["version"] != first



def test_index_html_can_be_handed_to_the_worker_as_parsed() -> None:
    """A WebKit first visit hands the worker index.html's text rebuilt from what the
    parser kept (its first script, index.html); the worker keeps it only if it hashes to
    the manifest's. The rebuild is exact only if the file begins with the script's own
    copy of the part the DOM does not keep (the doctype, <html>, whitespace between
    them) and holds no character the parser rewrites (CR, NUL): otherwise every first
    visit in Safari would download the page twice, silently."""
    page = (site.ROOT / "index.html").read_bytes()
    match = re.search(rb"const TOP = '([^']*)';", page)
    assert match, "index.html's first script names the file's top (TOP)"
    top = match.group(1).replace(rb"\n", b"\n")
    assert page.startswith(top), (top, page[:80])
    assert b"\r" not in page and b"\0" not in page
    # The held part ends with the first script: nothing the parser would drop or reorder
    # (a second doctype, text outside the head) comes before it.
    first_script = page.index(b"<script>")
    assert page.index(b"holdForTheWorker") > first_script
    assert re.fullmatch(rb"(\s*<meta [^>]*>)*\s*", page[len(top):first_script])


def test_the_labs_snapshot_is_fetched_only_when_asked(tmp_path: Path) -> None:
    """Most visitors never open the Lab: its sandboxes' snapshot (4.9 MB) is listed
    apart (`lazy`, fetched when the Lab opens), still hashed (an update carries it over
    by hash) and still in the version; its small manifest and the page's snapshot stay
    in the precache."""
    files = app(tmp_path)
    lab = "py/lab-sandbox-0123456789abcdef.bin.gz"
    (tmp_path / lab).write_bytes(gzip.compress(b"PARLORSNAP1 lab heap", mtime=0))
    (tmp_path / "py" / "lab-snapshot.json").write_text("{}")
    every = sorted([*files, lab, "py/lab-snapshot.json"])
    m = manifest(tmp_path, every)
    assert m["lazy"] == [f"./{lab}"]
    assert f"./{lab}" not in m["files"]
    assert set(m["files"]) | set(m["lazy"]) == {f"./{f}" for f in every}
    assert "./py/lab-snapshot.json" in m["files"]
    assert "./py/snapshot-0123456789abcdef.bin.gz" in m["files"]
    assert m["hashes"]["./py/lab-sandbox-0123456789abcdef.bin"] == sha16(b"PARLORSNAP1 lab heap")
    before = m["version"]
    (tmp_path / lab).write_bytes(gzip.compress(b"PARLORSNAP1 lab heap 2", mtime=0))
    assert manifest(tmp_path, every)["version"] != before
