"""docs/design.md: a test must fail when a module under py/ is missing from what the browser
loads. The browser loads the parlor package as one zip, built from py/parlor by
tools/site.py and unpacked by the page's Pyodide wrapper (assets/pyodide-start.mjs, not a
[files] table: after a snapshot restore it writes only what is still read from disk);
these tests check who unpacks it, the builder's coverage, and that a built zip is not
stale."""

from __future__ import annotations

import pathlib
import re
import tomllib
import zipfile

import pytest

from tools_loader import load_tool

ROOT = pathlib.Path(__file__).resolve().parent.parent
BROWSER_IMPORT = re.compile(r"^\s*(import|from)\s+(js|pyscript|pyodide)\b", re.M)


site = load_tool("site")


def test_config_uses_the_local_interpreter_and_the_package_zip() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    # Pyodide through the snapshot wrapper, which imports vendor/pyodide's.
    assert config["interpreter"] == "./assets/pyodide-start.mjs"
    wrapper = (ROOT / "assets" / "pyodide-start.mjs").read_text()
    assert 'from "../vendor/pyodide/pyodide.mjs"' in wrapper
    # The wrapper unpacks the zip (PyScript would unpack all of it, before the wrapper's
    # restored interpreter could say which modules it has already imported) ...
    assert "files" not in config
    assert f'new URL("../{site.ZIP}", import.meta.url)' in wrapper
    # The npm Pyodide has no wheels: stdlib only. (The wrapper passes PyScript's options
    # through; packages would have to be loaded after a restore, which it does not do.)
    assert "packages" not in config


def test_the_offline_cache_and_dist_hold_the_zip() -> None:
    """Named by tools/site.py itself, now that no [files] table lists it."""
    try:
        files = site.app_files(ROOT)
    except site.SiteError as err:
        pytest.skip(f"needs `make setup`: {err}")
    assert site.ZIP in files


def test_the_zip_holds_every_module_and_data_file() -> None:
    wanted = sorted(
        p.relative_to(ROOT / "py").as_posix()
        for p in (ROOT / "py" / "parlor").rglob("*")
        if p.suffix in (".py", ".json") and "__pycache__" not in p.parts
    )
    assert site.package_files(ROOT) == wanted
    import io

    names = zipfile.ZipFile(io.BytesIO(site.zip_bytes(ROOT))).namelist()
    assert names == wanted
    assert site.zip_bytes(ROOT) == site.zip_bytes(ROOT)  # deterministic: a stable hash


def test_a_built_zip_is_not_stale() -> None:
    built = ROOT / site.ZIP
    if not built.exists():
        pytest.skip("py/parlor.zip is built by `make setup`")
    assert site.built_tag(built) == site.source_tag(site.zip_bytes(ROOT)), (
        "py/parlor.zip is out of date: run `make setup` (or python3 tools/site.py precache)")


def test_the_built_zip_holds_each_module_byte_compiled_and_each_data_file() -> None:
    """The page imports Parlor without compiling it (sourceless .pyc)."""
    built = ROOT / site.ZIP
    if not built.exists():
        pytest.skip("py/parlor.zip is built by `make setup`")
    names = zipfile.ZipFile(built).namelist()
    wanted = [name + "c" if name.endswith(".py") else name
              for name in site.package_files(ROOT)]
    assert names == wanted


def test_only_the_web_package_touches_the_browser() -> None:
    """Standards: only py/parlor/web/ may import pyscript or js."""
    for path in (ROOT / "py" / "parlor").rglob("*.py"):
        if "web" in path.relative_to(ROOT / "py" / "parlor").parts:
            continue
        found = BROWSER_IMPORT.search(path.read_text())
        assert found is None, f"{path} imports {found.group(2) if found else ''}"
