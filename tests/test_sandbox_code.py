"""The code the Lab's sandboxes run, built as text (tools/lab_sandbox_code.mjs).

The iframe's script and the end of each worker's classic script are text the page
(assets/lab-sandbox.js) writes: the frame and its workers load nothing. Their code is
written as modules, one function each (assets/lab-sandbox/), and esbuild turns each into
that function's text at build time, into assets/lab-sandbox-code.js (generated). These
tests hold the build to that: the file on disk is what the sources give now and is
precached (the sources are not: the page never loads them), each text is its function
alone, the page defines none of them itself, and a module that is not one function, or
imports something, stops the build saying why and writes nothing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tools_loader import load_tool

pytestmark = [pytest.mark.cpython_only,
              pytest.mark.skipif(shutil.which("node") is None, reason="needs node")]

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "lab_sandbox_code.mjs"
SOURCES = ROOT / "assets" / "lab-sandbox"
PARTS = {"frame.mjs": ("insideFrame", 2), "worker.mjs": ("insideWorker", 3),
         "heap-restore.mjs": ("restoreHeap", 2)}


def build(out: Path, root: Path = ROOT) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    assert node is not None
    return subprocess.run([node, str(TOOL), str(out), str(root)], capture_output=True,
                          text=True, timeout=120)


def loaded(path: Path) -> dict[str, object]:
    """What the built script sets: each text and its function's parameters (parsed
    alone), and the kind and name of `restoreHeap`."""
    node = shutil.which("node")
    assert node is not None
    script = ("const vm = require('node:vm'); const box = { self: {} };"
              f"vm.runInNewContext(require('node:fs').readFileSync({json.dumps(str(path))}, "
              "'utf8'), box); const c = box.self.PARLOR_LAB_SANDBOX_CODE;"
              "const params = Object.fromEntries(Object.entries(c.text).map(([k, v]) => "
              "[k, new Function(`return (${v});`)().length]));"
              "console.log(JSON.stringify({ text: c.text, params, frozen: Object.isFrozen(c) "
              "&& Object.isFrozen(c.text), restoreHeap: typeof c.restoreHeap + ' ' "
              "+ c.restoreHeap.name, same: String(c.restoreHeap) === c.text.restoreHeap }));")
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def test_each_text_is_its_module_s_one_function(tmp_path: Path) -> None:
    out = tmp_path / "code.js"
    done = build(out)
    assert done.returncode == 0, done.stderr
    code = loaded(out)
    assert code["frozen"] is True
    assert code["restoreHeap"] == "function restoreHeap" and code["same"] is True
    text, arity = code["text"], code["params"]
    assert isinstance(text, dict) and isinstance(arity, dict)
    assert set(text) == {name for name, _ in PARTS.values()}
    for file, (name, params) in PARTS.items():
        source = (SOURCES / file).read_text(encoding="utf-8")
        assert f"\nexport function {name}(" in source, file
        assert text[name].startswith(f"function {name}(")
        assert text[name].count(f"function {name}(") == 1
        assert "export" not in text[name].split("\n")[-1]
        assert arity[name] == params
    # The frame's and the workers' code as the page writes it: no words of its own.
    assert "P.toFrame.files" in text["insideFrame"]
    assert "READY" in text["insideWorker"]


def test_the_built_file_is_current_and_precached_and_its_sources_are_not(
        tmp_path: Path) -> None:
    site = load_tool("site")
    on_disk = ROOT / site.LAB_SANDBOX_CODE
    if not on_disk.is_file():
        pytest.skip("assets/lab-sandbox-code.js is built by `make setup-core`")
    out = tmp_path / "code.js"
    assert build(out).returncode == 0
    assert on_disk.read_text(encoding="utf-8") == out.read_text(encoding="utf-8"), (
        "assets/lab-sandbox-code.js is stale: run `make setup-core`")
    try:
        files = site.app_files(ROOT)
    except site.SiteError as err:
        pytest.skip(f"needs `make setup`: {err}")
    assert site.LAB_SANDBOX_CODE in files
    assert not [f for f in files if f.startswith(site.LAB_SANDBOX_SOURCES + "/")]
    # Loaded by the page before the script that reads it.
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert html.index('src="./assets/lab-sandbox-code.js"') < html.index(
        'src="./assets/lab-sandbox.js"')


def test_the_page_stringifies_no_function_of_its_own() -> None:
    page = (ROOT / "assets" / "lab-sandbox.js").read_text(encoding="utf-8")
    for name, _ in PARTS.values():
        assert f"function {name}(" not in page
    assert "code().text.insideFrame" in page
    assert "code().text" in page.split("function workerScript(")[1].split("\n  }\n")[0]


@pytest.mark.parametrize(("file", "change", "said"), [
    ("frame.mjs", "\nexport function other() {}\n", "not one function insideFrame"),
    ("worker.mjs", '\nimport "./frame.mjs";\n', "imports assets/lab-sandbox/frame.mjs"),
    ("heap-restore.mjs", "\nconst PAGE = 1;\nexport { PAGE };\n", "not one function"),
    ("heap-restore.mjs", "\nexport function restoreHeap(heap) {}\n", "esbuild failed"),
    ("frame.mjs", "\nfunction (\n", "esbuild failed"),
])
def test_a_module_that_is_not_one_function_stops_the_build(
        tmp_path: Path, file: str, change: str, said: str) -> None:
    root = tmp_path / "root"
    shutil.copytree(SOURCES, root / "assets" / "lab-sandbox")
    with (root / "assets" / "lab-sandbox" / file).open("a", encoding="utf-8") as f:
        f.write(change)
    out = tmp_path / "code.js"
    done = build(out, root)
    assert done.returncode != 0
    assert said in done.stderr, done.stderr
    assert not out.exists() and not list(tmp_path.glob("*.tmp"))


def test_a_function_of_other_parameters_stops_the_build(tmp_path: Path) -> None:
    root = tmp_path / "root"
    shutil.copytree(SOURCES, root / "assets" / "lab-sandbox")
    path = root / "assets" / "lab-sandbox" / "worker.mjs"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("insideWorker(RESTORED, SAFE_PATH, READY)",
                                 "insideWorker(RESTORED, SAFE_PATH)", 1), encoding="utf-8")
    out = tmp_path / "code.js"
    done = build(out, root)
    assert done.returncode != 0
    assert "not function insideWorker of 3 parameters" in done.stderr, done.stderr
    assert not out.exists()
