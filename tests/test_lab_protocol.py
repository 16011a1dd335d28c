"""The Lab's protocol is written once, in Python, and the JavaScript takes it from there.

py/parlor/app/lab/wire/messages.py names every kind of message between the page, the
referee's worker and the sandboxes (``for_javascript``); tools/site.py writes those words
into assets/lab-protocol.js, a frozen global ``PARLOR_LAB_PROTOCOL`` that the Lab's scripts
read as ``P.<group>.<word>``. These tests fail when the two sides disagree: the generated
file is not what messages.py gives, a script spells a protocol word by hand (a literal
that would go on matching after the Python changed), or a script names a word messages.py
does not have (which would read as undefined and match nothing).

They read the build tool and the scripts, which run on the host and in the browser, not
in the engine's Python: CPython only (tests/test_pyodide_selection.py).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from parlor.app.lab.wire import messages
from tools_loader import load_tool

pytestmark = pytest.mark.cpython_only

ROOT = Path(__file__).resolve().parent.parent
site = load_tool("site")
NODE = shutil.which("node")

#: The Lab's scripts: every one that sends or reads the Lab's messages, or may one day
#: (the sandboxes' frame and workers' code among them, assets/lab-sandbox/; not the
#: generated files: the protocol's, and that code's text built from those modules).
SCRIPTS = sorted(p for pattern in ("lab*.js", "lab*.mjs", "lab-sandbox/*.mjs")
                 for p in (ROOT / "assets").glob(pattern)
                 if p.name not in ("lab-protocol.js", "lab-sandbox-code.js"))

#: Literals equal to a protocol word that are not a message's kind, each by a piece of
#: its line: anything else spelt so is a kind written by hand.
NOT_KINDS = {
    ("lab-worker.js", 'step("ready")'): "the last step of the referee's start (make bench)",
    ("lab-sandbox.js", '"unpacked", "ready"]'): "the last step of a sandbox's start (STEPS)",
    ("lab-sandbox.js", 'setAttribute("sandbox"'): "the iframe's sandbox attribute",
}

#: A word a script names: ``P.group.word``, ``P.ready``, or through lab-sandbox.js's
#: ``protocol()`` (read when used).
NAMED = re.compile(r"\b(?:P|protocol\(\))\.(\w+)(?:\.(\w+))?")


def words() -> set[str]:
    out: set[str] = set()
    for value in messages.for_javascript().values():
        out |= set(value) if isinstance(value, dict) else {value}
    return out


def string_literals(text: str) -> list[tuple[int, str]]:
    """The JavaScript's string literals (quoted, and a template's text outside ``${}``),
    each with its line, comments and regular expressions left out. A lexer of the little
    JavaScript the Lab's scripts use, not of the whole language; its own test below."""
    out: list[tuple[int, str]] = []
    i, n = 0, len(text)
    last = ""  # the last character of code before here (is a "/" a division?)

    def line(at: int) -> int:
        return text.count("\n", 0, at) + 1

    def quoted(at: int, quote: str) -> int:
        j = at + 1
        while text[j] != quote:
            j += 2 if text[j] == "\\" else 1
        out.append((line(at), text[at + 1:j]))
        return j + 1

    def template(at: int) -> int:
        j, start = at + 1, at + 1
        while text[j] != "`":
            if text[j] == "\\":
                j += 2
            elif text.startswith("${", j):
                out.append((line(start), text[start:j]))
                j = code(j + 2, "}")
                start = j
            else:
                j += 1
        out.append((line(start), text[start:j]))
        return j + 1

    def code(at: int, until: str | None) -> int:
        nonlocal last
        depth = 0
        j = at
        while j < n:
            c = text[j]
            if text.startswith("//", j):
                j = text.find("\n", j) if "\n" in text[j:] else n
            elif text.startswith("/*", j):
                j = text.index("*/", j) + 2
            elif c in "\"'":
                j = quoted(j, c)
                last = c
            elif c == "`":
                j = template(j)
                last = c
            elif c == "/" and (last in "(,=:[!&|?{};+-*%<>~^" or last == ""
                               or re.search(r"\breturn\s*$", text[max(0, j - 12):j])):
                k = j + 1  # a regular expression: to its closing slash
                while text[k] != "/":
                    if text[k] == "[":
                        k = text.index("]", k)
                    k += 2 if text[k] == "\\" else 1
                j = k + 1
                last = "/"
            elif until and c == until and depth == 0:
                return j + 1
            else:
                depth += {"{": 1, "}": -1}.get(c, 0) if until else 0
                if not c.isspace():
                    last = c
                j += 1
        return j

    code(i, None)
    return out


def test_the_lexer_finds_literals_and_skips_comments_and_regular_expressions() -> None:
    text = ('// "ready" in a comment\nconst a = "ready"; /* "done" */ const b = \'batch\';\n'
            "const r = /\"turn\"[/]/g; const c = x / 2 / \"load\".length;\n"
            "const t = `said ${a ? \"failed\" : `in ${\"game\"}`} then`;\n")
    found = string_literals(text)
    assert [v for _, v in found if v in words()] == ["ready", "batch", "load", "failed", "game"]
    assert (2, "ready") in found and (4, "said ") in found and (4, " then") in found


