"""The Lab sandboxes' snapshot travels packed to its pages that are not zero
(assets/lab-heap.mjs packs it once per frame; restoreHeap, assets/lab-sandbox/heap-restore.mjs,
copies it into a new sandbox's heap: assets/lab-sandbox.js puts its text in each worker's
script). Run under Node: a packed heap and a whole one restore to
the same bytes over a heap that is not fresh (a restore writes zeros where the snapshot
has them), the real snapshot packs to well under half its size, and a crafted packed
heap (page numbers out of order or range, counts that do not add up, cut short) is
refused rather than restored wrong: the worker then starts normally."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="needs node")

SCRIPT = r"""
import fs from "node:fs";
import zlib from "node:zlib";
import { packHeap, PAGE, MAGIC } from %(pack)s;
import { restoreHeap } from %(restore)s;

const PAGES = 64;
const HEAD = 144; // Pyodide's header: its magic, the heap's offset, the rest unread here
function snapshot(fill) {
  const out = new Uint8Array(HEAD + PAGES * PAGE);
  new DataView(out.buffer).setUint32(4, HEAD, true);
  const heap = out.subarray(HEAD);
  fill(heap);
  return out;
}
// What Pyodide hands the restore: the part after its header.
const heapOf = (snap) => snap.subarray(
  new DataView(snap.buffer, snap.byteOffset).getUint32(4, true));
function restored(bytes) {
  const heap = new Uint8Array(PAGES * PAGE);
  for (let p = 0; p < PAGES; p += 3) heap[p * PAGE + 7] = 9; // not fresh: junk here and there
  restoreHeap(heap, bytes);
  return heap;
}
const equal = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const out = {};

const snap = snapshot((heap) => {
  for (const p of [1, 2, 5, 30, 63]) heap[p * PAGE + (p * 37) %% PAGE] = p + 1;
  heap[PAGE * 10 + PAGE - 1] = 200; // a page's last byte
});
const packed = packHeap(snap);
out.packedHeader = equal(packed.subarray(0, HEAD), snap.subarray(0, HEAD));
out.packedSize = packed.length;
out.expectedSize = HEAD + 48 + 6 * PAGE; // 16 + 8 + 6 page numbers, padded to 8
out.packedRestores = equal(restored(heapOf(packed)), heapOf(snap));
out.wholeRestores = equal(restored(heapOf(snap)), heapOf(snap));
out.emptyRestores = equal(restored(heapOf(packHeap(snapshot(() => {})))),
                          new Uint8Array(PAGES * PAGE));
const magic = new TextEncoder().encode(MAGIC);
out.magicHeapNotPacked = packHeap(snapshot((heap) => heap.set(magic))) === null;
out.oddHeapNotPacked = packHeap(snap.subarray(0, snap.length - 4)) === null;

// Crafted packed heaps: each must throw, none may restore.
const crafted = {
  outOfOrder: (v) => { v.setUint32(24, 5, true); v.setUint32(28, 1, true); },
  duplicate: (v) => v.setUint32(28, 1, true),
  outOfRange: (v) => v.setUint32(24 + 4 * 5, PAGES, true),
  countTooHigh: (v) => v.setUint32(20, 7, true),
  countHuge: (v) => v.setUint32(20, 0xffffffff, true),
  lengthOdd: (v) => v.setUint32(16, PAGES * PAGE - 8, true),
  lengthTooLong: (v) => v.setUint32(16, (PAGES + 1) * PAGE, true),
};
out.crafted = {};
for (const [name, spoil] of Object.entries(crafted)) {
  const bytes = heapOf(packed).slice();
  spoil(new DataView(bytes.buffer));
  try {
    restored(bytes);
    out.crafted[name] = "restored";
  } catch (err) {
    out.crafted[name] = String(err.message);
  }
}
try {
  restored(heapOf(packed).slice(0, heapOf(packed).length - PAGE));
  out.crafted.cutShort = "restored";
} catch (err) {
  out.crafted.cutShort = String(err.message);
}

const real = fs.readdirSync(%(py)s).find((n) => /^lab-sandbox-[0-9a-f]{16}\.bin\.gz$/.test(n));
if (real) {
  const whole = zlib.gunzipSync(fs.readFileSync(%(py)s + "/" + real));
  const heap = new Uint8Array(whole.buffer.slice(whole.byteOffset + 32,
                                                 whole.byteOffset + whole.length));
  const pack = packHeap(heap);
  out.real = { whole: heap.length, packed: pack.length,
               same: equal(restoreHeapInto(heapOf(pack)), restoreHeapInto(heapOf(heap))) };
}
function restoreHeapInto(bytes) {
  const heap = new Uint8Array(30 * 1024 * 1024);
  restoreHeap(heap, bytes);
  return heap;
}
console.log(JSON.stringify(out));
"""


def run() -> dict[str, object]:
    assert NODE is not None
    script = SCRIPT % {"pack": json.dumps((ROOT / "assets" / "lab-heap.mjs").as_uri()),
                       "restore": json.dumps(
                           (ROOT / "assets" / "lab-sandbox" / "heap-restore.mjs").as_uri()),
                       "py": json.dumps(str(ROOT / "py"))}
    done = subprocess.run([NODE, "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    out: dict[str, object] = json.loads(done.stdout)
    return out


def test_a_packed_heap_restores_what_the_whole_one_does_and_a_crafted_one_is_refused() -> None:
    out = run()
    assert out["packedHeader"] is True  # Pyodide's header travels as it is
    assert out["packedSize"] == out["expectedSize"]  # six pages hold something
    assert out["packedRestores"] is True
    assert out["wholeRestores"] is True
    assert out["emptyRestores"] is True  # the junk of a used heap is zeroed
    assert out["magicHeapNotPacked"] is True  # it would read as packed: sent whole
    assert out["oddHeapNotPacked"] is True
    crafted = out["crafted"]
    assert isinstance(crafted, dict)
    assert crafted and all(why == "the sandbox's packed snapshot is malformed"
                           for why in crafted.values()), crafted
    assert len(crafted) == 8


def test_the_real_snapshot_packs_to_under_half_and_restores_the_same() -> None:
    out = run()
    real = out.get("real")
    if real is None:
        pytest.skip("no sandbox snapshot built (tools/site.py precache)")
    assert isinstance(real, dict)
    assert real["same"] is True
    assert real["packed"] < real["whole"] / 2, real
