"""The package zip unpacked once per frame for the Lab's restored sandboxes
(assets/lab-zip.mjs, run under Node): it gives exactly the files Python's zipfile reads
from py/parlor.zip, and a crafted zip (a path out of the folder or absolute, a
duplicate, an encrypted or ZIP64 entry, a size that lies, an entry past the end, a
truncated file) gives null, so the sandboxes unzip it with Pyodide as before.

The page's start (assets/pyodide-start.mjs's unpack) reads the zip with the same reader
(assets/zip-entries.mjs): it refuses every one of those zips too, saying why, before it
hands the interpreter anything, and reads Parlor's own zip as the Lab does. Some of them
its reader of its own used to accept (a name twice, a "." part or a name that starts
with a dot or a dash, a stored member with two sizes, a folder with a size, more than
the limit, data that runs into the central directory): the one reader is the stricter
of the two."""

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

# The page's unpack, with a stand-in for Pyodide: it answers that nothing is imported,
# counts the files it is given, and records the members unpack asks it to write.
PAGE_SCRIPT = """
import { unpack } from %s;
import fs from "node:fs";
const cases = JSON.parse(fs.readFileSync(0, "utf8"));
const out = {};
for (const [name, b64] of Object.entries(cases)) {
  const seen = { given: 0, names: null };
  const functions = {
    imported: () => ({ toJs: () => [], destroy() {} }),
    write: (path, members) => { seen.names = members.map((m) => m[0]); },
  };
  const py = {
    toPy: (value) => (Array.isArray(value) ? Object.assign([...value], { destroy() {} })
      : { get: (n) => Object.assign((...a) => functions[n](...a), { destroy() {} }),
          destroy() {} }),
    runPython() {},
    FS: { writeFile() { seen.given += 1; } },
  };
  try {
    unpack(py, new Uint8Array(Buffer.from(b64, "base64")));
    out[name] = { names: seen.names };
  } catch (err) {
    out[name] = { error: String(err.message), given: seen.given };
  }
}
console.log(JSON.stringify(out));
"""


