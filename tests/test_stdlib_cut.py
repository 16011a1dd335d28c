"""The browser's standard library is cut to what Parlor needs (tools/stdlib_cut.py,
for start-up speed): a module parlor or PyScript imports must never be cut away, or the
app fails in the browser only. These tests fail naming the missing module."""

from __future__ import annotations

import pathlib
import shutil

import pytest

from tools_loader import load_tool

pytestmark = pytest.mark.pyodide  # see tests/test_pyodide_selection.py

ROOT = pathlib.Path(__file__).resolve().parent.parent


stdlib_cut = load_tool("stdlib_cut")
needs_pyodide = pytest.mark.skipif(not stdlib_cut.STOCK.exists(),
                                   reason="node_modules/pyodide is installed by `make setup`")
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


@needs_pyodide
def test_every_stdlib_module_parlor_imports_is_kept() -> None:
    """Static and fast: each import statement in py/parlor (inside functions too)."""
    _, entries = stdlib_cut.read_keep()
    kept = {entry.split(".")[0] for entry in entries}
    missing = {top: who for top, who in stdlib_cut.parlor_stdlib_imports().items()
               if top not in kept}
    assert not missing, (
        "tools/stdlib-keep.txt lacks " + ", ".join(f"{top} (imported by {who})"
                                                   for top, who in sorted(missing.items()))
        + ": run python3 tools/stdlib_cut.py measure (or make setup) and commit the list")


@needs_pyodide
def test_the_keep_list_was_measured_on_the_installed_pyodide() -> None:
    version, _ = stdlib_cut.read_keep()
    assert version == stdlib_cut.pyodide_version(), (
        "tools/stdlib-keep.txt is for another Pyodide: run python3 tools/stdlib_cut.py measure")


@pytest.mark.cpython_only
@needs_node
@needs_pyodide
def test_everything_imports_on_the_cut_zip() -> None:
    """In real Pyodide booted on vendor/'s cut zip: every parlor module, every stdlib
    module parlor or PyScript's package imports, formatting a traceback, the codecs."""
    if not stdlib_cut.CUT.exists():
        pytest.skip("vendor/pyodide/python_stdlib.zip is built by `make setup`")
    try:
        stdlib_cut.check(stdlib_cut.CUT)
    except stdlib_cut.StdlibError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.mark.slow
@pytest.mark.cpython_only
@needs_node
@needs_pyodide
def test_the_check_names_a_module_cut_away(tmp_path: pathlib.Path) -> None:
    """The check above can fail: a zip without html (parlor's renderer needs it)."""
    keep = tmp_path / "keep.txt"
    _, entries = stdlib_cut.read_keep()
    keep.write_text("\n".join(e for e in entries if e != "html") + "\n", encoding="utf-8")
    out = tmp_path / "python_stdlib.zip"
    stdlib_cut.node("build", str(keep), str(out))
    with pytest.raises(stdlib_cut.StdlibError, match=r"lacks 'html' \(needed by parlor\."):
        stdlib_cut.check(out)
