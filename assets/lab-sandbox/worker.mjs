// Each Lab sandbox's worker: one student's interpreter (assets/lab-sandbox.js).
//
// Not loaded as a module: tools/lab_sandbox_code.mjs turns this function into text at
// build time (esbuild; assets/lab-sandbox-code.js, generated), and the page ends each
// worker's one classic script with it (after Pyodide's loader and the sandbox's glue),
// called with RESTORED, SAFE_PATH's source and the protocol's ready as JSON. WebKit
// loads no module and no importScripts from a blob of an opaque origin, so it must stay
// one function that imports nothing; the build stops if the text is not exactly that.

export function insideWorker(RESTORED, SAFE_PATH, READY) {
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
      // (assets/lab-sandbox.js's workerScript): WebKit loads neither a module nor
      // importScripts from a blob of an opaque origin.
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
