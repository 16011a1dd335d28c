"""The Bot Lab sandbox's changes to the pinned Pyodide's glue and wasm, worked out at
build time by tools/pyodide_sandbox.mjs (vendor/pyodide-sandbox/splices.json;
assets/lab-sandbox.js applies them by place with assets/splice.mjs). Each change is
checked here against vendor/pyodide by a second, Python reading of the same files: the
glue spliced is Pyodide's with exactly the sandbox's three rewrites, each where it was
expected; the wasm spliced is Pyodide's with only its memory's maximum changed, to 256
MiB; a file the splices were not made for is refused by the page's applier; and a
Pyodide whose files do not look as expected stops the build, writing nothing, rather
than giving a sandbox that is silently not capped or not sparse."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tools_loader import load_tool

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
PYODIDE = ROOT / "vendor" / "pyodide"
TOOL = ROOT / "tools" / "pyodide_sandbox.mjs"
#: 256 MiB in 64 KiB wasm pages.
CAP_PAGES = 256 * 16

pytestmark = pytest.mark.skipif(
    NODE is None or not (PYODIDE / "pyodide.asm.wasm").is_file(),
    reason="needs node and vendor/pyodide (`make setup`)")


def run(source: Path, out: Path) -> subprocess.CompletedProcess[str]:
    assert NODE is not None
    return subprocess.run([NODE, str(TOOL), str(source), str(out)], capture_output=True,
                          text=True, timeout=120)


def built(tmp_path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The splices built afresh from vendor/pyodide into tmp_path, and RESULT."""
    out = tmp_path / "out"
    done = run(PYODIDE, out)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in out.iterdir()) == ["splices.json"]
    line = next(x for x in done.stdout.splitlines() if x.startswith("RESULT "))
    return (json.loads((out / "splices.json").read_text(encoding="utf-8")),
            json.loads(line.removeprefix("RESULT ")))


def spliced(data: bytes, splices: dict[str, Any]) -> bytes:
    """``data`` with ``splices`` applied, read afresh here (assets/splice.mjs is the
    page's): each edit's bytes must be there, in order, none overlapping."""
    assert len(data) == splices["size"]
    out, end = bytearray(), 0
    for edit in splices["edits"]:
        at, before, after = edit["at"], bytes(edit["before"]), bytes(edit["after"])
        assert at >= end and data[at:at + len(before)] == before
        out += data[end:at] + after
        end = at + len(before)
    return bytes(out + data[end:])


def leb(data: bytes, at: int) -> tuple[int, int]:
    """An unsigned LEB128 number at `at`: its value and the offset after it."""
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def leb_bytes(value: int) -> bytes:
    """`value` as the shortest unsigned LEB128 (how Pyodide's wasm writes its minimum)."""
    out = bytearray()
    while True:
        byte, value = value & 0x7F, value >> 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def memory_limits(wasm: bytes) -> tuple[int, int | None, int]:
    """The one memory's minimum and maximum (pages), and the maximum's offset (its
    limits' flags byte is the one before the minimum's)."""
    assert wasm[:4] == b"\0asm"
    at = 8
    while at < len(wasm):
        section, size_at = wasm[at], at + 1
        size, at = leb(wasm, size_at)
        if section == 5:
            count, at = leb(wasm, at)
            assert count == 1
            flags = wasm[at]
            minimum, at = leb(wasm, at + 1)
            if not flags & 1:
                return minimum, None, at
            maximum, _ = leb(wasm, at)
            return minimum, maximum, at
        at += size
    raise AssertionError("no memory section")


