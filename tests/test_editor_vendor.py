"""The Bot Lab's editor imports CodeMirror from vendor/pyscript/parlor-codemirror.js, a
module tools/vendor.py writes (tools/editor_module.py) over PyScript's hashed chunks.
It must name chunks that exist and export what it imports, be up to date with the
copied dist, and be precached with every file it reaches, or the editor is lost
offline (assets/editor.js then falls back to the plain textarea)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tools_loader import load_tool

ROOT = Path(__file__).resolve().parent.parent
PYSCRIPT = ROOT / "vendor" / "pyscript"
#: A static import or re-export of a relative file: (names in braces, the file).
IMPORT = re.compile(r"""(?:import|export)\s*(?:\{([^}]*)\}|\*\s*as\s+\w+)?\s*(?:from\s*)?"""
                    r"""["'](\./[^"']+)["']""")


editor_module = load_tool("editor_module")
site = load_tool("site")

needs_vendor = pytest.mark.skipif(not (PYSCRIPT / editor_module.MODULE).is_file(),
                                  reason="vendor/ is made by `make setup`")


def imports(path: Path) -> list[tuple[set[str], str]]:
    """(names imported by name, relative file) for each static import of a module."""
    found = []
    for names, target in IMPORT.findall(path.read_text(encoding="utf-8")):
        wanted = {n.strip().split(" as ")[0].strip() for n in names.split(",") if n.strip()}
        found.append((wanted, target.removeprefix("./")))
    return found


def reached(start: str) -> set[str]:
    """Every file of vendor/pyscript a module loads, itself included."""
    seen, todo = set(), [start]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        todo.extend(target for _, target in imports(PYSCRIPT / name))
    return seen


def test_exported_names_reads_minified_export_lists() -> None:
    source = 'const a=1;export{i as EditorView,pt as basicSetup,gt as minimalSetup}'
    assert editor_module.exported_names(source) == {"EditorView", "basicSetup", "minimalSetup"}


def test_a_missing_chunk_fails_loudly(tmp_path: Path) -> None:
    (tmp_path / "codemirror-AAAA1111.js").write_text("export{i as EditorView,pt as basicSetup}")
    with pytest.raises(editor_module.EditorModuleError, match="codemirror_state"):
        editor_module.find_chunks(tmp_path)
    (tmp_path / "codemirror-BBBB2222.js").write_text("export{i as EditorView}")
    with pytest.raises(editor_module.EditorModuleError, match="2 files match"):
        editor_module.find_chunks(tmp_path)


@needs_vendor
def test_the_module_is_up_to_date_with_the_copied_chunks() -> None:
    text = (PYSCRIPT / editor_module.MODULE).read_text(encoding="utf-8")
    origin = re.search(r"from (.+?)'s CodeMirror chunks", text)
    assert origin
    assert text == editor_module.module_text(editor_module.find_chunks(PYSCRIPT), origin[1]), (
        "vendor/pyscript/parlor-codemirror.js is stale: run `make setup` (tools/vendor.py)")


@needs_vendor
def test_each_import_names_a_vendored_file_that_exports_it() -> None:
    found = imports(PYSCRIPT / editor_module.MODULE)
    assert len(found) == len(editor_module.CHUNKS)
    for wanted, target in found:
        assert (PYSCRIPT / target).is_file(), target
        assert re.fullmatch(r"codemirror[\w-]*\.js", target)
        exported = editor_module.exported_names((PYSCRIPT / target).read_text(encoding="utf-8"))
        assert wanted <= exported, (target, wanted - exported)


@needs_vendor
def test_the_precache_holds_the_module_and_every_file_it_loads() -> None:
    files = reached(editor_module.MODULE)
    assert {"codemirror_view-", "codemirror_language-"} <= {re.sub(r"[^-]+\.js$", "", f)
                                                           for f in files}
    try:
        listed = set(site.app_files(ROOT))
    except site.SiteError as err:
        pytest.skip(f"the app's generated files are made by `make setup`: {err}")
    assert site.EDITOR_MODULE == f"vendor/pyscript/{editor_module.MODULE}"
    missing = {f"vendor/pyscript/{f}" for f in files} - listed
    assert not missing


@needs_vendor
@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_the_module_finds_decoration_and_indent_unit_when_loaded() -> None:
    """The two exports found by shape, not name: exactly one candidate each."""
    script = f"""
        const m = await import({json.dumps((PYSCRIPT / editor_module.MODULE).as_uri())});
        const s = m.EditorState.create({{doc: "a\\nb", extensions: [m.indentUnit.of("    ")]}});
        const marks = m.Decoration.set([m.Decoration.line({{class: "x"}}).range(2)]);
        console.log(JSON.stringify([s.facet(m.indentUnit), marks.size]));
    """
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == ["    ", 1]
