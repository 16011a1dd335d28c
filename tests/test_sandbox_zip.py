"""The package zip unpacked once per frame for the Lab's restored sandboxes
(assets/lab-zip.mjs, run under Node): it gives exactly the files Python's zipfile reads
from py/parlor.zip, and a crafted zip (a path out of the folder or absolute, a
duplicate, an encrypted or ZIP64 entry, a size that lies, an entry past the end, a
truncated file) gives null, so the sandboxes unzip it with Pyodide as before."""

from __future__ import annotations

import base64
import io
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="needs node")

SCRIPT = """
import { unzip } from %s;
import fs from "node:fs";
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const out = {};
for (const [name, b64] of Object.entries(cases)) {
  const found = await unzip(new Uint8Array(Buffer.from(b64, "base64")));
  out[name] = found && { paths: found.paths, ends: found.ends,
    data: Buffer.from(await found.data.arrayBuffer()).toString("base64") };
}
console.log(JSON.stringify(out));
"""


def run(cases: dict[str, bytes]) -> dict[str, dict[str, object] | None]:
    assert NODE is not None
    module = json.dumps((ROOT / "assets" / "lab-zip.mjs").as_uri())
    arg = json.dumps({k: base64.b64encode(v).decode() for k, v in cases.items()})
    done = subprocess.run([NODE, "--input-type=module", "-e", SCRIPT % module], input=arg,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    out: dict[str, dict[str, object] | None] = json.loads(done.stdout)
    return out


def made(*entries: tuple[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as z:
        for name, data in entries:
            z.writestr(name, data)
    return buffer.getvalue()


def files_of(found: dict[str, object] | None) -> dict[str, bytes]:
    assert found is not None
    paths, ends = found["paths"], found["ends"]
    assert isinstance(paths, list) and isinstance(ends, list)
    data = base64.b64decode(str(found["data"]))
    return {p: data[(ends[i - 1] if i else 0):ends[i]] for i, p in enumerate(paths)}


def spoiled(data: bytes, at: int, value: bytes) -> bytes:
    return data[:at] + value + data[at + len(value):]


def test_the_package_unzips_to_what_zipfile_reads() -> None:
    package = ROOT / "py" / "parlor.zip"
    if not package.exists():
        pytest.skip("no py/parlor.zip (tools/site.py precache)")
    zip_bytes = package.read_bytes()
    stored = made(("a/b.pyc", b"x" * 100), ("c.json", b"{}"), ("e/", b""),
                  method=zipfile.ZIP_STORED)
    out = run({"package": zip_bytes, "stored": stored})
    with zipfile.ZipFile(io.BytesIO(zip_bytes)) as z:
        expected = {i.filename: z.read(i) for i in z.infolist() if not i.is_dir()}
    assert files_of(out["package"]) == expected
    assert files_of(out["stored"]) == {"a/b.pyc": b"x" * 100, "c.json": b"{}"}


def test_a_crafted_zip_gives_nothing() -> None:
    good = made(("parlor/a.pyc", b"a" * 50), ("parlor/b.pyc", b"b" * 70))
    central = good.rindex(b"PK\x01\x02")  # the last entry's central record
    eocd = good.rindex(b"PK\x05\x06")
    cases = {
        "good": good,
        "up": made(("parlor/../../etc/x.pyc", b"1")),
        "absolute": made(("/etc/x.pyc", b"1")),
        "dot": made(("parlor/./x.pyc", b"1")),
        "backslash": made(("parlor\\\\x.pyc", b"1")),
        "duplicate": made(("parlor/a.pyc", b"1"), ("parlor/c.pyc", b"2")).replace(
            b"parlor/c.pyc", b"parlor/a.pyc"),
        "encrypted": spoiled(good, central + 8, b"\x01\x00"),
        "zip64": spoiled(good, central + 20, b"\xff\xff\xff\xff"),
        "size lies": spoiled(good, central + 24, (71).to_bytes(4, "little")),
        "past the end": spoiled(good, central + 42, (len(good)).to_bytes(4, "little")),
        "truncated": good[:eocd - 10] + good[eocd:],
        "no end": good[:eocd],
        "not a zip": b"hello" * 40,
    }
    out = run(cases)
    assert files_of(out.pop("good")) == {"parlor/a.pyc": b"a" * 50, "parlor/b.pyc": b"b" * 70}
    assert out == {name: None for name in out}, {k: v for k, v in out.items() if v}
