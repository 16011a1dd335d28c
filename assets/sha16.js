// The first 16 hex digits of the SHA-256 of some bytes: how Parlor names what it
// precaches and checks what it restores (tools/site.py's sha16 writes the same). One
// copy for two kinds of reader: the service worker, a classic script, takes it with
// importScripts; the modules (assets/snapshot-check.mjs) import this file for its
// effect. Either way it lands on the global scope as `parlorSha16`.
"use strict";

/** @param {ArrayBuffer | ArrayBufferView} bytes @returns {Promise<string>} */
globalThis.parlorSha16 = async function parlorSha16(bytes) {
  // (TypeScript's DOM lib wants views of a plain ArrayBuffer; Parlor's bytes are.)
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", /** @type {any} */ (bytes)));
  return Array.from(digest.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
};
