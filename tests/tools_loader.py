"""A script of tools/ loaded as a module, for the tests in tests/ and e2e/ (and a module
of the bench's package, tools/bench/: ``load_bench``).

tools/ is a folder of scripts run as ``python3 tools/site.py``, not a package, so a test
reaches one by its path. Each tool is loaded once and kept in ``sys.modules`` as
``parlor_tools_<name>``: every test file that asks for it, and e2e's fixtures, get the
same module object (one set of module state, one class per dataclass), and dataclasses,
which look their module up there, find it.

Tests in tests/ import it by name (``from tools_loader import load_tool``); e2e's import
it from the repository root (``from tests.tools_loader import load_tool``). Either way
the tool itself is loaded once, since the name it is kept under does not depend on how
this module was reached.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ROOT / "tools"


def module_name(tool: str) -> str:
    """The one name ``tools/<tool>.py`` is kept under in ``sys.modules``."""
    return f"parlor_tools_{tool}"


def load_tool(tool: str) -> ModuleType:
    """``tools/<tool>.py`` as a module, executed the first time only."""
    name = module_name(tool)
    if (module := sys.modules.get(name)) is not None:
        return module
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{tool}.py")
    if spec is None or spec.loader is None:
        raise ImportError(f"tools/{tool}.py cannot be loaded", name=name)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before it runs: its dataclasses look it up there
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]  # a half-run tool is not kept for the next caller
        raise
    return module


def load_bench(suite: str) -> ModuleType:
    """``tools/bench/<suite>.py``: a module of the bench's package (run from the root as
    ``python -m tools.bench``), imported as ``tools.bench.<suite>`` with the root on the
    path; its suites import each other by those names."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module(f"tools.bench.{suite}")
