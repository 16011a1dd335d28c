// Finds the Lab sandboxes' snapshot off the page's thread (assets/lab-sandbox.js starts
// this worker once per frame): the download, the unpacking of 31 MB and the checks
// (assets/lab-snapshot.mjs) would otherwise be long tasks on the page while a match
// runs. Answers {key, snapshot: Blob} (the heap, its header taken off here) or
// {reason, uncached}, once.
import { findSnapshot } from "./lab-snapshot.mjs";
import { HEADER_BYTES } from "./snapshot-check.mjs";

self.onmessage = async (event) => {
  const { manifest, zip, stdlib, cacheOnly } = event.data;
  let found;
  try {
    found = await findSnapshot(manifest, zip, stdlib, cacheOnly === true);
  } catch (err) {
    found = { reason: `the snapshot could not be read: ${err}` };
  }
  // A slice of a Blob shares its bytes: no second copy of the 31 MB.
  const heap = found.bytes && new Blob([found.bytes]).slice(HEADER_BYTES);
  self.postMessage(heap ? { key: found.key, snapshot: heap }
    : { reason: String(found.reason), uncached: found.uncached === true });
};
