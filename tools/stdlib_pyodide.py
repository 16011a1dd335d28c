"""The Pyodide side of the cut standard library; run by tools/stdlib_build.mjs.

Pyodide ships the whole standard library as .py sources in python_stdlib.zip and
compiles every module it imports on each page start. Parlor needs a small part of it,
so the browser gets a zip holding only that part, already compiled to .pyc.

Everything here runs inside Pyodide itself, on purpose: the modules needed are
*measured* (what Pyodide's boot, the parlor package and PyScript's ``pyscript`` package
really import), and the .pyc files are compiled by the very interpreter that will load
them, so their magic number cannot disagree with the browser's.

Modes (see ``run``): ``measure`` (from the stock zip: what is needed, and why),
``build`` (the cut zip from a keep list), ``check`` (on the cut zip: everything needed
imports), ``time`` (boot + import of all of parlor, for the benchmark).

Only ``sys``, ``os`` and ``ast`` are imported at the top (Pyodide's boot imports them
anyway), so ``check`` never fails for a module only this tool would need.
"""

from __future__ import annotations

import ast
import os
import sys
from typing import Any

#: Where Pyodide puts python_stdlib.zip (its loader writes /lib/python{major}{minor}.zip,
#: the name CPython's default sys.path expects), and the source tree of the app.
STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
PY_ROOT = "/repo/py"
#: Packages kept only in the submodules measured, not whole: encodings is ~120 modules,
#: nearly all code-page tables nobody here decodes (a missing codec is a LookupError).
PARTIAL = ("encodings",)
#: Codecs looked up while measuring, so their encodings.* modules are kept; why each:
CODECS = (
    "utf-8", "ascii", "latin-1",  # the usual ones; latin-1 for HTTP-style bytes
    "utf-8-sig",  # tokenize/linecache on a file with a BOM (tracebacks)
    "utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be",
    "cp437",  # zipfile: names without the UTF-8 flag
    "idna", "punycode",  # host names (socket, urllib)
    "unicode-escape", "raw-unicode-escape",  # repr-style text, pickle protocol 0
)
#: Imported on purpose beyond what is measured, with the reason (none needed today:
#: PyScript's own runPython snippets import js, pyodide.ffi, os and pathlib, all of which
#: boot or parlor import anyway; its "import os, gzip, tarfile" serves only .tar.gz
#: [files], which Parlor has none of: assets/pyodide-start.mjs unpacks the package zip
#: with os and zlib, which boot imports too).
EXTRA: dict[str, str] = {}


class MissingModules(Exception):
    """The cut zip lacks modules that are needed; the message names them and the fix."""


