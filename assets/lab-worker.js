// The Bot Lab's referee: a worker of the page's own origin that plays the Lab's matches,
// tournaments and moves (py/parlor/app/lab/referee/referee.py) and never runs a line of a
// student's code. A student's bot lives in a sandbox of its own (assets/lab-sandbox.js);
// the page hands this worker one MessagePort per sandbox, and this file carries the
// referee's questions to it, times each one, and stops a sandbox that does not answer.
//
// A sandbox answers its questions in the order they came (a match keeps two games going,
// so two may be out at once): each is timed from when the sandbox could start on it, the
// moment the question before it was answered, to its answer.
//
// It starts from the page's own snapshot (py/snapshot.json, built by
// tools/snapshot.mjs: an interpreter that has imported every parlor module but
// parlor.web, the referee's and every game's among them, on the very loader and wasm
// this worker runs; no second file to download), checked as assets/lab-snapshot.mjs
// says, and only from the service worker's cache, as the page itself takes it: from the
// host it would be 6.2 MB more to download and 31 MB to unpack, which made the start no
// faster than a normal one (docs/decisions/referee-snapshot.md). Until the page's snapshot is cached (a
// first visit, no service worker), and for anything in doubt, it starts normally, as
// before; its "ready" says how it started ({mode, reason, ms}).
//
// From the page (assets/lab.js): {kind: "run", job, request}, {kind: "stop"}, {kind: "idle"}
// (every sandbox was let go),
// {kind: "sandbox", key, port, ready} (the sandbox asked for with "need"; ready: the
// page, which started it ahead, has heard it say so), {kind: "died", key}.
// To the page: {kind: "ready"}, {kind: "failed", detail}, {kind: "report", job, text},
// {kind: "need", key} (a sandbox for this bot, please), {kind: "kill", key},
// {kind: "ahead", count} (sandboxes to keep starting ahead while this job plays),
// {kind: "measure", name, ms} (for `make bench`: a sandbox's start, a loop stopped, the
// first answers of each job as this worker timed them).
// Python never reads these; they, the sandbox's "ready" and the reports' kinds are all
// words of the Lab's protocol, P (assets/lab-protocol.js, generated from
// py/parlor/app/lab/wire/messages.py, imported here for its global): none is spelt here,
// and an order from the page of a kind it does not know is this worker's failure.
import "./lab-protocol.js";
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { findSnapshot, RESTORED } from "./lab-snapshot.mjs";
import { HEADER_BYTES } from "./snapshot-check.mjs";

const P = self.PARLOR_LAB_PROTOCOL;

const GRACE_MS = 300; // an answer's way back, under load, before the watchdog stops it
const BOOT_MS = 120_000; // a sandbox that never says "ready" (a 4x-throttled tablet: ~5 s)
const MAX_ANSWER = 64 * 1024; // py/parlor/app/lab/wire/wire.py reads nothing longer
const MAX_UNASKED = 100; // messages a sandbox may send unasked before it is stopped
const WATCH_MS = 50; // the watchdog's tick
const MEASURED_ANSWERS = 20; // each job's first answers, timed for `make bench`

const here = (path) => new URL(path, import.meta.url).href;
// key -> {port, ready, waiting: [[text, limit]] (until ready), out: [limit] (questions
// out, oldest first), headAt, unasked, bornAt, bootTimer}
const sandboxes = new Map();
let referee = null;
let job = 0; // the page's number for the job under way, on each of its reports
let measured = 0; // answers of this job measured for `make bench`

// For `make bench`: a duration, measured here and recorded on the page's timeline
// (a worker's performance entries are its own). A spare's start is measured by the page.
function measure(name, start) {
  post({ kind: P.fromReferee.measure, name, ms: performance.now() - start });
}

function post(message, transfer) {
  self.postMessage(message, transfer || []);
}

// The oldest question out: the sandbox works on it from now. The watchdog looks at every
// sandbox's oldest question each tick (a timer per question would cost more than many a
// move takes) and stops a sandbox past its limit, whatever it is doing.
function armHead(key, box) {
  box.headAt = performance.now();
}

