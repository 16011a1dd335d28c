"""design.md: a test must fail when a module under py/ is missing from what the browser
loads (pyscript.toml's [files])."""

from __future__ import annotations

import pathlib
import re
import tomllib

BROWSER_IMPORT = re.compile(r"^\s*(import|from)\s+(js|pyscript|pyodide)\b", re.M)
ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_every_module_is_in_pyscript_toml_and_the_interpreter_is_local() -> None:
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./vendor/pyodide/pyodide.mjs"
    files = config["files"]
    py = ROOT / "py"
    for path in py.rglob("*"):
        rel = path.relative_to(py).as_posix()
        if path.suffix not in (".py", ".json") or "__pycache__" in path.parts or rel == "main.py":
            continue
        assert files.get(f"./py/{rel}") == f"./{rel}", f"{rel} missing from pyscript.toml"
    for src in files:
        assert (ROOT / src).is_file(), f"pyscript.toml names a missing file {src}"
    assert "packages" not in config  # the npm Pyodide has no wheels: stdlib only


def test_only_the_web_package_touches_the_browser() -> None:
    """Standards: only py/parlor/web/ may import pyscript or js."""
    for path in (ROOT / "py" / "parlor").rglob("*.py"):
        if "web" in path.relative_to(ROOT / "py" / "parlor").parts:
            continue
        text = path.read_text()
        found = BROWSER_IMPORT.search(text)
        assert found is None, f"{path} imports {found.group(2) if found else ''}"