def test_the_glue_is_pyodides_with_exactly_the_sandboxs_rewrites(tmp_path: Path) -> None:
    splices, result = built(tmp_path)
    glue = (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")
    exported = list(re.finditer(r"export default (_createPyodideModule);?\s*$", glue))
    dense = list(re.finditer(r"return Module\.HEAP8\.set\((\w+)\),(\w+)\}", glue))
    assert len(exported) == 1 and len(dense) == 1
    # Where the tool says it changed the glue is where Python finds the same patterns.
    assert result["glue"] == {"importMetaUrl": glue.count("import.meta.url"),
                              "exported": exported[0].start(), "dense": dense[0].start()}
    # ... and the glue is exactly Pyodide's with those changes, nothing else.
    expected = glue.replace("import.meta.url", '"https://sandbox.invalid/pyodide.asm.mjs"')
    expected = re.sub(r"export default (_createPyodideModule);?\s*$",
                      r";self.\1 = \1;\n", expected)
    expected = re.sub(r"return Module\.HEAP8\.set\((\w+)\),(\w+)\}",
                      r"return restoreHeap(Module.HEAP8,\1),\2}", expected)
    sandbox_glue = spliced((PYODIDE / "pyodide.asm.mjs").read_bytes(),
                           splices["glue"]).decode("utf-8")
    assert sandbox_glue == expected
    assert "import.meta" not in sandbox_glue and "export default" not in sandbox_glue
    assert sandbox_glue.count("restoreHeap(Module.HEAP8,") == 1


def test_the_wasm_is_pyodides_with_its_memory_capped_at_256_mib(tmp_path: Path) -> None:
    splices, result = built(tmp_path)
    wasm = (PYODIDE / "pyodide.asm.wasm").read_bytes()
    capped = spliced(wasm, splices["wasm"])
    minimum, maximum, at = memory_limits(wasm)
    assert maximum is not None and maximum > CAP_PAGES
    assert memory_limits(capped) == (minimum, CAP_PAGES, at)
    # The same length (no offset moved), and only the maximum's bytes differ.
    assert len(capped) == len(wasm)
    changed = [i for i in range(len(wasm)) if wasm[i] != capped[i]]
    wasm_where = result["wasm"]
    assert isinstance(wasm_where, dict) and wasm_where["offset"] == at
    assert changed and all(at <= i < at + wasm_where["length"] for i in changed)


def test_the_splices_the_sandbox_applies_are_the_ones_built_and_precached() -> None:
    """make setup's own copy is current, the page fetches it, the snapshot is keyed by
    it and by its applier; the page splices Pyodide's own files, the ones it has."""
    site = load_tool("site")
    sandbox = (ROOT / "assets" / "lab-sandbox.js").read_text(encoding="utf-8")
    for rel in (*site.SANDBOX_RUNTIME, "vendor/pyodide/pyodide.asm.mjs",
                "vendor/pyodide/pyodide.asm.wasm"):
        assert f'"../{rel}"' in sandbox
        assert rel in site.LAB_SANDBOX.inputs
    assert "assets/splice.mjs" in site.LAB_SANDBOX.inputs
    if not all((ROOT / rel).is_file() for rel in site.SANDBOX_RUNTIME):
        pytest.skip("vendor/pyodide-sandbox/ is built by `make setup`")
    assert set(site.SANDBOX_RUNTIME) <= set(site.app_files(ROOT))
    done = run(PYODIDE, ROOT / "vendor" / "pyodide-sandbox")
    assert done.returncode == 0, done.stderr
    assert '"written":[]' in done.stdout, "vendor/pyodide-sandbox/ was out of date"


def unexpected(tmp_path: Path, glue: str | None = None, wasm: bytes | None = None) -> str:
    """Build from a copy of vendor/pyodide with its glue or wasm replaced: it must fail,
    saying why, and write nothing."""
    source = tmp_path / "pyodide"
    source.mkdir(parents=True)
    (source / "pyodide.asm.mjs").write_text(
        glue if glue is not None else (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8"),
        encoding="utf-8")
    (source / "pyodide.asm.wasm").write_bytes(
        wasm if wasm is not None else (PYODIDE / "pyodide.asm.wasm").read_bytes())
    out = tmp_path / "out"
    done = run(source, out)
    assert done.returncode == 1, done.stdout
    assert not out.exists() or not any(out.iterdir())
    return done.stderr


def test_a_glue_it_does_not_expect_stops_the_build(tmp_path: Path) -> None:
    glue = (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")
    dense = re.search(r"return Module\.HEAP8\.set\((\w+)\),(\w+)\}", glue)
    assert dense is not None
    cases = {
        "no export": (glue.replace("export default _createPyodideModule", "", 1),
                      "does not end with"),
        "two dense copies": ("function f(a,b){return Module.HEAP8.set(a),b}\n" + glue,
                             "2 dense copies"),
        "no dense copy": (glue.replace(dense.group(0), "return 0}"), "0 dense copies"),
        "other module syntax": (glue.replace("import.meta.url", "import.meta.dirname", 1),
                                "import.meta"),
    }
    for name, (text, why) in cases.items():
        assert why in unexpected(tmp_path / name.replace(" ", "-"), glue=text), name
    # The sandbox's own glue is not a Pyodide glue: built twice, it is refused.
    splices, _ = built(tmp_path / "once")
    twice = spliced(glue.encode("utf-8"), splices["glue"]).decode("utf-8")
    assert "import.meta" in unexpected(tmp_path / "twice", glue=twice)


def test_a_wasm_it_does_not_expect_stops_the_build(tmp_path: Path) -> None:
    wasm = (PYODIDE / "pyodide.asm.wasm").read_bytes()
    _, _, at = memory_limits(wasm)
    splices, _ = built(tmp_path / "once")
    assert "not above" in unexpected(tmp_path / "capped", wasm=spliced(wasm, splices["wasm"]))
    assert "not a wasm" in unexpected(tmp_path / "text", wasm=b"hello, not a module")
    # A module with no memory section at all (only its header).
    assert "no memory section" in unexpected(tmp_path / "bare", wasm=wasm[:8])
    # Its memory without a maximum (the limits' flag cleared: nothing to cap).
    minimum, _, _ = memory_limits(wasm)
    flags_at = at - len(leb_bytes(minimum)) - 1
    assert wasm[flags_at] & 1
    no_max = wasm[:flags_at] + bytes([wasm[flags_at] & ~1]) + wasm[flags_at + 1:]
    assert "no maximum" in unexpected(tmp_path / "unbounded", wasm=no_max)


APPLY = """
import fs from "node:fs";
import { spliced } from "./assets/splice.mjs";
const [file, splicesFile, kind] = process.argv.slice(1);
const splices = JSON.parse(fs.readFileSync(splicesFile, "utf8"))[kind];
try {
  const out = spliced(new Uint8Array(fs.readFileSync(file)), splices);
  process.stdout.write(Buffer.from(out));
} catch (err) {
  console.error(String(err));
  process.exit(3);
}
"""


def apply_in_node(tmp_path: Path, data: bytes, kind: str) -> subprocess.CompletedProcess[bytes]:
    """The page's applier (assets/splice.mjs) run on ``data`` with the built splices."""
    assert NODE is not None
    (tmp_path / "in").write_bytes(data)
    return subprocess.run([NODE, "--input-type=module", "-e", APPLY, "--", str(tmp_path / "in"),
                           str(ROOT / "vendor" / "pyodide-sandbox" / "splices.json"), kind],
                          capture_output=True, timeout=120, cwd=ROOT)


def test_the_pages_applier_gives_the_sandboxs_files_and_refuses_others(tmp_path: Path) -> None:
    """What the page makes of Pyodide's files equals this reading; a file of another
    Pyodide (another length, or other bytes where an edit goes) is refused, not
    half-changed: a Lab that cannot cap its sandboxes says so instead of running them."""
    if not (ROOT / "vendor" / "pyodide-sandbox" / "splices.json").is_file():
        pytest.skip("vendor/pyodide-sandbox/ is built by `make setup`")
    splices = json.loads((ROOT / "vendor" / "pyodide-sandbox" / "splices.json").read_text(
        encoding="utf-8"))
    for name, kind in (("pyodide.asm.mjs", "glue"), ("pyodide.asm.wasm", "wasm")):
        data = (PYODIDE / name).read_bytes()
        done = apply_in_node(tmp_path, data, kind)
        assert done.returncode == 0, done.stderr
        assert done.stdout == spliced(data, splices[kind]), name
        assert done.stdout != data
        at = splices[kind]["edits"][0]["at"]
        other = data[:at] + bytes([data[at] ^ 1]) + data[at + 1:]
        refused = apply_in_node(tmp_path, other, kind)
        assert refused.returncode == 3 and b"not the ones expected" in refused.stderr, name
        longer = apply_in_node(tmp_path, data + b"\0", kind)
        assert longer.returncode == 3 and b"not the " in longer.stderr, name