def test_the_generated_file_is_what_messages_py_gives() -> None:
    """assets/lab-protocol.js is generated (ignored by git, like assets/i18n.js): the one
    on disk, which the page and the workers load, must be the one messages.py gives now."""
    path = ROOT / site.PROTOCOL_JS
    if not path.is_file():
        pytest.skip("assets/lab-protocol.js is built by `make setup` (tools/site.py)")
    assert path.read_text(encoding="utf-8") == site.protocol_js(ROOT), (
        "assets/lab-protocol.js is stale: run `make precache`")


@pytest.mark.skipif(NODE is None, reason="needs node")
def test_the_script_sets_a_frozen_global_of_exactly_those_words() -> None:
    script = ("const vm = require('node:vm'); const box = { self: {} };"
              f"vm.runInNewContext({json.dumps(site.protocol_js(ROOT))}, box);"
              "const P = box.self.PARLOR_LAB_PROTOCOL;"
              "const frozen = Object.isFrozen(P) && Object.values(P).every("
              "  (v) => typeof v === 'string' || Object.isFrozen(v));"
              "console.log(JSON.stringify({ P, frozen }));")
    assert NODE is not None
    done = subprocess.run([NODE, "-e", script], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["frozen"] is True
    assert out["P"] == messages.for_javascript()


def test_no_script_spells_a_protocol_word() -> None:
    known = words()
    assert {s.name for s in SCRIPTS} >= {"lab.js", "lab-worker.js", "lab-sandbox.js"}
    assert {"frame.mjs", "worker.mjs"} <= {s.name for s in SCRIPTS
                                           if s.parent.name == "lab-sandbox"}
    spelt, excused = [], set()
    for script in SCRIPTS:
        lines = script.read_text(encoding="utf-8").splitlines()
        for number, value in string_literals(script.read_text(encoding="utf-8")):
            if value not in known:
                continue
            allowed = [key for key in NOT_KINDS
                       if key[0] == script.name and key[1] in lines[number - 1]]
            if allowed:
                excused.update(allowed)
            else:
                spelt.append(f"{script.relative_to(ROOT)}:{number}: {value!r}")
    assert not spelt, ("a protocol word spelt by hand; name it from PARLOR_LAB_PROTOCOL "
                       "(assets/lab-protocol.js):\n" + "\n".join(spelt))
    assert excused == set(NOT_KINDS), f"no longer needed: {set(NOT_KINDS) - excused}"


def test_every_word_a_script_names_is_in_messages_py() -> None:
    protocol = messages.for_javascript()
    unknown = []
    for script in SCRIPTS:
        text = script.read_text(encoding="utf-8")
        for found in NAMED.finditer(text):
            group, word = found.groups()
            value = protocol.get(group)
            ok = (isinstance(value, str) and word is None
                  or isinstance(value, dict) and (word is None or word in value))
            if not ok:
                number = text.count("\n", 0, found.start()) + 1
                unknown.append(f"{script.relative_to(ROOT)}:{number}: {found.group(0)}")
    assert not unknown, "named but not in messages.for_javascript():\n" + "\n".join(unknown)


def test_each_lab_script_takes_its_words_from_the_protocol() -> None:
    """The page's, the referee's and the sandboxes' scripts each name words; the referee's
    module imports the file, and the page loads it before the two scripts that read it."""
    for name in ("lab.js", "lab-worker.js", "lab-sandbox.js"):
        assert NAMED.search((ROOT / "assets" / name).read_text(encoding="utf-8")), name
    worker = (ROOT / "assets" / "lab-worker.js").read_text(encoding="utf-8")
    assert re.search(r'^import "\./lab-protocol\.js";$', worker, re.M)
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r'<script defer src="\./assets/([\w.-]+)"></script>', html)
    assert "lab-protocol.js" in scripts
    at = scripts.index("lab-protocol.js")
    assert at < scripts.index("lab-sandbox.js") and at < scripts.index("lab.js")


def test_the_checker_knows_the_groups() -> None:
    """types/globals.d.ts declares the global's groups for tsc (not its words)."""
    types = (ROOT / "types" / "globals.d.ts").read_text(encoding="utf-8")
    body = re.search(r"interface LabProtocol \{(.*?)\n\}", types, re.S)
    assert body, "types/globals.d.ts: no interface LabProtocol"
    assert re.findall(r"readonly (\w+):", body.group(1)) == list(messages.for_javascript())


def test_a_word_that_could_break_out_of_the_frame_s_markup_is_refused(tmp_path: Path) -> None:
    """lab-sandbox.js writes the words into the frame's srcdoc and the workers' script."""
    wire = tmp_path / "py" / "parlor" / "app" / "lab" / "wire"
    wire.mkdir(parents=True)
    (wire / "messages.py").write_text(
        "def for_javascript():\n    return {'ready': 'ready</script>'}\n", encoding="utf-8")
    with pytest.raises(site.SiteError, match="not plain"):
        site.protocol_js(tmp_path)