def run(cases: dict[str, bytes], script: str = SCRIPT,
        module: str = "lab-zip.mjs") -> dict[str, dict[str, object] | None]:
    assert NODE is not None
    uri = json.dumps((ROOT / "assets" / module).as_uri())
    arg = json.dumps({k: base64.b64encode(v).decode() for k, v in cases.items()})
    done = subprocess.run([NODE, "--input-type=module", "-e", script % uri], input=arg,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    out: dict[str, dict[str, object] | None] = json.loads(done.stdout)
    return out


def run_page(cases: dict[str, bytes]) -> dict[str, dict[str, object]]:
    """What the page's unpack makes of each zip: {names} it would write, or {error, given}."""
    if not (ROOT / "vendor" / "pyodide").is_dir():
        pytest.skip("needs vendor/ (`make setup`): assets/pyodide-start.mjs imports Pyodide")
    out = run(cases, PAGE_SCRIPT, "pyodide-start.mjs")
    assert all(v is not None for v in out.values())
    return {k: v for k, v in out.items() if v is not None}


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


GOOD = made(("parlor/a.pyc", b"a" * 50), ("parlor/b.pyc", b"b" * 70))


def crafted() -> dict[str, tuple[bytes, str]]:
    """Zips the one reader refuses, each with what its error names (empty: a size that
    lies about a deflated member, which only inflating it shows: unzip inflates and
    checks it, the page's unpack hands it to the interpreter, whose write checks it)."""
    central = GOOD.rindex(b"PK\x01\x02")  # the last entry's central record
    eocd = GOOD.rindex(b"PK\x05\x06")
    packed = zipfile.ZipFile(io.BytesIO(GOOD)).getinfo("parlor/b.pyc").compress_size
    stored = made(("parlor/a.json", b"{}"), method=zipfile.ZIP_STORED)
    stored_central = stored.rindex(b"PK\x01\x02")
    folder = made(("parlor/", b""), ("parlor/a.json", b"{}"), method=zipfile.ZIP_STORED)
    name = "refused the member name"
    return {
        "up": (made(("parlor/../../etc/x.pyc", b"1")), name),
        "absolute": (made(("/etc/x.pyc", b"1")), name),
        "dot": (made(("parlor/./x.pyc", b"1")), name),
        "hidden": (made(("parlor/.x.pyc", b"1")), name),
        "dash": (made(("parlor/-x.pyc", b"1")), name),
        "backslash": (made(("parlor\\\\x.pyc", b"1")), name),
        "not utf-8": (GOOD.replace(b"parlor/a.pyc", b"parlor/\xff.pyc"), "not UTF-8"),
        "duplicate": (made(("parlor/a.pyc", b"1"), ("parlor/c.pyc", b"2")).replace(
            b"parlor/c.pyc", b"parlor/a.pyc"), "parlor/a.pyc is in it twice"),
        "encrypted": (spoiled(GOOD, central + 8, b"\x01\x00"), "parlor/b.pyc is encrypted"),
        "bzip2": (spoiled(GOOD, central + 10, b"\x0c\x00"), "packed by method 12"),
        "zip64": (spoiled(GOOD, central + 20, b"\xff\xff\xff\xff"), "ZIP64 is not read"),
        "zip64 count": (spoiled(GOOD, eocd + 8, b"\xff\xff\xff\xff"), "ZIP64 is not read"),
        "size lies": (spoiled(GOOD, central + 24, (71).to_bytes(4, "little")), ""),
        "two sizes": (spoiled(stored, stored_central + 24, (3).to_bytes(4, "little")),
                      "parlor/a.json is stored with two sizes"),
        "folder with a size": (spoiled(folder, folder.index(b"PK\x01\x02") + 24,
                                       (1).to_bytes(4, "little")), "folder parlor/ has a size"),
        "too big": (spoiled(GOOD, central + 24, (65 << 20).to_bytes(4, "little")),
                    "more than 64 MiB unpacked"),
        "into the directory": (spoiled(GOOD, central + 20, (packed + 10).to_bytes(4, "little")),
                               "parlor/b.pyc is cut short"),
        "past the end": (spoiled(GOOD, central + 42, (len(GOOD)).to_bytes(4, "little")),
                         "parlor/b.pyc is not a plain member"),
        "truncated": (GOOD[:eocd - 10] + GOOD[eocd:], "a broken central directory"),
        "no end": (GOOD[:eocd], "not a zip"),
        "not a zip": (b"hello" * 40, "not a zip"),
    }


def test_a_crafted_zip_gives_nothing() -> None:
    cases = {"good": GOOD} | {k: data for k, (data, _) in crafted().items()}
    out = run(cases)
    assert files_of(out.pop("good")) == {"parlor/a.pyc": b"a" * 50, "parlor/b.pyc": b"b" * 70}
    assert out == {name: None for name in out}, {k: v for k, v in out.items() if v}


def test_the_page_refuses_what_the_lab_refuses_saying_why_before_writing() -> None:
    cases = crafted()
    out = run_page({k: data for k, (data, _) in cases.items()})
    # Only inflating shows this lie: the interpreter's write checks each size after zlib.
    assert out.pop("size lies") == {"names": ["parlor/a.pyc", "parlor/b.pyc"]}
    for case, got in out.items():
        cause = cases[case][1]
        assert got.get("given") == 0, (case, got)  # refused before the zip was handed over
        assert str(got.get("error")).startswith("py/parlor.zip: "), (case, got)
        assert cause and cause in str(got["error"]), (case, got)


def test_both_read_parlors_zip_and_its_folders_alike() -> None:
    package = ROOT / "py" / "parlor.zip"
    if not package.exists():
        pytest.skip("no py/parlor.zip (tools/site.py precache)")
    folders = made(("e/", b""), ("e/a.json", b"{}"), ("b.json", b"[]"))
    cases = {"package": package.read_bytes(), "folders": folders}
    lab, page = run(cases), run_page(cases)
    assert page["package"] == {"names": zipfile.ZipFile(package).namelist()}
    assert list(files_of(lab["package"])) == page["package"]["names"]
    # A folder is neither listed nor written: a file's path makes it.
    assert page["folders"] == {"names": ["e/a.json", "b.json"]}
    assert list(files_of(lab["folders"])) == ["e/a.json", "b.json"]