def parlor_modules() -> list[str]:
    """Every module of py/parlor, from the file tree (not pkgutil: the check runs on the
    cut zip, which need not hold pkgutil, and walk_packages would swallow import errors)."""
    out = []
    for folder, dirs, files in os.walk(os.path.join(PY_ROOT, "parlor")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        rel = os.path.relpath(folder, PY_ROOT).split(os.sep)
        for name in sorted(files):
            if name.endswith(".py"):
                stem = name[:-3]
                out.append(".".join(rel if stem == "__init__" else [*rel, stem]))
    return out


def imported_names(source: str, package: str) -> set[str]:
    """Every module an import statement names (inside functions and try blocks too), as
    dotted names; ``from a import b`` gives both ``a`` and ``a.b`` (b may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(p for p in [*parts, base] if p)
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return {n for n in names if n}


def stdlib_tops() -> dict[str, bool]:
    """Top-level names in the stock zip: True for a package, False for a module."""
    import zipfile

    tops: dict[str, bool] = {}
    for entry in zipfile.ZipFile(STDLIB_ZIP).namelist():
        head, sep, _ = entry.partition("/")
        if sep and entry.endswith("/__init__.py"):
            tops[head] = True
        elif not sep and entry.endswith(".py"):
            tops.setdefault(head[:-3], False)
    return tops


def needed_imports(pyscript: dict[str, str]) -> dict[str, str]:
    """Dotted names parlor and PyScript's package import (statically), each with who."""
    wanted: dict[str, str] = {}
    for module in parlor_modules():
        path = os.path.join(PY_ROOT, *module.split("."))
        path = os.path.join(path, "__init__.py") if os.path.isdir(path) else path + ".py"
        with open(path, encoding="utf-8") as handle:
            source = handle.read()
        package = module if path.endswith("__init__.py") else module.rpartition(".")[0]
        for name in imported_names(source, package):
            wanted.setdefault(name, module)
    for rel, source in sorted(pyscript.items()):
        module = rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        package = module if rel.endswith("__init__.py") else module.rpartition(".")[0]
        for name in imported_names(source, package):
            wanted.setdefault(name, f"PyScript's {module}")
    return wanted


def _import(name: str) -> ModuleNotFoundError | None:
    """Import ``name``; the ModuleNotFoundError if it (or one it imports) is missing.
    A name that is not a module (``from a import function``) is not an error here."""
    try:
        __import__(name)
    except ModuleNotFoundError as err:
        if err.name is not None and err.name == name and "." in name:
            return None  # from package import attribute: not a module
        return err
    return None


def exercise() -> None:
    """Paths the app meets at run time that import lazily: formatting an exception (as
    Pyodide does to hand it to JavaScript), a warning, and the codecs in CODECS."""
    import codecs
    import traceback
    import warnings

    try:
        undefined_name_for_suggestions  # type: ignore[name-defined]  # noqa: B018, F821
    except NameError as err:
        traceback.format_exception(err)
    with warnings.catch_warnings(record=True):
        warnings.warn("measuring", stacklevel=1)
    for codec in CODECS:
        codecs.lookup(codec)


def kept(modules: set[str], tops: dict[str, bool]) -> set[str]:
    """Keep-list entries for loaded modules: the top-level name of a stdlib module or
    package (a package is kept whole), and for PARTIAL packages each submodule too."""
    out = set()
    for name in modules:
        top = name.partition(".")[0]
        if top not in tops:
            continue  # built in, frozen only, or not the standard library's
        out.add(top)
        if top in PARTIAL and name != top:
            out.add(name)
    return out


def measure(boot: list[str], pyscript: dict[str, str]) -> dict[str, Any]:
    """What is needed, measured on the stock zip, and why (the first reason found)."""
    polluted = set(sys.modules) - set(boot) - {"__main__", __name__}
    if polluted:  # they would hide from the measurement whoever else imports them
        raise RuntimeError(f"measure: this tool imported {sorted(polluted)} beyond the boot")
    before = set(sys.modules)
    tops = stdlib_tops()
    why = dict.fromkeys(sorted(kept(set(boot), tops)), "Pyodide's boot")

    def note(reason: str, before: set[str]) -> None:
        for entry in sorted(kept(set(sys.modules) - before, tops)):
            why.setdefault(entry, reason)

    note("zipfile reading a zip's names", before)  # encodings.cp437
    before = set(sys.modules)
    for module in parlor_modules():
        __import__(module)
    note("import parlor.*", before)
    for name, who in sorted(needed_imports(pyscript).items()):
        if name.partition(".")[0] in tops:
            before = set(sys.modules)
            err = _import(name)
            if err is not None:
                raise MissingModules(f"{who} imports {name}: {err}")
            note(f"imported by {who}", before)
    before = set(sys.modules)
    exercise()
    note("tracebacks, warnings, codecs", before)
    for name, reason in EXTRA.items():
        before = set(sys.modules)
        __import__(name)
        note(reason, before)
    return {"python": sys.version.split()[0], "keep": dict(sorted(why.items()))}


def parse_keep(text: str) -> list[str]:
    """The entries of tools/stdlib-keep.txt: first word of each line, # comments off."""
    return [line.split("#")[0].split()[0] for line in text.splitlines()
            if line.split("#")[0].strip()]


def build(keep: list[str], out: str) -> dict[str, Any]:
    """Write the cut zip: kept modules as unchecked hash-based .pyc (no source, no
    timestamps) compiled with the stock file names, so tracebacks name file and line."""
    import importlib.util
    import marshal
    import zipfile

    wanted = set(keep)
    stock = zipfile.ZipFile(STDLIB_ZIP)
    entries: dict[str, bytes] = {}
    for entry in stock.namelist():
        head, sep, rest = entry.partition("/")
        if entry.endswith("/"):
            continue
        if not sep:
            keep_it = head.removesuffix(".py") in wanted and entry.endswith(".py")
        elif head in PARTIAL:
            sub = rest.removesuffix(".py").removesuffix("__init__").rstrip("/")
            keep_it = (head if not sub else f"{head}.{sub.replace('/', '.')}") in wanted
        else:
            keep_it = head in wanted
        if not keep_it:
            continue
        data = stock.read(entry)
        if entry.endswith(".py"):
            code = compile(data, f"{STDLIB_ZIP}/{entry}", "exec", dont_inherit=True)
            flags = (0b01).to_bytes(4, "little")  # hash-based, source not checked
            entries[entry + "c"] = (importlib.util.MAGIC_NUMBER + flags
                                    + importlib.util.source_hash(data) + marshal.dumps(code))
        else:
            entries[entry] = data  # data files of a kept package (py.typed, ...)
    missing = sorted(wanted - {_entry_module(e) for e in entries})
    if missing:
        raise MissingModules(f"the stock zip has no {', '.join(missing)}")
    folders = {e.rsplit("/", 1)[0] + "/" for e in entries if "/" in e}
    for folder in list(folders):
        while folder.count("/") > 1:
            folder = folder.rsplit("/", 2)[0] + "/"
            folders.add(folder)
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name in sorted([*folders, *entries]):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            if name.endswith("/"):
                info.external_attr = 0o40755 << 16
                archive.writestr(info, b"")
            else:
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, entries[name], compresslevel=9)
    return {"files": len(entries), "bytes": os.path.getsize(out)}


