// The Bot Lab's referee: a worker of the page's own origin that plays the Lab's matches,
// tournaments and moves (py/parlor/app/lab/referee.py) and never runs a line of a
// student's code. A student's bot lives in a sandbox of its own (assets/lab-sandbox.js);
// the page hands this worker one MessagePort per sandbox, and this file carries the
// referee's questions to it, times each one, and stops a sandbox that does not answer.
//
// A sandbox answers its questions in the order they came (a match keeps two games going,
// so two may be out at once): each is timed from when the sandbox could start on it, the
// moment the question before it was answered, to its answer.
//
// From the page (assets/lab.js): {kind: "run", job, request}, {kind: "stop"},
// {kind: "sandbox", key, port, ready} (the sandbox asked for with "need"; ready: the
// page, which started it ahead, has heard it say so), {kind: "died", key}.
// To the page: {kind: "ready"}, {kind: "failed", detail}, {kind: "report", job, text},
// {kind: "need", key} (a sandbox for this bot, please), {kind: "kill", key},
// {kind: "measure", name, ms} (for `make bench`: a sandbox's start, a loop stopped).
// These are JavaScript's alone; the words this file shares with Python (the sandbox's
// "ready", the reports it carries) are named in py/parlor/app/lab/messages.py.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

const GRACE_MS = 300; // an answer's way back, under load, before the watchdog stops it
const BOOT_MS = 120_000; // a sandbox that never says "ready" (a 4x-throttled tablet: ~5 s)
const MAX_ANSWER = 64 * 1024; // py/parlor/app/lab/wire.py reads nothing longer
const MAX_UNASKED = 100; // messages a sandbox may send unasked before it is stopped
const WATCH_MS = 50; // the watchdog's tick

const here = (path) => new URL(path, import.meta.url).href;
// key -> {port, ready, waiting: [[text, limit]] (until ready), out: [limit] (questions
// out, oldest first), headAt, unasked, bornAt, bootTimer}
const sandboxes = new Map();
let referee = null;
let job = 0; // the page's number for the job under way, on each of its reports

// For `make bench`: a duration, measured here and recorded on the page's timeline
// (a worker's performance entries are its own). A spare's start is measured by the page.
function measure(name, start) {
  post({ kind: "measure", name, ms: performance.now() - start });
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
  post({ kind: "kill", key });
}

function heard(key, box, data) {
  if (!box.ready) {
    if (data !== "ready") {
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
  // at its line (py/parlor/app/lab/stopwatch.py), timed as the watchdog's stops are.
  if (ms > box.out.shift()) measure("parlor:lab-overtime-stop", at);
  if (box.out.length) armHead(key, box);
  const text = typeof data === "string" && data.length <= MAX_ANSWER ? data : "";
  referee.heard(key, text, ms);
}

// The referee's side of the worker (py/parlor/app/lab/referee.py, Out).
const out = {
  report(text) {
    post({ kind: "report", job, text });
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
      post({ kind: "need", key });
    }
    if (box.ready) send(key, box, text, limit);
    else box.waiting.push([text, limit]);
  },
  kill(key) {
    drop(key);
  },
};

const booted = (async () => {
  const py = await loadPyodide({ indexURL: here("../vendor/pyodide/") });
  const zip = await (await fetch(here("../py/parlor.zip"))).arrayBuffer();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/lab" });
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide/lab')");
  const made = py.pyimport("parlor.app.lab.referee").Referee(out);
  // Its methods looked up once: each lookup through the proxy would make (and leave to
  // the garbage collector) a new proxy, at every move of every game.
  referee = { heard: made.heard, expired: made.expired, died: made.died, start: made.start,
              stop: made.stop };
})();

booted.then(
  () => post({ kind: "ready" }),
  (err) => post({ kind: "failed", detail: String(err) }),
);

self.onmessage = async (event) => {
  const m = event.data;
  await booted;
  try {
    if (m.kind === "run") {
      job = m.job;
      referee.start(m.request);
    } else if (m.kind === "stop") {
      referee.stop();
    } else if (m.kind === "sandbox") {
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
    } else if (m.kind === "died") {
      if (sandboxes.has(m.key)) {
        drop(m.key);
        referee.died(m.key, String(m.why || "its sandbox stopped"));
      }
    }
  } catch (err) {
    // A fault of Parlor's, not of a bot (the referee reads every answer itself).
    post({ kind: "failed", detail: String(err) });
  }
};
