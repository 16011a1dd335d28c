"""The Bot Lab's sandbox boots Pyodide from bytes the page hands it (see
assets/lab-sandbox.js): its worker is one classic script made of Pyodide's classic
loader, its glue with the module syntax rewritten (at build time, by
tools/pyodide_sandbox.mjs), and the sandbox's own code. WebKit loads no module and no
``importScripts`` from a blob of an opaque origin, so nothing else would do. These tests
hold the vendored files to what that rewriting expects, so an upgrade of Pyodide that
changes them fails here, not in a classroom (tests/test_sandbox_build.py checks the
splices that rewrite them, and what they give)."""

from __future__ import annotations

import re
from pathlib import Path

from tools_loader import load_tool

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "vendor" / "pyodide"
SANDBOX = (ROOT / "assets" / "lab-sandbox.js").read_text(encoding="utf-8")
#: The restore the glue calls, written into each worker's script before it.
RESTORE = (ROOT / "assets" / "lab-sandbox" / "heap-restore.mjs").read_text(encoding="utf-8")
#: The build step that works out the sandbox's splices of the glue and wasm.
BUILD = (ROOT / "tools" / "pyodide_sandbox.mjs").read_text(encoding="utf-8")


def test_the_glue_has_no_module_syntax_but_what_the_sandbox_rewrites() -> None:
    glue = (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert re.search(r"export default _createPyodideModule;?\s*$", glue)
    assert glue.count("import.meta") == glue.count("import.meta.url") > 0
    rest = re.sub(r"export default _createPyodideModule;?\s*$", "", glue)
    assert not re.search(r"(^|[;}\n])\s*(export|import)\s+[\w{*]", rest)  # no other
    assert "export default (_createPyodideModule)" in BUILD


def test_the_classic_loader_is_vendored_and_precached() -> None:
    loader = (PYODIDE / "pyodide.js").read_text(encoding="utf-8")
    assert "globalThis.loadPyodide=" in loader
    assert '"pyodide.js": "../vendor/pyodide/pyodide.js"' in SANDBOX
    assert "vendor/pyodide/pyodide.js" in load_tool("site").app_files(ROOT)


def test_the_sandbox_allows_no_connection_and_no_eval() -> None:
    policy = re.search(r"const policy = \[(.*?)\]\.join", SANDBOX, re.S)
    assert policy is not None
    text = policy.group(1)
    assert "\"default-src 'none'\"" in text and "\"connect-src 'none'\"" in text
    assert "unsafe-eval'" not in text.replace("wasm-unsafe-eval", "")
    assert "allow-same-origin" not in SANDBOX.split("setAttribute(\"sandbox\"")[1][:40]


def test_the_glue_restores_a_snapshot_with_one_copy_the_sandbox_makes_sparse() -> None:
    """A restored sandbox copies its snapshot into the heap page by page, skipping the
    pages that are zero in both (lab-sandbox/heap-restore.mjs's restoreHeap, called where
    tools/pyodide_sandbox.mjs rewrote the glue): it then holds ~12 MB of the heap's
    30 MiB, as a normal start does, not all of it. The rewrite looks for one dense copy
    in Pyodide's restore, and the build stops without it, so an upgrade that changes it
    fails here."""
    glue = (PYODIDE / "pyodide.asm.mjs").read_text(encoding="utf-8")
    assert len(re.findall(r"return Module\.HEAP8\.set\((\w+)\),(\w+)\}", glue)) == 1
    assert "return restoreHeap(Module.HEAP8,$1),$2}" in BUILD
    assert "function restoreHeap(heap, bytes)" in RESTORE
