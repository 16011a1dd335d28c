// The Bot Lab's sandboxes, seen from the page: window.parlorSandbox.
//
// A student's bot is a stranger's code (a classmate's link, a file). It runs in a worker
// of its own, inside an iframe that has no origin (sandbox="allow-scripts", never
// allow-same-origin) and a Content-Security-Policy that allows no connection at all:
// from there no cache, storage, cookie or service worker of Parlor's can be reached and
// no request can leave (docs/lab-threat-model.md). The runtime files reach it as bytes
// from this page (from the service worker's cache offline), never by a fetch of its own.
//
// Three places, three pieces of code in this file:
// - the page (this closure): fetches the runtime files once, makes the iframe, and makes
//   or stops a student's worker when the Lab's worker asks (assets/lab.js);
// - the iframe (insideFrame, written into its srcdoc): holds the files, starts and
//   stops workers, and tells the page when one died;
// - each worker (one script the page makes of Pyodide's loader, the sandbox's glue and
//   insideWorker; the iframe starts it from a blob): boots Pyodide from the bytes, strips
//   what the sandbox would still expose, then talks only on the MessagePort the Lab's
//   worker holds (py/parlor/app/lab/sandbox/sandbox.py answers there).
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
  // Read when used, not now: tools/snapshot.mjs runs this file without the page's scripts.
  const protocol = () => self.PARLOR_LAB_PROTOCOL;
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

  // ---- inside the iframe: an opaque origin, nothing to reach -------------------------
  function insideFrame(STEPS, P) {
    let files = null;
    let snapshot = null; // a Blob: read by each worker in its own thread, not copied here
    let unpacked = null; // the package's files, for restored workers (its data a Blob)
    let workerSource = null;
    let compiled = null; // Pyodide's wasm, compiled once here for every worker
    const workers = new Map(); // id -> Worker
    const tell = (message) => parent.postMessage(message, "*");
    addEventListener("message", (event) => {
      if (event.source !== parent) return; // a worker cannot post here; nobody else may
      const m = event.data;
      if (m.kind === P.toFrame.files) {
        files = m.files;
        snapshot = m.snapshot instanceof Blob ? m.snapshot : null;
        unpacked = snapshot ? m.unpacked : null;
        workerSource = m.source;
        // Compiled once and handed to each worker: its machine code is shared, so a new
        // sandbox starts sooner and costs less memory. Where a browser will not hand a
        // module to a worker, each worker compiles the bytes itself.
        compiled = WebAssembly.compile(files["pyodide.asm.wasm"]).catch(() => null);
      } else if (m.kind === P.toFrame.cached && files && m.snapshot instanceof Blob) {
        snapshot = m.snapshot; // cached since the files came: the next workers restore it
        unpacked = m.unpacked;
      } else if (m.kind === P.toFrame.make && files && event.ports.length === 1) {
        const made = performance.timeOrigin + performance.now();
        const url = URL.createObjectURL(new Blob([workerSource], { type: "text/javascript" }));
        const worker = new Worker(url);
        URL.revokeObjectURL(url);
        workers.set(m.id, worker);
        // What a worker posts to this frame is never read but its first message, which
        // its own code posts before any student code can run: how it started (from the
        // snapshot or not), for the page's console and tests. Anything after it is
        // ignored (a student's code may post anything once it runs); its death is news
        // (the browser says so, not it).
        worker.onmessage = (e) => {
          worker.onmessage = null;
          const d = e.data !== null && typeof e.data === "object" ? e.data : {};
          const s = d.steps !== null && typeof d.steps === "object" ? d.steps : {};
          const steps = { made };
          for (const k of STEPS) steps[k] = Number(s[k]) || 0;
          tell({ kind: P.fromFrame.start, id: m.id, mode: String(d.mode).slice(0, 20),
                 reason: String(d.reason ?? "").slice(0, 300), ms: Number(d.ms) || 0,
                 loaded: Number(d.loaded) || 0, steps,
                 package: d.package === "written" ? "written" : "unzipped" });
        };
        worker.onerror = (e) => {
          e.preventDefault();
          tell({ kind: P.fromFrame.died, id: m.id,
                 why: String(e.message || "the sandbox stopped") });
        };
        const port = event.ports[0];
        compiled.then((module) => {
          try {
            // With the module, the wasm's bytes are not needed: none are sent, and once
            // a worker has taken a module this frame lets its own copy go.
            const wasm = module ? new ArrayBuffer(0) : files["pyodide.asm.wasm"];
            worker.postMessage({ files: { ...files, "pyodide.asm.wasm": wasm }, module, snapshot,
                                 unpacked }, [port]);
            if (module) files["pyodide.asm.wasm"] = null;
          } catch {
            worker.postMessage({ files, module: null, snapshot, unpacked }, [port]);
          }
        });
      } else if (m.kind === P.toFrame.kill) {
        const worker = workers.get(m.id);
        if (worker) worker.terminate();
        workers.delete(m.id);
      }
    });
    tell({ kind: P.fromFrame.frame });
  }

  // ---- inside each worker: one student's interpreter ----------------------------------
  function insideWorker(RESTORED, SAFE_PATH, READY) {
    // Times of this worker's start (ms since 1970, comparable with the page's), for the
    // page's `starts` and `make bench`: its thread begun (its timeOrigin), its script
    // evaluated (Pyodide's loader and glue before this), its files received, the
    // snapshot read, Python up, the package unpacked, the first word.
    const now = () => performance.timeOrigin + performance.now();
    const steps = { begun: performance.timeOrigin, evaluated: now() };
    // A Blob's bytes, read in slices into memory this worker allocates itself: a
    // Blob's own arrayBuffer() gives memory the browser keeps until a garbage
    // collection even once detached (30 MiB resident per idle sandbox, measured), where
    // this one goes when `transfer(0)` detaches it below.
    async function readBlob(blob) {
      const into = new Uint8Array(blob.size);
      const reader = blob.stream().getReader();
      let at = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        into.set(value, at); // throws if the Blob said one size and held more
        at += value.length;
      }
      if (at !== into.length) throw new Error("the snapshot was cut short");
      return into.buffer;
    }
    // The package's files (assets/lab-zip.mjs's unzip: paths, where each ends in `bytes`)
    // written under the Lab's folder, as unpackArchive writes them; false, having written
    // nothing, if they do not add up or a path could leave the folder (checked again
    // here: they came through the frame).
    function writePackage(py, unpacked, bytes) {
      const { paths, ends } = unpacked;
      const safe = new RegExp(SAFE_PATH);
      if (!Array.isArray(paths) || !Array.isArray(ends) || paths.length !== ends.length
          || !paths.every((p) => typeof p === "string" && safe.test(p))
          || !ends.every((e, i) => Number.isInteger(e) && e >= (i ? ends[i - 1] : 0))
          || (ends.length ? ends[ends.length - 1] : 0) !== bytes.byteLength) {
        return false;
      }
      const data = new Uint8Array(bytes);
      const made = new Set(); // each folder made once, not once a file (a tenth of a start)
      paths.forEach((path, i) => {
        const file = `/home/pyodide/lab/${path}`;
        const folder = file.slice(0, file.lastIndexOf("/"));
        if (!made.has(folder)) {
          py.FS.mkdirTree(folder);
          made.add(folder);
        }
        // Each file is its slice of the package's bytes, not a copy (canOwn): the one
        // buffer is the files' storage from now on.
        py.FS.writeFile(file, data.subarray(i ? ends[i - 1] : 0, ends[i]), { canOwn: true });
      });
      return true;
    }
    self.onmessage = async (event) => {
      steps.received = now();
      self.onmessage = null; // the files come once
      let files = event.data.files; // let go once Python is up: its copy is in the heap
      const module = event.data.module; // the wasm compiled by the iframe, or null
      const port = event.ports[0];
      const BASE = "https://sandbox.invalid/"; // never fetched: see fetchHere
      // Pyodide's loader fetches its files: they are answered from the bytes given.
      const fetchHere = async (url) => {
        const name = String(url).startsWith(BASE) ? String(url).slice(BASE.length) : "";
        if (!files || !Object.hasOwn(files, name)) {
          throw new TypeError("no network in the Lab's sandbox");
        }
        const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
        return new Response(files[name], { headers: { "Content-Type": type } });
      };
      self.fetch = fetchHere;
      const instantiateStreaming = WebAssembly.instantiateStreaming;
      if (module) {
        // Pyodide instantiates what it fetched: the module compiled already, instead.
        WebAssembly.instantiateStreaming = /** @type {any} */ (async (response, imports) => (
          { instance: await WebAssembly.instantiate(module, imports), module }));
      }
      let answer;
      const started = performance.now();
      // How it started, for the page (see the frame): a snapshot, or why not.
      let start = { mode: "normal", reason: "", loaded: 0 };
      try {
        // loadPyodide and _createPyodideModule come with this worker's own script
        // (workerScript): WebKit loads neither a module nor importScripts from a blob of
        // an opaque origin.
        const options = {
          indexURL: BASE,
          createPyodideModule: self._createPyodideModule,
          lockFileContents: new TextDecoder().decode(files["pyodide-lock.json"]),
          stdout: () => {},
          stderr: () => {},
        };
        let py = null;
        if (event.data.snapshot) {
          try {
            // Read here, in this worker's thread: a Blob is handed over without a copy.
            const bytes = await readBlob(event.data.snapshot);
            steps.read = now();
            files["snapshot.bin"] = bytes; // freed with the files below
            // Pyodide keeps its options for the interpreter's life (its API.config): given
            // the bytes through a thenable that lets them go, it holds no 31 MB copy.
            let heap = new Uint8Array(bytes); // its header taken off by the finder
            const once = { then(resolve) { const h = heap; heap = null; resolve(h); } };
            py = await self.loadPyodide({ ...options, _loadSnapshot: once });
            start = { mode: "snapshot", reason: "", loaded: 0 };
          } catch (err) {
            const why = String(err?.message ?? err).split("\n")[0];
            start = { mode: "normal", reason: `snapshot refused: ${why}`, loaded: 0 };
          }
        }
        if (!py) py = await self.loadPyodide(options);
        start.loaded = performance.now() - started; // Python up (restored or started)
        steps.loaded = now();
        // A restored sandbox writes the package the frame has unpacked once (plain copies)
        // where it can; a normal start, or anything amiss, unpacks the zip.
        let written = false;
        if (start.mode === "snapshot" && event.data.unpacked) {
          try {
            const bytes = await readBlob(event.data.unpacked.data);
            written = writePackage(py, event.data.unpacked, bytes);
          } catch {
            written = false; // unzipped below, over anything written
          }
        }
        if (!written) {
          py.unpackArchive(files["parlor.zip"], "zip", { extractDir: "/home/pyodide/lab" });
        }
        start.package = written ? "written" : "unzipped";
        steps.unpacked = now();
        py.runPython(start.mode === "snapshot" ? RESTORED
          : "import sys; sys.path.insert(0, '/home/pyodide/lab')");
        // The method looked up once: a lookup per question would make a proxy each time.
        answer = py.pyimport("parlor.app.lab.sandbox.sandbox").Sandbox(() => performance.now()).answer;
        // This worker's copies of the files (a snapshot's 31 MB among them) are in its
        // heap now: freed at once rather than at a garbage collection an idle worker
        // may not have for a long time.
        for (const bytes of Object.values(files)) bytes?.transfer?.(0);
        files = null;
        WebAssembly.instantiateStreaming = instantiateStreaming;
      } catch (err) {
        port.postMessage("failed: " + String(err));
        return;
      }
      steps.ready = now();
      self.postMessage({ ...start, ms: performance.now() - started, steps }); // before any bot
      // Defence in depth: the CSP already refuses every connection and this origin has
      // no storage; what is left of those doors is taken away before any student code
      // runs (py/parlor/app/lab/sandbox/sandbox.py runs it only when asked, below).
      for (const name of [
        "fetch", "XMLHttpRequest", "WebSocket", "WebSocketStream", "EventSource",
        "WebTransport", "Worker", "SharedWorker", "importScripts", "indexedDB", "caches",
        "BroadcastChannel", "RTCPeerConnection", "Request", "Notification", "FileReaderSync",
        "postMessage", "setTimeout", "setInterval", "queueMicrotask", "MessageChannel",
        "requestAnimationFrame", "cookieStore",
      ]) {
        try { delete self[name]; } catch { /* not there */ }
        if (name in self) {
          try { Object.defineProperty(self, name, { value: undefined }); } catch { /* fixed */ }
        }
      }
      try {
        Object.defineProperty(navigator, "sendBeacon", { value: undefined });
        Object.defineProperty(navigator, "storage", { value: undefined });
      } catch { /* not there */ }
      port.onmessage = (event) => {
        let text;
        try {
          text = answer(String(event.data));
        } catch (err) {
          text = "failed: " + String(err); // the interpreter itself broke
        }
        port.postMessage(text);
      };
      port.postMessage(READY);
    };
  }

  // ---- the page ----------------------------------------------------------------------

  // A restore's copy of the snapshot into the wasm heap, page by page, leaving alone a
  // page that is zero in both: a fresh wasm memory reads zero without taking memory, so
  // a restored sandbox then holds about what a normal start does (~12.5 of the
  // snapshot's 30 MiB are not zero), not its whole heap. Replaces Pyodide's
  // `Module.HEAP8.set(snapshot)` in the sandbox's glue (a splice worked out
  // at build time by tools/pyodide_sandbox.mjs makes that call this one); same result. `bytes` is the heap whole,
  // or packed to its pages that are not zero (assets/lab-heap.mjs, which says the
  // layout; told apart by its magic, which a whole heap cannot start with): then only
  // those are read and copied. A packed heap that does not add up throws (the worker
  // then starts normally).
  function restoreHeap(heap, bytes) {
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

  // A sandbox worker's whole script, one classic script: Pyodide's loader (its classic
  // build, which sets globalThis.loadPyodide), the sandbox's glue (a classic script
  // already, which calls restoreHeap: defined just before it), then insideWorker, given
  // RESTORED and SAFE_PATH's source (see DEFINED) and its first word (the protocol's
  // ready). Each part in a function of its own, so their names do not meet.
  function workerScript(loader, glue, { RESTORED }, { SAFE_PATH }) {
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
      `<script nonce="${key}">(${insideFrame})(${JSON.stringify(STEPS)}, ` +
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
    // The restore's copy into the heap (tests/test_sandbox_heap.py runs it under Node
    // against assets/lab-heap.mjs's packing, and crafted packed heaps).
    restoreHeap,
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
