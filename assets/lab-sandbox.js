// The Bot Lab's sandboxes, seen from the page: window.parlorSandbox.
//
// A student's bot is a stranger's code (a classmate's link, a file). It runs in a worker
// of its own, inside an iframe that has no origin (sandbox="allow-scripts", never
// allow-same-origin) and a Content-Security-Policy that allows no connection at all:
// from there no cache, storage, cookie or service worker of Parlor's can be reached and
// no request can leave (docs/lab-threat-model.md). The runtime files reach it as bytes
// from this page (from the service worker's cache offline), never by a fetch of its own.
//
// Three places, three pieces of code:
// - the page (this file): fetches the runtime files once, makes the iframe, and makes
//   or stops a student's worker when the Lab's worker asks (assets/lab.js);
// - the iframe (insideFrame, assets/lab-sandbox/frame.mjs, written into its srcdoc):
//   holds the files, starts and stops workers, and tells the page when one died;
// - each worker (one classic script the page makes of Pyodide's loader, restoreHeap
//   (assets/lab-sandbox/heap-restore.mjs), the sandbox's glue and insideWorker
//   (assets/lab-sandbox/worker.mjs); the iframe starts it from a blob): boots Pyodide
//   from the bytes, strips what the sandbox would still expose, then talks only on the
//   MessagePort the Lab's worker holds (py/parlor/app/lab/sandbox/sandbox.py answers).
//
// The frame's and the workers' code are modules, type-checked with the rest, but they
// reach the frame and the workers as text in what the page writes (the frame and the
// workers load nothing; WebKit loads no module and no importScripts from a blob of an
// opaque origin): tools/lab_sandbox_code.mjs turns each module's one function into text
// at build time with esbuild (`make setup-core`), into assets/lab-sandbox-code.js
// (generated, git-ignored, precached; index.html loads it just before this file), and
// this file writes that text as it is. It stringifies no function of its own.
//
// The sandbox's glue and wasm are Pyodide's with the changes tools/pyodide_sandbox.mjs
// worked out and checked once at build time (vendor/pyodide-sandbox/splices.json: the
// glue a classic script whose restore copies only the heap's pages that are not zero,
// the wasm's memory capped at 256 MiB); the page applies them as they are, by place,
// no search (assets/splice.mjs), to the files it already has for its own Python.
//
// A sandbox starts from a snapshot when the page has one that checks
// out (assets/lab-snapshot.mjs): an interpreter made by tools/snapshot.mjs at setup time
// exactly as a worker starts one (the same unpack, path and import, on the same capped
// wasm), never taken from a running sandbox. Each worker restores the same immutable
// bytes afresh, unpacks parlor.zip again (files are not in a snapshot), puts sys.path as
// a normal start has it and reseeds `random` (assets/lab-snapshot.mjs's RESTORED), and
// then strips its global scope as any sandbox does, before any student code. Anything
// in doubt (no snapshot, a mismatch, a restore that throws) is today's normal start,
// said on the console and in parlorSandbox.starts. Under a service worker the snapshot
// is taken from its cache only, which fetches it the first time the Lab opens (most
// visitors never open the Lab): until it holds it, sandboxes start normally ("not in the
// service worker's cache yet").
//
// The kinds of the messages between the page and the frame, and a sandbox's first word,
// are words of the Lab's protocol, P (assets/lab-protocol.js, generated from
// py/parlor/app/lab/wire/messages.py, loaded by the page before this file): none is spelt
// here. The frame and the workers cannot load it (no fetch, no script but their own), so
// they are handed the words with their code, as text (like STEPS), and nothing else.
(function () {
  "use strict";
  const HERE = /** @type {HTMLScriptElement} */ (document.currentScript).src;
  // Read when used (nothing here needs them before the Lab starts a sandbox): the
  // protocol's words, and the frame's and the workers' code as text (set by
  // assets/lab-protocol.js and assets/lab-sandbox-code.js, generated, loaded before this).
  const protocol = () => self.PARLOR_LAB_PROTOCOL;
  const code = () => self.PARLOR_LAB_SANDBOX_CODE;
  const FILES = {
    "pyodide.js": "../vendor/pyodide/pyodide.js",
    // Pyodide's glue and wasm, the page's own (downloaded once for both), and the
    // sandbox's changes to them (see above); the capped memory is where a bot that
    // allocates without end meets MemoryError, long before the tab runs short.
    "pyodide.asm.mjs": "../vendor/pyodide/pyodide.asm.mjs",
    "pyodide.asm.wasm": "../vendor/pyodide/pyodide.asm.wasm",
    "splices.json": "../vendor/pyodide-sandbox/splices.json",
    "python_stdlib.zip": "../vendor/pyodide/python_stdlib.zip",
    "pyodide-lock.json": "../vendor/pyodide/pyodide-lock.json",
    "parlor.zip": "../py/parlor.zip",
  };
  const SNAPSHOT_MANIFEST = new URL("../py/lab-snapshot.json", HERE).href;
  const SNAPSHOT_FINDER = new URL("./lab-snapshot-worker.mjs", HERE).href;
  // Two things the workers' code needs that are defined once, in modules: the Python a
  // restored sandbox runs before its first word (RESTORED, the referee's too) and the
  // paths it may write (SAFE_PATH, what the zip's reader accepts). This classic script
  // cannot import them statically, but import() works from any script; the workers'
  // code, a string run in a blob of an opaque origin, cannot, and is handed them as
  // text (workerScript). zip-entries.mjs is already loaded by the page's start
  // (pyodide-start.mjs), so only lab-snapshot.mjs is fetched, once (precached, like every
  // file of assets/).
  const DEFINED = [new URL("./lab-snapshot.mjs", HERE).href,
                   new URL("./zip-entries.mjs", HERE).href,
                   new URL("./splice.mjs", HERE).href];

  // The steps of a sandbox's start its worker reports (insideWorker), in order.
  const STEPS = ["begun", "evaluated", "received", "read", "loaded", "unpacked", "ready"];

  // A sandbox worker's whole script, one classic script: Pyodide's loader (its classic
  // build, which sets globalThis.loadPyodide), the sandbox's glue (a classic script
  // already, which calls restoreHeap: defined just before it), then insideWorker, given
  // RESTORED and SAFE_PATH's source (see DEFINED) and its first word (the protocol's
  // ready). Each part in a function of its own, so their names do not meet. restoreHeap
  // and insideWorker are the text of assets/lab-sandbox/heap-restore.mjs's and
  // worker.mjs's functions (assets/lab-sandbox-code.js).
  function workerScript(loader, glue, { RESTORED }, { SAFE_PATH }) {
    const { restoreHeap, insideWorker } = code().text;
    return `(function () {\n${loader}\n})();\n(function () {\n"use strict";\n` +
      `${restoreHeap}\n${glue}\n})();\n` +
      `(${insideWorker})(${JSON.stringify(RESTORED)}, ${JSON.stringify(SAFE_PATH.source)}, ` +
      `${JSON.stringify(protocol().ready)});\n`;
  }

  let frame = null;
  let frameReady = null; // a promise: the iframe said it is listening, with the files
  let unlisten = null; // ends the current frame's listener (and its wait), for end()
  let made = 0;
  const ids = new Map(); // id -> onDied callback
  const whyNot = new Map(); // id -> why the frame had no snapshot when it made that worker
  const asked = new Map(); // id -> when make() was called (ms since 1970)

  function nonce() {
    return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(18))));
  }

  async function loadFiles() {
    const files = {};
    const [, snapshotModule, zipModule, { spliced }] = await Promise.all([
      Promise.all(Object.entries(FILES).map(async ([name, path]) => {
        const response = await fetch(new URL(path, HERE).href);
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        files[name] = await response.arrayBuffer();
      })),
      ...DEFINED.map((url) => import(url)),
    ]);
    // A copy each: the page's own Python keeps Pyodide's files as they are.
    const splices = JSON.parse(new TextDecoder().decode(files["splices.json"]));
    files["pyodide.asm.wasm"] = spliced(new Uint8Array(files["pyodide.asm.wasm"]),
                                        splices.wasm).buffer;
    const glue = new TextDecoder().decode(spliced(new Uint8Array(files["pyodide.asm.mjs"]),
                                                  splices.glue));
    const text = (name) => new TextDecoder().decode(files[name]);
    const source = workerScript(text("pyodide.js"), glue, snapshotModule, zipModule);
    delete files["pyodide.js"];
    delete files["pyodide.asm.mjs"];
    delete files["splices.json"];
    // Where a service worker controls the page, the snapshot comes from its cache only,
    // and it is asked to cache it now (sw.js: it precaches it only once the Lab opens);
    // until then this frame's sandboxes start normally, and once it is cached the frame
    // is handed it (`later`). Without one, the host's file.
    const controller = navigator.serviceWorker?.controller ?? null;
    const found = await findOffThread(files["parlor.zip"], files["python_stdlib.zip"],
                                      controller !== null);
    const snapshot = found.snapshot instanceof Blob ? found.snapshot : null;
    const unpacked = snapshot ? found.unpacked ?? null : null;
    if (snapshot) {
      console.info(`Parlor: the Lab's sandboxes start from their snapshot ${found.key}`);
    } else {
      console.info(`Parlor: the Lab's sandboxes start normally (${found.reason})`);
    }
    let later = null;
    if (!snapshot && found.uncached && controller) {
      // Copies: the files themselves are moved to the frame.
      const zip = files["parlor.zip"].slice(0);
      const stdlib = files["python_stdlib.zip"].slice(0);
      later = askToCache(controller).then((held) => (held ? findOffThread(zip, stdlib, true)
        : { reason: "the service worker could not cache the snapshot" }));
    }
    if (!controller && navigator.serviceWorker) {
      // A first visit straight to the Lab (no service worker yet; the host's file was
      // used): the service worker, once there, caches it for the next visit (offline).
      navigator.serviceWorker.ready.then((registration) => {
        if (registration.active) askToCache(registration.active);
      }, () => {});
    }
    return { files, source, snapshot, unpacked, reason: found.reason || "", later };
  }

  // Found by a worker of its own (its download, unpacking and checks off this thread), as
  // a Blob: the frame hands it to each sandbox without copying 31 MB on its thread (which
  // may be this page's), and it is not held in the frame's heap.
  function findOffThread(zip, stdlib, cacheOnly) {
    return new Promise((resolve) => {
      let finder;
      try {
        finder = new Worker(SNAPSHOT_FINDER, { type: "module" });
      } catch (err) {
        resolve({ reason: `the snapshot could not be read: ${err}` });
        return;
      }
      finder.onmessage = (event) => { finder.terminate(); resolve(event.data); };
      finder.onerror = (event) => {
        finder.terminate();
        resolve({ reason: `the snapshot could not be read: ${event.message || "error"}` });
      };
      finder.postMessage({ manifest: SNAPSHOT_MANIFEST, zip, stdlib, cacheOnly });
    });
  }

  // The service worker asked to cache the Lab's snapshot (sw.js, "parlor:precache-lab");
  // true once it holds it.
  function askToCache(controller) {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => {
        channel.port1.close();
        resolve(event.data === true);
      };
      try {
        controller.postMessage("parlor:precache-lab", [channel.port2]);
      } catch {
        resolve(false);
      }
    });
  }

  // How each sandbox started, for the console and tests: counts by mode, and the last.
  const starts = { snapshot: 0, normal: 0, last: null };
  let filesReason = ""; // why the current frame's files came without a snapshot

  function started(m) {
    const mode = m.mode === "snapshot" ? "snapshot" : "normal";
    const reason = mode === "snapshot" ? ""
      : String(m.reason || whyNot.get(m.id) || "no snapshot");
    whyNot.delete(m.id);
    starts[mode] += 1;
    // Each step's time since make() was called (0: not reached, or not said).
    const from = asked.get(m.id) ?? 0;
    asked.delete(m.id);
    const steps = {};
    for (const k of ["made", ...STEPS]) {
      const at = Number(m.steps?.[k]) || 0;
      steps[k] = at && from ? Math.round((at - from) * 10) / 10 : 0;
    }
    // ms: from the worker's files to its first word; loaded: to Python up, within it.
    // package: "written" (the frame's unpacked files) or "unzipped" (unpackArchive).
    starts.last = { mode, reason, ms: Number(m.ms) || 0, loaded: Number(m.loaded) || 0, steps,
                    package: m.package === "written" ? "written" : "unzipped" };
    // For `make bench`: the worker's own start, from its files to its Python ready.
    performance.measure(`parlor:lab-sandbox-boot-${mode}`,
                        { end: performance.now(), duration: starts.last.ms });
    if (reason.startsWith("snapshot refused")) {
      console.warn(`Parlor: a Lab sandbox started normally (${reason})`);
    }
  }

  function start() {
    if (frameReady) return frameReady;
    const P = protocol();
    const key = nonce();
    // No connection of any kind; scripts only this one (its nonce) and the blob it makes
    // (each worker's script, Pyodide inside); wasm compiled from bytes.
    const policy = [
      "default-src 'none'",
      `script-src 'nonce-${key}' 'wasm-unsafe-eval'`,
      "worker-src blob:",
      "connect-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ].join("; ");
    // This start's own frame: end() may drop it, and a later start make another.
    const mine = document.createElement("iframe");
    frame = mine;
    mine.setAttribute("sandbox", "allow-scripts");
    mine.setAttribute("aria-hidden", "true");
    mine.setAttribute("tabindex", "-1");
    mine.setAttribute("data-lab-sandbox", "");
    mine.hidden = true;
    mine.srcdoc = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy}">` +
      `<script nonce="${key}">(${code().text.insideFrame})(${JSON.stringify(STEPS)}, ` +
      `${JSON.stringify(P)})<\/script>`;
    const ready = Promise.all([
      loadFiles(),
      new Promise((resolve, reject) => {
        const listen = (event) => {
          if (event.source !== mine.contentWindow || typeof event.data !== "object") return;
          const m = event.data;
          if (m.kind === P.fromFrame.frame) resolve();
          else if (m.kind === P.fromFrame.start && ids.has(m.id)) started(m);
          else if (m.kind === P.fromFrame.died && ids.has(m.id)) {
            const onDied = ids.get(m.id);
            ids.delete(m.id);
            onDied(String(m.why).slice(0, 200));
          }
        };
        addEventListener("message", listen);
        unlisten = () => {
          removeEventListener("message", listen);
          reject(new Error("the Lab was left"));
        };
      }),
    ]).then(([{ files, source, snapshot, unpacked, reason, later }]) => {
      if (frame !== mine) throw new Error("the Lab was left");
      filesReason = reason;
      // Moved, not copied: the iframe keeps the one copy its workers are given from.
      mine.contentWindow.postMessage({ kind: P.toFrame.files, files, source, snapshot, unpacked },
                                     "*", Object.values(files));
      if (later) {
        later.then((found) => {
          if (frame !== mine || !(found.snapshot instanceof Blob)) {
            console.info(`Parlor: the Lab's snapshot was not cached (${found.reason})`);
            return;
          }
          console.info(`Parlor: the Lab's sandboxes start from their snapshot ${found.key} ` +
                       "from now on (cached)");
          filesReason = "";
          mine.contentWindow.postMessage({ kind: P.toFrame.cached, snapshot: found.snapshot,
                                          unpacked: found.unpacked ?? null }, "*");
        });
      }
    });
    frameReady = ready;
    ready.catch(() => { if (frameReady === ready) frameReady = null; });
    document.body.append(mine);
    return ready;
  }

  window.parlorSandbox = {
    // The restore's copy into the heap, the workers' own (assets/lab-sandbox/heap-restore.mjs,
    // which tests/test_sandbox_heap.py runs under Node against assets/lab-heap.mjs's
    // packing, and crafted packed heaps).
    get restoreHeap() {
      return code().restoreHeap;
    },
    // How the sandboxes started: {snapshot: n, normal: n, last: {mode, reason, ms}}.
    starts,
    // Fetch the files and make the iframe now.
    warm() {
      return start();
    },
    // The Lab opened: the service worker is asked to cache the sandboxes' snapshot (it
    // precaches it only once the Lab is opened), so the first Run's sandboxes, which
    // make the frame, find it there. Nothing is started.
    prepare() {
      const sw = navigator.serviceWorker;
      if (sw?.controller) {
        askToCache(sw.controller);
      } else if (sw) {
        sw.ready.then((registration) => {
          if (registration.active) askToCache(registration.active);
        }, () => {});
      }
    },
    // A new student's worker; returns {id, port}: the port (to hand to the Lab's worker)
    // is the only way in or out of it. onDied(why) is called if it crashes.
    make(onDied) {
      const id = ++made;
      asked.set(id, performance.timeOrigin + performance.now());
      const channel = new MessageChannel();
      ids.set(id, onDied);
      start().then(
        () => {
          if (ids.has(id) && frame) {
            // The frame takes messages in order: it holds a snapshot for this worker if
            // and only if filesReason is empty now.
            whyNot.set(id, filesReason);
            frame.contentWindow.postMessage({ kind: protocol().toFrame.make, id }, "*",
                                            [channel.port1]);
          }
        },
        (err) => {
          if (!ids.has(id)) return; // ended (the Lab was left): nobody waits for it
          ids.delete(id);
          onDied("the Lab's files could not be read: " + err);
        },
      );
      return { id, port: channel.port2 };
    },
    // Every sandbox and the frame itself go (the Lab was left): its renderer process
    // and the runtime's files it holds are freed. The next make() builds it again.
    end() {
      ids.clear();
      whyNot.clear();
      asked.clear();
      if (unlisten) unlisten();
      unlisten = null;
      if (frame) frame.remove();
      frame = null;
      frameReady = null;
    },
    kill(id) {
      ids.delete(id);
      asked.delete(id);
      const f = frame;
      if (f && frameReady) {
        frameReady.then(() => {
          if (f.contentWindow) {
            f.contentWindow.postMessage({ kind: protocol().toFrame.kill, id }, "*");
          }
        }, () => {});
      }
    },
  };
})();
