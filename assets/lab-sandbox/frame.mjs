// The Lab sandboxes' iframe: an opaque origin, nothing to reach (assets/lab-sandbox.js).
//
// Not loaded as a module: tools/lab_sandbox_code.mjs turns this function into text at
// build time (esbuild; assets/lab-sandbox-code.js, generated), and the page writes that
// text into the frame's srcdoc as its one script, called with the steps of a sandbox's
// start (STEPS) and the Lab's protocol (P) as JSON. So it runs as a classic script, and
// it must stay one function that imports nothing: the frame can load nothing (its CSP),
// and the build stops if the text is not exactly that function.

export function insideFrame(STEPS, P) {
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
