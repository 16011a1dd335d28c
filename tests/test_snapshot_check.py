"""The checks a Python snapshot passes before the page or the Lab trusts it
(assets/snapshot-check.mjs, shared by assets/pyodide-start.mjs, assets/lab-snapshot.mjs
and the builder), run under Node on crafted manifests and files: a file named outside its
folder or by another key, a short or unaligned file, a header of another key, and a zip
or standard library other than the snapshot was made from are each refused, with the
reason the callers show; the header the builder writes is the one checked."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")
KEY = "0123456789abcdef"

pytestmark = pytest.mark.skipif(NODE is None, reason="needs node")

SCRIPT = """
import * as check from %s;
const cases = JSON.parse(process.argv[1]);
const bytes = (text, pad) => {
  const head = new TextEncoder().encode(text);
  const out = new Uint8Array(head.length + pad);
  out.set(head);
  return out;
};
const out = { header: check.header(%s), size: check.HEADER_BYTES, valid: [], why: [] };
for (const manifest of cases.manifests) out.valid.push(check.validManifest(manifest));
for (const [manifest, text, pad, zip, stdlib] of cases.files) {
  out.why.push(await check.mismatch(manifest, bytes(text, pad), new TextEncoder().encode(zip),
    new TextEncoder().encode(stdlib)));
}
console.log(JSON.stringify(out));
"""


def sha16(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def run(cases: dict[str, object]) -> dict[str, object]:
    assert NODE is not None
    module = json.dumps((ROOT / "assets" / "snapshot-check.mjs").as_uri())
    done = subprocess.run([NODE, "--input-type=module", "-e", SCRIPT % (module, json.dumps(KEY)),
                           json.dumps(cases)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def manifest(**changes: object) -> dict[str, object]:
    good: dict[str, object] = {"file": f"snapshot-{KEY}.bin", "key": KEY,
                               "zip": sha16("zip"), "stdlib": sha16("stdlib")}
    return {**good, **changes}


def test_crafted_manifests_are_refused_and_a_good_one_passes() -> None:
    cases = [manifest(), manifest(file=f"lab-sandbox-{KEY}.bin"),
             manifest(file=f"../snapshot-{KEY}.bin"), manifest(file=f"snapshot-{'f' * 16}.bin"),
             manifest(file=f"snapshot-{KEY}.bin.gz"), manifest(file=None),
             manifest(key=KEY.upper()), manifest(zip="x" * 16), manifest(stdlib=1), None, []]
    got = run({"manifests": cases, "files": []})["valid"]
    assert got == [True, True] + [False] * (len(cases) - 2)


def test_each_mismatch_is_refused_with_its_reason() -> None:
    header = f"PARLORSNAP1 {KEY}".ljust(31) + "\n"
    good = manifest()
    files = [
        [good, header, 64, "zip", "stdlib"],
        [good, header, 0, "zip", "stdlib"],  # a header and no heap
        [good, header, 63, "zip", "stdlib"],  # not 4-aligned
        [good, f"PARLORSNAP1 {'f' * 16}".ljust(31) + "\n", 64, "zip", "stdlib"],
        [good, header, 64, "another zip", "stdlib"],
        [good, header, 64, "zip", "another stdlib"],
    ]
    got = run({"manifests": [], "files": files})
    assert got["header"] == header and got["size"] == 32
    file = good["file"]
    assert got["why"] == [
        "",
        f"snapshot mismatch: {file} is not a snapshot",
        f"snapshot mismatch: {file} is not a snapshot",
        f"snapshot mismatch: the header of {file} is not its key's",
        "snapshot mismatch: it was made from another parlor.zip",
        "snapshot mismatch: it was made from another standard library",
    ]
