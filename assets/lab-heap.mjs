// The Lab sandboxes' snapshot packed to its pages that are not zero.
//
// A sandbox's snapshot is Pyodide's header and its 30 MiB heap, of which only ~12.5 MiB
// are not zero. Each new sandbox used to read all of it from the frame's Blob and scan it
// for zero pages; packed once per frame by the snapshot's finder
// (assets/lab-snapshot-worker.mjs), each sandbox reads and copies only the pages that
// hold something, and the frame keeps a Blob of ~13 MB instead of 31.
//
// Layout (little-endian), after Pyodide's own header, which is kept as it is (Pyodide
// reads it, then hands the rest to the restore that `restoreHeap`
// (assets/lab-sandbox/heap-restore.mjs) replaces; it tells a packed heap from a whole
// one by the magic):
//   16 bytes  MAGIC, "PARLORHEAP1" padded with NULs (a whole heap starts with zeros:
//             emscripten keeps its first bytes for the null pointer; a heap that does
//             not is sent whole, never packed)
//   u32       the heap's length L (a multiple of PAGE)
//   u32       N, how many pages follow
//   N × u32   their page numbers, strictly ascending, each < L / PAGE
//   zeros     to an offset that is a multiple of 8
//   N × PAGE  the pages' bytes
// Every page not listed is zero in the snapshot.

export const PAGE = 4096;
export const MAGIC = "PARLORHEAP1";
const MAGIC_BYTES = 16;

/** `snapshot` (Pyodide's header and heap, header of Parlor's file already taken off: a
 * Uint8Array) packed as above, or null when it cannot be (then it is sent whole). */
export function packHeap(snapshot) {
  if (snapshot.byteOffset % 4 || snapshot.length < 16) return null;
  const view = new DataView(snapshot.buffer, snapshot.byteOffset, snapshot.length);
  const start = view.getUint32(4, true); // Pyodide's header: magic, then the heap's offset
  if (start % 8 || start >= snapshot.length) return null;
  const heap = snapshot.subarray(start);
  if (heap.length % PAGE || heap.length < MAGIC_BYTES) return null;
  const magic = new TextEncoder().encode(MAGIC);
  if (magic.every((b, i) => heap[i] === b)) return null; // would read as packed
  const words = new Int32Array(heap.buffer, heap.byteOffset, heap.length / 4);
  const pages = [];
  for (let p = 0, w = 0; p < heap.length / PAGE; p++, w += PAGE / 4) {
    for (let k = w; k < w + PAGE / 4; k++) {
      if (words[k] !== 0) {
        pages.push(p);
        break;
      }
    }
  }
  const data = Math.ceil((MAGIC_BYTES + 8 + 4 * pages.length) / 8) * 8;
  const out = new Uint8Array(start + data + pages.length * PAGE);
  out.set(snapshot.subarray(0, start));
  const packed = out.subarray(start);
  const head = new DataView(out.buffer, start, data);
  packed.set(magic);
  head.setUint32(MAGIC_BYTES, heap.length, true);
  head.setUint32(MAGIC_BYTES + 4, pages.length, true);
  pages.forEach((p, i) => {
    head.setUint32(MAGIC_BYTES + 8 + 4 * i, p, true);
    packed.set(heap.subarray(p * PAGE, (p + 1) * PAGE), data + i * PAGE);
  });
  return out;
}