setInterval(() => {
  const now = performance.now();
  for (const [key, box] of [...sandboxes]) {
    if (!box.out.length || now - box.headAt <= box.out[0] + GRACE_MS) continue;
    const at = box.headAt;
    drop(key);
    // For `make bench`: from the question to the sandbox stopped.
    measure("parlor:lab-overtime-stop", at);
    referee.expired(key, performance.now() - at);
  }
}, WATCH_MS);

function send(key, box, text, limit) {
  box.port.postMessage(text);
  box.out.push(limit);
  if (box.out.length === 1) armHead(key, box);
}

function ready(key, box) {
  clearTimeout(box.bootTimer);
  box.ready = true;
  const waiting = box.waiting;
  box.waiting = [];
  for (const [text, limit] of waiting) send(key, box, text, limit);
}

function drop(key) {
  const box = sandboxes.get(key);
  if (!box) return;
  sandboxes.delete(key);
  clearTimeout(box.bootTimer);
  if (box.port) {
    box.port.onmessage = null;
    box.port.close();
  }
  post({ kind: P.fromReferee.kill, key });
}

function heard(key, box, data) {
  if (!box.ready) {
    if (data !== P.ready) {
      drop(key);
      referee.died(key, typeof data === "string" ? data.slice(0, 300) : "no word from it");
      return;
    }
    measure("parlor:lab-sandbox-start", box.bornAt);
    ready(key, box);
    return;
  }
  if (!box.out.length) {
    // Not asked: a bot's code may post on its own. A few are dropped; a flood is
    // stopped, so it cannot keep this worker busy for the other bots.
    if (++box.unasked > MAX_UNASKED) {
      drop(key);
      referee.died(key, "it sent messages it was not asked for");
    }
    return;
  }
  const at = box.headAt;
  const ms = performance.now() - at;
  // For `make bench`: an answer past its limit is a loop the sandbox's own watch stopped
  // at its line (py/parlor/app/lab/sandbox/stopwatch.py), timed as the watchdog's stops are.
  if (ms > box.out.shift()) measure("parlor:lab-overtime-stop", at);
  if (box.out.length) armHead(key, box);
  const text = typeof data === "string" && data.length <= MAX_ANSWER ? data : "";
  // For `make bench`: the job's first answers, as judged against their limit.
  if (measured++ < MEASURED_ANSWERS) {
    post({ kind: P.fromReferee.measure, name: "parlor:lab-answer", ms });
  }
  referee.heard(key, text, ms);
}

// The referee's side of the worker (py/parlor/app/lab/referee/referee.py, Out).
const out = {
  report(text) {
    post({ kind: P.fromReferee.report, job, text });
  },
  send(key, text, limit) {
    let box = sandboxes.get(key);
    if (!box) {
      box = { port: null, ready: false, waiting: [], out: [], headAt: 0, unasked: 0,
              bornAt: performance.now(), bootTimer: 0 };
      box.bootTimer = setTimeout(() => {
        drop(key);
        referee.died(key, "its sandbox did not start");
      }, BOOT_MS);
      sandboxes.set(key, box);
      post({ kind: P.fromReferee.need, key });
    }
    if (box.ready) send(key, box, text, limit);
    else box.waiting.push([text, limit]);
  },
  kill(key) {
    drop(key);
  },
  ahead(count) {
    post({ kind: P.fromReferee.ahead, count });
  },
};

// Sandboxes a tournament's duels may keep alive at once (each one more saves starts:
// 30 bots start 226 sandboxes with 3 alive, 100 with 6; each is ~45 MB), by the device's
// memory as the browser tells it (GB, rounded, at most 8; unknown: the least).
function room() {
  // Not in every browser (nor in TypeScript's WorkerNavigator): read as any property.
  const gb = Number(Reflect.get(self.navigator, "deviceMemory")) || 0;
  return gb >= 8 ? 6 : gb >= 4 ? 4 : 3;
}

/** Python from the page's snapshot ({py}), or why not ({reason}); `step(name)` marks
 * the start's steps. */