def _entry_module(entry: str) -> str:
    """The keep-list entry a zip entry belongs to (its top-level name, or for PARTIAL
    packages its module)."""
    head, sep, rest = entry.partition("/")
    if not sep:
        return head.removesuffix(".pyc").removesuffix(".py")
    if head not in PARTIAL:
        return head
    sub = rest.removesuffix(".pyc").removesuffix("__init__").rstrip("/")
    return head if not sub else f"{head}.{sub.replace('/', '.')}"


def check(pyscript: dict[str, str]) -> dict[str, Any]:
    """On the cut zip: every parlor module, every stdlib module parlor or PyScript's
    package imports (even inside a function), and the ``exercise`` paths must import.
    Raises MissingModules naming each missing module and who needs it."""
    missing: dict[str, list[str]] = {}  # module: who needs it
    for module in parlor_modules():
        err = _import(module)
        if err is not None:
            missing.setdefault(str(err.name), []).append(module)
    for name, who in sorted(needed_imports(pyscript).items()):
        top = name.partition(".")[0]
        if top in sys.builtin_module_names or top in ("js", "pyodide_js", "parlor"):
            continue
        if top in ("polyscript", "_pyscript", "pyscript", "uio", "jsffi"):
            continue  # PyScript's JavaScript modules, its own package, MicroPython's
        err = _import(name)
        if err is not None:
            missing.setdefault(str(err.name), []).append(who)
    try:
        exercise()
    except (ImportError, LookupError) as err:
        name = getattr(err, "name", None) or str(err)
        missing.setdefault(name, []).append("formatting a traceback, a warning or a codec")
    if missing:
        raise MissingModules(
            "the cut standard library lacks "
            + "; ".join(f"{name!r} (needed by {who[0]}"
                        + (f" and {len(who) - 1} more)" if len(who) > 1 else ")")
                        for name, who in sorted(missing.items()))
            + ". Regenerate tools/stdlib-keep.txt: python3 tools/stdlib_cut.py measure")
    return {"modules": len(sys.modules)}


#: Where the page unpacks the package zip (assets/pyodide-start.mjs: Pyodide's home), so a
#: traceback names the file as it would had the source been compiled in the page.
PACKAGE_HOME = "/home/pyodide"


def compile_package(src: str, out: str) -> dict[str, Any]:
    """The package zip with every module as a sourceless, unchecked-hash .pyc compiled
    by this Pyodide (data files as they are, entries in the same order): the page
    imports it without compiling anything. Tracebacks keep file and line numbers."""
    import importlib.util
    import marshal
    import zipfile

    count = 0
    with zipfile.ZipFile(src) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for info in source.infolist():
            data = source.read(info)
            name = info.filename
            if name.endswith(".py"):
                code = compile(data, f"{PACKAGE_HOME}/{name}", "exec", dont_inherit=True)
                flags = (0b01).to_bytes(4, "little")  # hash-based, source not checked
                data = (importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(data)
                        + marshal.dumps(code))
                name += "c"
                count += 1
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = info.external_attr
            zf.writestr(entry, data, compresslevel=9)
        zf.comment = source.comment
    return {"modules": count, "bytes": os.path.getsize(out)}


def run(mode: str, args: list[str], boot: list[str], pyscript: dict[str, str]) -> Any:
    """Entry point for tools/stdlib_build.mjs."""
    if mode == "compile":
        return compile_package(args[0], args[1])
    if mode == "measure":
        return measure(boot, pyscript)
    if mode == "build":
        return build(parse_keep(args[0]), args[1])
    if mode == "check":
        return check(pyscript)
    if mode == "time":
        import time

        started = time.perf_counter()
        for module in parlor_modules():
            __import__(module)
        return {"import_ms": (time.perf_counter() - started) * 1000}
    raise ValueError(f"unknown mode {mode!r}")
