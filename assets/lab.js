// The Bot Lab's worker, seen from the page: window.parlorLab.
// Python (py/parlor/web/lab.py) asks for a match with run(requestJson, report) and for
// an end with stop(); this file owns the worker (assets/lab-worker.js), so the page's
// Python hears a few batched reports, not one message per move of the student's bot.
//
// The watchdog: the worker says "T<game>:<ply>" before each call of the student's
// choose() and "D" after it. A call still open past the time limit (plus a grace for the
// message to arrive) cannot be stopped from inside Python: the worker is terminated,
// the game is reported "over_time" with its move, and a new worker carries on with the
// next game. report(kind, text): "batch" (a JSON list of the runner's reports), "done"
// (the last of them), "failed" (why). A worker's start is measured for `make bench`
// (performance.measure), not reported.
(function () {
  "use strict";
  const WORKER = new URL("./lab-worker.js", document.currentScript.src).href;
  const GRACE_MS = 300; // a report's way from the worker to the page, under load
  const BATCH_MS = 200; // at most five redraws a second while games pour in
  const WATCH_MS = 50;

  let worker = null;
  let ready = false;
  let bornAt = 0;
  let run = null; // {req, report, open, queue, flushAt, timer}

  function spawn() {
    ready = false;
    bornAt = performance.now();
    worker = new Worker(WORKER, { type: "module" });
    worker.onmessage = (event) => heard(event.data);
    worker.onerror = (event) =>
      heard(JSON.stringify({ kind: "failed", detail: String(event.message || event) }));
  }

  function kill() {
    if (worker) worker.terminate();
    worker = null;
    ready = false;
  }

  function post() {
    if (run && worker && ready) worker.postMessage(JSON.stringify(run.req));
  }

  function flush() {
    if (!run || !run.queue.length) return;
    const items = run.queue;
    run.queue = [];
    run.flushAt = performance.now();
    run.report("batch", JSON.stringify(items));
  }

  // The end of a match: "done" carries the last reports itself (one redraw, not two in
  // one task); "failed" says why after them.
  function finish(kind, text) {
    const r = run;
    if (!r) return;
    // For `make bench`: a whole match, from Run to its last report.
    performance.measure("parlor:lab-match", { start: r.startedAt, end: performance.now() });
    clearInterval(r.timer);
    if (kind === "failed") flush();
    const last = JSON.stringify(r.queue);
    run = null;
    r.report(kind, kind === "done" ? last : text || "");
  }

  function heard(text) {
    // The watchdog's own two messages, short: "T<game>:<ply>" (a call of the bot begins)
    // and "D" (it returned).
    if (text === "D") {
      if (run) run.open = null;
      return;
    }
    if (text[0] === "T") {
      // "T<game>:<ply>", or in a tournament "T<duel>:<ply>:<entrant>"
      if (run) {
        const [game, ply, who] = text.slice(1).split(":").map(Number);
        run.open = { game, ply, who, at: performance.now() };
      }
      return;
    }
    const msg = JSON.parse(text);
    switch (msg.kind) {
      case "ready":
        ready = true;
        // For `make bench`: a worker's start, from new Worker() to Python ready.
        performance.measure("parlor:lab-worker-start", { start: bornAt, end: performance.now() });
        post();
        return;
      case "failed":
        kill();
        finish("failed", msg.detail);
        return;
    }
    if (!run) return;
    switch (msg.kind) {
      case "game":
      case "duel":
        run.req.first = msg.number + 1; // a restarted worker carries on from here
        run.queue.push(msg);
        if (performance.now() - run.flushAt >= BATCH_MS) flush();
        return;
      case "chose": // a Lab bot's move in a game: the whole of its run
        run.queue.push(msg);
        return;
      case "compiled":
      case "entrants":
        run.queue.push(msg);
        flush();
        return;
      case "done":
        finish("done");
        return;
    }
  }

  function watch() {
    if (!run) return;
    const now = performance.now();
    if (run.queue.length && now - run.flushAt >= BATCH_MS) flush();
    const open = run.open;
    if (!open || now - open.at <= run.req.limit_ms + GRACE_MS) return;
    kill(); // the call never returned: only stopping the worker ends it
    // For `make bench`: from the call's start to the worker stopped.
    performance.measure("parlor:lab-overtime-stop", { start: open.at, end: performance.now() });
    run.open = null;
    run.queue.push({ kind: "over_time", game: open.game, ply: open.ply, who: open.who,
                     ms: now - open.at });
    run.req.first = open.game + 1;
    spawn(); // carries on with the next game once ready (or waits, warm, for the next Run)
    if (run.req.first >= run.req.total) finish("done");
    else flush();
  }

  window.parlorLab = {
    // Start a worker now (the Lab opened), so Run does not wait for Python to boot.
    warm() {
      if (!worker) spawn();
    },
    run(requestJson, report) {
      if (run) this.stop();
      const req = JSON.parse(requestJson);
      const now = performance.now();
      run = { req, report, open: null, queue: [], flushAt: now, startedAt: now, timer: 0 };
      run.timer = setInterval(watch, WATCH_MS);
      if (!worker) spawn();
      else post();
    },
    stop() {
      if (!run) return;
      clearInterval(run.timer);
      run = null;
      kill(); // the match may be deep in a game: a fresh worker is the only sure stop
      spawn();
    },
  };
})();
