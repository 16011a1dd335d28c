// Finds the Lab sandboxes' snapshot off the page's thread (assets/lab-sandbox.js starts
// this worker once per frame): the download, the unpacking of 31 MB and the checks
// (assets/lab-snapshot.mjs) would otherwise be long tasks on the page while a match
// runs. Answers {key, snapshot: Blob, unpacked} (the heap, its header taken off here,
// packed to its pages that are not zero: assets/lab-heap.mjs; the package zip unpacked,
// or null: assets/lab-zip.mjs) or {reason, uncached}, once.
import { packHeap } from "./lab-heap.mjs";
import { unzip } from "./lab-zip.mjs";
import { findSnapshot } from "./lab-snapshot.mjs";
import { HEADER_BYTES } from "./snapshot-check.mjs";

self.onmessage = async (event) => {
  const { manifest, zip, stdlib, cacheOnly } = event.data;
  // Unpacked beside the search (used only if the snapshot was checked against this zip);
  // null: the sandboxes unpack it themselves.
  const unpacking = unzip(zip).catch(() => null);
  let found;
  try {
    found = await findSnapshot(manifest, zip, stdlib, cacheOnly === true);
  } catch (err) {
    found = { reason: `the snapshot could not be read: ${err}` };
  }
  if (!found.bytes) {
    self.postMessage({ reason: String(found.reason), uncached: found.uncached === true });
    return;
  }
  // Packed once here, each sandbox reads ~13 MB instead of 31 (and skips no zero page
  // itself); a heap that cannot be packed goes whole.
  const whole = new Uint8Array(found.bytes, HEADER_BYTES);
  const snapshot = new Blob([packHeap(whole) ?? whole]);
  self.postMessage({ key: found.key, snapshot, unpacked: await unpacking });
};