async function restored(zip, step) {
  const indexURL = here("../vendor/pyodide/");
  const stdlib = await (await fetch(new URL("python_stdlib.zip", indexURL))).arrayBuffer();
  step("stdlib");
  const found = await findSnapshot(here("../py/snapshot.json"), zip, stdlib, true, true);
  step("found");
  if (!found.bytes) return { reason: found.reason };
  // The standard library just checked is the one the restore mounts.
  const stdLibURL = URL.createObjectURL(new Blob([stdlib]));
  try {
    // Pyodide keeps its options for the interpreter's life (its API.config): given the
    // heap through a thenable that lets it go, it holds no 31 MB copy.
    let heap = new Uint8Array(found.bytes, HEADER_BYTES);
    const once = /** @type {PromiseLike<Uint8Array>} */ (/** @type {unknown} */ (
      { then(resolve) { const h = heap; heap = null; resolve(h); } }));
    const py = await loadPyodide({ indexURL, stdLibURL, _loadSnapshot: once });
    step("loaded");
    // Its package goes back where the snapshot had it (the working directory: files are
    // not in a snapshot); then sys.path and `random` as a normal start has them.
    py.unpackArchive(zip, "zip", { extractDir: "." });
    step("unpacked");
    py.runPython(RESTORED);
    return { py };
  } catch (err) {
    return { reason: `snapshot refused: ${String(err?.message ?? err).split("\n")[0]}` };
  } finally {
    URL.revokeObjectURL(stdLibURL);
    // The heap is in the interpreter now: its 31 MB copy is freed at once, not at a
    // garbage collection this worker may not have for a long time.
    found.bytes.transfer?.(0);
  }
}

/** The referee's Python: restored, else started as before snapshots; how it started,
 * and when each step of it ended (`steps`, ms since this worker was made: `begun`, its
 * modules loaded and this function called; `zip`, the package read; then, restored,
 * `stdlib`, `found` (the snapshot read and checked), `loaded`, `unpacked`; `ready` either
 * way), for `make bench`. */
async function boot() {
  const started = performance.now();
  const steps = { begun: started };
  const step = (name) => { steps[name] = performance.now(); };
  const zip = await (await fetch(here("../py/parlor.zip"))).arrayBuffer();
  step("zip");
  let found;
  try {
    found = await restored(zip, step);
  } catch (err) {
    found = { reason: `the snapshot could not be read: ${err}` };
  }
  let py = found.py;
  if (!py) {
    py = await loadPyodide({ indexURL: here("../vendor/pyodide/") });
    py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/lab" });
    py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lab')");
  }
  const made = py.pyimport("parlor.app.lab.referee.referee").Referee(out, room());
  // Its methods looked up once: each lookup through the proxy would make (and leave to
  // the garbage collector) a new proxy, at every move of every game.
  referee = { heard: made.heard, expired: made.expired, died: made.died, start: made.start,
              stop: made.stop, forget: made.forget };
  step("ready");
  return { mode: found.py ? "snapshot" : "normal", reason: found.py ? "" : String(found.reason),
           ms: performance.now() - started, steps };
}

const booted = boot();

booted.then(
  (start) => post({ kind: P.fromReferee.ready, start }),
  (err) => post({ kind: P.fromReferee.failed, detail: String(err) }),
);

self.onmessage = async (event) => {
  const m = event.data;
  await booted;
  try {
    if (m.kind === P.toReferee.run) {
      job = m.job;
      measured = 0;
      referee.start(m.request);
    } else if (m.kind === P.toReferee.stop) {
      referee.stop();
    } else if (m.kind === P.toReferee.sandbox) {
      const box = sandboxes.get(m.key);
      if (!box) {
        m.port.close(); // killed before it arrived
        return;
      }
      box.port = m.port;
      box.port.onmessage = (e) => {
        if (sandboxes.get(m.key) === box) heard(m.key, box, e.data);
      };
      if (m.ready) {
        measure("parlor:lab-sandbox-handed", box.bornAt);
        ready(m.key, box); // the page heard its first word for us
      }
    } else if (m.kind === P.toReferee.idle) {
      // The page let every sandbox go (the Lab was idle): none is asked again.
      for (const key of [...sandboxes.keys()]) drop(key);
      referee.forget();
    } else if (m.kind === P.toReferee.died) {
      if (sandboxes.has(m.key)) {
        drop(m.key);
        referee.died(m.key, String(m.why || "its sandbox stopped"));
      }
    } else {
      throw new Error(`the page asked for ${JSON.stringify(m.kind)}`);
    }
  } catch (err) {
    // A fault of Parlor's, not of a bot (the referee reads every answer itself).
    post({ kind: P.fromReferee.failed, detail: String(err) });
  }
};
