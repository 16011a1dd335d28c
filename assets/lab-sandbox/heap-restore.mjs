// Each Lab sandbox's restore of its snapshot into the heap (assets/lab-sandbox.js).
//
// In a worker, not loaded as a module: tools/lab_sandbox_code.mjs turns this function
// into text at build time (esbuild; assets/lab-sandbox-code.js, generated), and the page
// puts it in each worker's script just before the sandbox's glue, which calls it. It
// must stay one function that imports nothing; the build stops if the text is not
// exactly that. tests/test_sandbox_heap.py imports this module under Node.

// A restore's copy of the snapshot into the wasm heap, page by page, leaving alone a
// page that is zero in both: a fresh wasm memory reads zero without taking memory, so
// a restored sandbox then holds about what a normal start does (~12.5 of the
// snapshot's 30 MiB are not zero), not its whole heap. Replaces Pyodide's
// `Module.HEAP8.set(snapshot)` in the sandbox's glue (a splice worked out at build time
// by tools/pyodide_sandbox.mjs makes that call this one); same result. `bytes` is the
// heap whole, or packed to its pages that are not zero (assets/lab-heap.mjs, which says
// the layout; told apart by its magic, which a whole heap cannot start with): then only
// those are read and copied. A packed heap that does not add up throws (the worker
// then starts normally).
export function restoreHeap(heap, bytes) {
  const PAGE = 4096;
  const MAGIC = "PARLORHEAP1";
  const zero = (words, from) => {
    for (let k = from, end = from + PAGE / 4; k < end; k++) if (words[k] !== 0) return false;
    return true;
  };
  const fresh = heap.byteOffset % 4 ? null
    : new Int32Array(heap.buffer, heap.byteOffset, Math.floor(heap.length / 4));
  const packed = bytes.length >= 24 && bytes.byteOffset % 4 === 0
    && [...MAGIC].every((c, i) => bytes[i] === c.charCodeAt(0))
    && bytes.subarray(MAGIC.length, 16).every((b) => b === 0);
  if (packed) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    const length = view.getUint32(16, true);
    const count = view.getUint32(20, true);
    const data = Math.ceil((24 + 4 * count) / 8) * 8;
    if (!fresh || length % PAGE || length > heap.length || count > length / PAGE
        || bytes.length !== data + count * PAGE) {
      throw new Error("the sandbox's packed snapshot is malformed");
    }
    let next = 0;
    for (let p = 0; p < length / PAGE; p++) {
      if (next < count && view.getUint32(24 + 4 * next, true) === p) {
        heap.set(bytes.subarray(data + next * PAGE, data + (next + 1) * PAGE), p * PAGE);
        next += 1;
      } else if (!zero(fresh, p * PAGE / 4)) {
        heap.fill(0, p * PAGE, (p + 1) * PAGE);
      }
    }
    // Page numbers out of order or out of range were never reached.
    if (next !== count) throw new Error("the sandbox's packed snapshot is malformed");
    return;
  }
  if (!fresh || bytes.byteOffset % 4 || bytes.length > heap.length) {
    heap.set(bytes);
    return;
  }
  const words = new Int32Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 4));
  let at = 0;
  for (; at + PAGE <= bytes.length; at += PAGE) {
    if (!zero(words, at / 4)) heap.set(bytes.subarray(at, at + PAGE), at);
    else if (!zero(fresh, at / 4)) heap.fill(0, at, at + PAGE);
  }
  heap.set(bytes.subarray(at), at);
}
