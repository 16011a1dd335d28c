// The Bot Lab's workers, seen from the page: window.parlorLab.
//
// Python (py/parlor/web/lab.py) asks for a job (a match, a tournament, a Lab bot's move in
// a game) with run(requestJson, report) and for its end with stop(). The job is played by
// the referee (assets/lab-worker.js: the page's own origin, trusted code only), and each
// student's bot answers from a sandbox of its own (assets/lab-sandbox.js), reached only
// through a MessagePort this file hands the referee. The page relays nothing of what a
// bot says: the referee reads every answer and reports what happened.
//
// report(kind, text): "batch" (a JSON list of the referee's reports), "done" (the last of
// them), "failed" (why). Starts and stops are measured for `make bench`
// (performance.measure), not reported. Every kind of message this file sends or reads
// (those, the reports', a job's, its own to and from the referee's worker) is a word of
// the Lab's protocol, P (assets/lab-protocol.js, generated from
// py/parlor/app/lab/wire/messages.py): none is spelt here, and a kind it does not know
// is the worker's failure, not news passed over.
(function () {
  "use strict";
  const P = self.PARLOR_LAB_PROTOCOL;
  const WORKER = new URL("./lab-worker.js", /** @type {HTMLScriptElement} */ (document.currentScript).src).href;
  const BATCH_MS = 200; // at most five redraws a second while games pour in
  // A redraw waits at least this many times what the last one cost the main thread
  // (Python's report and the nodes' changes): a class's big table on a slow machine is
  // redrawn less often, at a steady pace, and the page keeps most of its time for the
  // student's clicks and scrolls.
  const PACE = 4;
  let drawMs = 0; // what the last redraw cost, in ms
  const IDLE_MS = 60_000; // the sandboxes let go once no job has run for this long

  let referee = null;
  let ready = false;
  let bornAt = 0;
  // Sandboxes started ahead, for the next bots: {id, port, owner, ready}, oldest first.
  // One after each job (so the next Run does not wait for its Python); during a job, as
  // many as the referee asks for ("ahead": a tournament's next bots find theirs ready).
  const spares = [];
  let ahead = 0;
  let run = null; // {job, request, report, queue, flushAt, startedAt, timer, class}
  let jobs = 0; // each run's number: a report of a job stopped before is not this run's
  const sandboxes = new Map(); // the referee's key -> the sandbox's id
  let pending = []; // the results' redraws not yet drawn: {node, html, grid} (drawSoon)
  /** @type {Generator<void, void, void> | null} */
  let drawing = null; // the redraws being applied, a slice a task (slice)
  let sliceTimer = 0;
  const SLICE_MS = 16; // a slice's script at most, about (a step's may end past it)
  const PIECES = 8; // a table's changed pieces changed in one step
  let idleTimer = 0; // lets the sandboxes go (letGo) once the Lab has been idle

  function spawn() {
    ready = false;
    window.parlorLab.refereeStart = null; // known once this one is ready
    bornAt = performance.now();
    referee = new Worker(WORKER, { type: "module" });
    referee.onmessage = (event) => heard(event.data);
    referee.onerror = (event) => fail(String(event.message || event));
  }

  // The sandboxes (their frame is a renderer process of its own, ~150 MB, and each
  // sandbox ~45 MB more) are started by the first Run, not when the Lab opens, and let
  // go once the Lab has been idle a while: the spare kept for the next Run, a match's
  // sandbox kept warm, the frame itself. The referee (~45 MB, in the page's process)
  // stays while the Lab is open: Run then waits only for the sandboxes' start.
  function idle() {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(letGo, IDLE_MS);
  }

  function letGo() {
    idleTimer = 0;
    if (run) return;
    spares.length = 0;
    ahead = 0;
    sandboxes.clear();
    if (referee && ready) referee.postMessage({ kind: P.toReferee.idle }); // it forgets them all
    window.parlorSandbox.end();
  }

  // A sandbox booted before any bot needs it, so Run does not wait for its Python. The
  // page reads its first word ("ready", from Parlor's code: no student code has run in
  // it yet) and nothing else; the port then goes to the referee for one bot.
  function startSpare() {
    const owner = { key: null };
    const { id, port } = window.parlorSandbox.make((why) => {
      const at = spares.findIndex((s) => s.id === id);
      if (at >= 0) {
        spares.splice(at, 1); // it never started: the next bot gets a new one
      } else if (owner.key !== null && sandboxes.get(owner.key) === id) {
        sandboxes.delete(owner.key);
        if (referee) referee.postMessage({ kind: P.toReferee.died, key: owner.key, why });
      }
    });
    const born = performance.now();
    const mine = { id, port, owner, ready: false };
    spares.push(mine);
    port.onmessage = (event) => {
      port.onmessage = null;
      if (event.data === P.ready) {
        mine.ready = true;
        // For `make bench`: a sandbox's start, from asked for to its Python ready.
        performance.measure("parlor:lab-sandbox-start", { start: born, end: performance.now() });
      } else if (spares.includes(mine)) {
        window.parlorSandbox.kill(id);
        spares.splice(spares.indexOf(mine), 1);
      }
    };
  }

  // Once a job is over: one spare, for the next Run (the others let go).
  function keepOne() {
    while (spares.length > 1) window.parlorSandbox.kill(spares.pop().id);
    if (!spares.length && referee) startSpare();
  }

  function post() {
    if (run && referee && ready) {
      referee.postMessage({ kind: P.toReferee.run, job: run.job, request: run.request });
    }
  }

  function flush() {
    if (!run || !run.queue.length) return;
    const items = run.queue;
    run.queue = [];
    const begun = performance.now();
    run.report(P.news.batch, JSON.stringify(items));
    drawMs = performance.now() - begun;
    if (run) run.flushAt = performance.now();
  }

  // Whether the reports waiting are due to be drawn (see PACE).
  function due() {
    return !!run && !drawing && !pending.length
      && performance.now() - run.flushAt >= Math.max(BATCH_MS, PACE * drawMs);
  }

  // The end of a job: "done" carries the last reports itself (one redraw, not two in one
  // task); "failed" says why after them.
  function finish(kind, text) {
    const r = run;
    if (!r) return;
    // For `make bench`: a whole job, from Run to its last report.
    performance.measure("parlor:lab-match", { start: r.startedAt, end: performance.now() });
    clearInterval(r.timer);
    if (kind === P.news.failed) flush();
    const last = JSON.stringify(r.queue);
    run = null;
    r.report(kind, kind === P.news.done ? last : text || "");
    ahead = 0;
    if (r.class && kind === P.news.done) {
      // A class's tournament is run once a lesson, not again at once: its frame and
      // sandboxes (200 MB and more) are let go now rather than after a minute idle.
      letGo();
      return;
    }
    keepOne(); // for the next Run
    idle();
  }

  function fail(detail) {
    if (referee) referee.terminate();
    referee = null;
    ready = false;
    for (const id of sandboxes.values()) window.parlorSandbox.kill(id);
    sandboxes.clear();
    for (const s of spares.splice(0)) window.parlorSandbox.kill(s.id);
    finish(P.news.failed, detail);
  }

  function heard(m) {
    switch (m.kind) {
      case P.fromReferee.ready: {
        ready = true;
        // How the referee started: from the page's snapshot, or why not.
        const start = m.start && typeof m.start === "object" ? m.start : {};
        const mode = start.mode === "snapshot" ? "snapshot" : "normal";
        const steps = {};
        for (const [name, at] of Object.entries(start.steps || {})) steps[name] = Number(at) || 0;
        window.parlorLab.refereeStart = { mode, reason: String(start.reason || ""),
                                          ms: Number(start.ms) || 0, steps };
        if (mode === "snapshot") {
          console.info("Parlor: the Lab's referee starts from the page's snapshot");
        } else {
          const say = window.parlorLab.refereeStart.reason.startsWith("snapshot refused")
            ? "warn" : "info";
          console[say](`Parlor: the Lab's referee starts normally (${start.reason})`);
        }
        // For `make bench`: the referee's start, from new Worker() to Python ready.
        performance.measure("parlor:lab-worker-start", { start: bornAt, end: performance.now() });
        post();
        return;
      }
      case P.fromReferee.failed:
        fail(m.detail);
        return;
      case P.fromReferee.need: {
        // A sandbox for one bot (the oldest spare): its port goes to the referee, and
        // nowhere else. Another spare starts now only if the job asked for some ahead
        // (a tournament's next bots); else once the job is over: booting one beside a
        // match would take a core from it.
        if (!spares.length) startSpare();
        const { id, port, owner, ready } = spares.shift();
        port.onmessage = null;
        owner.key = m.key;
        sandboxes.set(m.key, id);
        referee.postMessage({ kind: P.toReferee.sandbox, key: m.key, port, ready }, [port]);
        while (spares.length < ahead) startSpare();
        return;
      }
      case P.fromReferee.ahead: // the sandboxes to keep starting ahead while this job plays
        ahead = Math.max(0, Math.min(4, Number(m.count) || 0));
        while (spares.length < ahead) startSpare();
        return;
      case P.fromReferee.kill: {
        const id = sandboxes.get(m.key);
        sandboxes.delete(m.key);
        if (id !== undefined) window.parlorSandbox.kill(id);
        return;
      }
      case P.fromReferee.measure:
        // For `make bench`: "parlor:lab-sandbox-start", "…-overtime-stop", "…-answer".
        performance.measure(String(m.name), { end: performance.now(), duration: Number(m.ms) });
        return;
      case P.fromReferee.report:
        break;
      default:
        fail(`the Lab's worker said ${JSON.stringify(m.kind)}`);
        return;
    }
    if (!run || m.job !== run.job) return;
    const item = JSON.parse(m.text);
    switch (item.kind) {
      case P.report.game:
      case P.report.duel:
        run.queue.push(item);
        if (due()) flush();
        return;
      case P.report.done:
        finish(P.news.done);
        return;
      case P.report.compiled:
      case P.report.entrant:
      case P.report.chose: // news the student waits for
        run.queue.push(item);
        flush();
        return;
      default:
        fail(`the referee reported ${JSON.stringify(item.kind)}`);
    }
  }

  // ---- the results' redraw ------------------------------------------------------------
  // The results (a tournament's table: 30 bots are ~1,000 cells) are redrawn as reports
  // come, a few times a second. Replaced whole (innerHTML), every cell was a new box: the
  // page's main thread spent 100s of ms a redraw building and laying them out (and a
  // button the keyboard was on lost its focus). Instead the new markup is read into a
  // template and the nodes already there are kept, their words and attributes changed
  // where they differ; a node of another kind takes the old one's place. The result is
  // the markup given, but for what the student set: a details[data-keep] they opened
  // stays open (as web/dom.py's redraw keeps it).
  function sameKind(a, b) {
    return a.nodeType === b.nodeType && a.nodeName === b.nodeName
      && (a.nodeType !== 1 || (a.id === b.id
                               && a.getAttribute("data-keep") === b.getAttribute("data-keep")));
  }

  function sameAttributes(into, from) {
    const have = into.attributes;
    const want = from.attributes;
    const keepOpen = into.nodeName === "DETAILS" && into.open && into.hasAttribute("data-keep");
    for (let i = have.length - 1; i >= 0; i--) {
      const a = have[i];
      if (a.namespaceURI === null && !from.hasAttribute(a.name)
          && !(keepOpen && a.name === "open")) {
        into.removeAttribute(a.name);
      } else if (a.namespaceURI !== null && !from.hasAttributeNS(a.namespaceURI, a.localName)) {
        into.removeAttributeNS(a.namespaceURI, a.localName);
      }
    }
    for (let i = 0; i < want.length; i++) {
      const a = want[i];
      if (a.namespaceURI === null) {
        if (into.getAttribute(a.name) !== a.value) into.setAttribute(a.name, a.value);
      } else if (into.getAttributeNS(a.namespaceURI, a.localName) !== a.value) {
        into.setAttributeNS(a.namespaceURI, a.name, a.value);
      }
    }
  }

  // A row of the table (its bot) or a cell of the grid (its pair): the node that shows
  // it is moved where the new markup has it, not rewritten in the place of another
  // (the ranking changes at most redraws: rows and columns change places).
  function keyOf(node) {
    if (node.nodeType !== 1) return null;
    return node.getAttribute("data-lab-entrant") ?? node.getAttribute("data-lab-pair")
      ?? (node.hasAttribute("data-lab-grid") ? "grid" : null);
  }

  function morph(into, from) {
    let o = into.firstChild;
    let n = from.firstChild;
    const keyed = new Map(); // the keyed nodes there not yet used, by key
    for (let c = o; c; c = c.nextSibling) {
      const k = keyOf(c);
      if (k !== null && !keyed.has(k)) keyed.set(k, c);
    }
    while (n) {
      const next = n.nextSibling;
      const k = keyOf(n);
      if (k !== null && (!o || keyOf(o) !== k) && keyed.has(k)) {
        const found = keyed.get(k);
        into.insertBefore(found, o); // o null: at the end
        o = found;
      }
      const ok = o ? keyOf(o) : null;
      if (ok !== null && ok !== k) {
        // A keyed node that n is not (a row, a cell, the table): n goes before it, and
        // it waits for its own (or goes at the end), never changed into another node.
        into.insertBefore(n, o);
        n = next;
        continue;
      }
      if (ok !== null && keyed.get(ok) === o) keyed.delete(ok); // used here
      if (!o) {
        into.appendChild(n);
      } else if (!sameKind(o, n)) {
        const after = o.nextSibling;
        into.replaceChild(n, o);
        o = after;
        n = next;
        continue;
      } else if (o.nodeType === 1 && n.hasAttribute("data-lab-same")) {
        // left as drawn: a tournament's table, changed by its own changes (patch)
      } else if (o.nodeType === 1) {
        sameAttributes(o, n);
        morph(o, n);
      } else if (o.nodeValue !== n.nodeValue) {
        o.nodeValue = n.nodeValue;
      }
      o = o && o.nextSibling;
      n = next;
    }
    while (o) {
      const after = o.nextSibling;
      o.remove();
      o = after;
    }
  }

  // ---- a tournament's table changed piece by piece -------------------------------------
  // Python sends the pieces that changed (py/parlor/app/screens/lab_tour_patch.py says
  // what they are): each is read into a node and the node drawn there is changed into it
  // (morph: kept, so a focused name keeps its focus); a ranking changed moves the fewest
  // rows, and the same bots' cells in every row. Only writes: no layout is read here, so
  // the page lays the table out once, after the task.
  function one(node, fresh) {
    if (!node || !fresh) return false;
    sameAttributes(node, fresh);
    morph(node, fresh);
    return true;
  }

  // The changes as steps (a generator: each `yield` is a place where the redraw may stop
  // for this task and go on in the next, see `slice`): the rows moved with their columns'
  // cells, all in one step (a moved row or cell has the page lay the whole table out
  // again, ~50 ms at 4x a slower CPU: once for all of them, not once a frame), then the
  // pieces' markup read, then a few pieces changed a step (words and attributes: the
  // page lays out the cells changed). The table's own attributes (its games done, which
  // says the table is drawn to there) are changed last.
  function* patchGrid(slot, grid) {
    const table = slot.querySelector("table[data-lab-tournament]");
    if (!table) {
      console.warn("Parlor: a tournament's changes with no table drawn");
      return;
    }
    const cols = grid.cols || [];
    const rows = grid.rows || [];
    const cells = grid.cells || [];
    const body = table.tBodies[0];
    const byName = new Map();
    for (const tr of body.rows) byName.set(tr.getAttribute("data-lab-entrant"), tr);
    const byPair = new Map();
    if (cells.length || grid.moves) {
      for (const td of body.querySelectorAll("td[data-lab-pair]")) {
        byPair.set(td.getAttribute("data-lab-pair"), td);
      }
    }
    if (grid.moves) {
      const names = grid.names;
      const rowOf = (e) => (e === null ? null : byName.get(names[e]));
      const mine = Array.from(body.rows, (tr) => [tr, names.indexOf(tr.getAttribute("data-lab-entrant"))]);
      yield; // the moves in one step: the table's rows and cells laid out anew once
      for (const [e, before] of grid.moves) {
        const tr = rowOf(e);
        if (tr) body.insertBefore(tr, rowOf(before) || null);
        for (const [row, r] of mine) {
          const cellOf = (c) => (c === null ? null
            : c === r ? row.querySelector("td.self") : byPair.get(`${r},${c}`));
          const cell = cellOf(e);
          if (cell) row.insertBefore(cell, cellOf(before) || null);
        }
      }
    }
    if (cols.length || rows.length || cells.length) {
      yield;
      const template = document.createElement("template");
      template.innerHTML = `<table><thead><tr>${cols.map((c) => c[1]).join("")}</tr></thead>`
        + `<tbody>${rows.map((r) => r[1]).join("")}<tr>${cells.map((c) => c[1]).join("")}</tr>`
        + "</tbody></table>";
      const fresh = /** @type {HTMLTableElement} */ (template.content.firstElementChild);
      const heads = table.tHead.rows[0].cells;
      const newHeads = fresh.tHead.rows[0].cells;
      for (let j = 0; j < cols.length; j++) {
        if (j % PIECES === 0) yield;
        one(heads[3 + cols[j][0]], newHeads[j]);
      }
      const newRows = fresh.tBodies[0].rows;
      for (let j = 0; j < rows.length; j++) {
        if (j % PIECES === 0) yield;
        const tr = byName.get(rows[j][0]);
        const from = newRows[j];
        if (!tr) continue;
        sameAttributes(tr, from);
        for (let k = 0; k < from.cells.length; k++) one(tr.cells[k], from.cells[k]);
      }
      const newCells = newRows[rows.length].cells;
      for (let j = 0; j < cells.length; j++) {
        if (j % PIECES === 0) yield;
        one(byPair.get(cells[j][0]), newCells[j]);
      }
      yield;
    }
    for (const [name, value] of Object.entries(grid.table || {})) table.setAttribute(name, value);
  }

  // The redraws asked for, in order, as steps (see patchGrid): a whole redraw is one step;
  // a table's changes are many, and the rest of the results, drawn after the last of
  // them, is in the same step as its last (so the table's games done and the progress
  // line beside it change together).
  function* redraws(/** @type {any[]} */ todo) {
    for (let i = 0; i < todo.length; i++) {
      const p = todo[i];
      if (p.grid) yield* patchGrid(p.node, p.grid);
      if (!p.grid || i === todo.length - 1) window.parlorLab.draw(p.node, p.html);
      yield;
    }
  }

  // Applies the redraws waiting, a slice a task: steps until SLICE_MS have gone, then the
  // rest in a task of its own (a 30-bot table's changes at 4x a slower CPU were 100-250
  // ms of script in one task, and the page answered no click meanwhile). Only the
  // result counts: what the last slice leaves is what one task applying them all left.
  function slice() {
    sliceTimer = 0;
    const begun = performance.now();
    do {
      if (!drawing) {
        if (!pending.length) break;
        drawing = redraws(pending.splice(0));
      }
      if (drawing.next().done) drawing = null;
    } while (performance.now() - begun < SLICE_MS);
    drawMs += performance.now() - begun; // Python's part, then the nodes'
    if (drawing || pending.length) sliceTimer = setTimeout(slice, 0);
    else if (run) run.flushAt = performance.now();
  }

  window.parlorLab = {
    // `node`'s content made `html` in a task of its own, soon: Python's work for a
    // report and the page's to show it are then two shorter tasks, not one long one.
    // `grid`: a tournament's table's changes (JSON), `html` then the results with the
    // table's place kept. Of whole redraws asked for before it runs only the last is
    // drawn; the table's changes after it are each applied, in order.
    drawSoon(node, html, grid) {
      if (!grid) {
        pending.length = 0;
        drawing = null; // a whole redraw: what was left of the one before is in it
      }
      pending.push({ node, html, grid: grid ? JSON.parse(grid) : null });
      if (!sliceTimer) sliceTimer = setTimeout(slice, 0);
    },
    // The results before the code (`first`: a tournament's table, which spans the Lab
    // above it) or after it, as the whole Lab is drawn (py/parlor/app/screens/lab.py):
    // the section the keyboard is not in is the one moved, so the focus stays where it
    // is (a node moved out and back in loses it).
    place(/** @type {Element} */ results, /** @type {boolean} */ first) {
      const main = results.parentElement;
      const code = main && main.querySelector(":scope > .lab-code");
      if (!main || !code || (results.nextElementSibling === code) === first) return;
      const [before, after] = first ? [results, code] : [code, results];
      if (after.contains(document.activeElement)) main.insertBefore(before, after);
      else main.insertBefore(after, before.nextSibling);
    },
    // The whole Lab was just drawn: redraws asked for before it are not drawn.
    drop() {
      pending.length = 0;
      drawing = null;
    },
    // `node`'s content made `html`, keeping the nodes that are there (see morph).
    draw(node, html) {
      const kept = Array.from(node.querySelectorAll("details[data-keep][open]"),
                              (d) => d.dataset.keep);
      const template = document.createElement("template");
      template.innerHTML = html;
      morph(node, template.content);
      for (const key of kept) {
        const found = node.querySelector(`details[data-keep="${CSS.escape(key)}"]`);
        if (found) found.open = true;
      }
    },
    // How the referee started, once it is ready: {mode: "snapshot"|"normal", reason, ms,
    // steps} (ms: its worker's own start, from its first line to its Python ready; steps:
    // when each step ended, ms since its worker was made, assets/lab-worker.js's boot).
    refereeStart: null,
    // Start the referee now (the Lab opened), so Run does not wait for its Python; the
    // sandboxes wait for the first Run (see idle).
    warm() {
      if (!referee) spawn();
      window.parlorSandbox.prepare();
    },
    run(requestJson, report) {
      if (run) this.stop();
      const now = performance.now();
      run = { job: ++jobs, request: requestJson, report, queue: [], flushAt: now,
              startedAt: now, timer: 0,
              class: JSON.parse(requestJson).kind === P.job.tournament };
      drawMs = 0;
      run.timer = setInterval(() => {
        if (run && run.queue.length && due()) flush();
      }, BATCH_MS);
      clearTimeout(idleTimer);
      if (!referee) spawn();
      else post();
      if (!spares.length) startSpare(); // its first sandbox, beside the referee's start
    },
    // The Lab was left (or the page is going away): the referee, every sandbox and the
    // sandboxes' frame end, so their interpreters' memory is given back (a second and a
    // third Pyodide, the frame a process of its own). A later run or warm starts anew.
    end() {
      if (run) {
        clearInterval(run.timer);
        run = null;
      }
      clearTimeout(idleTimer);
      if (referee) referee.terminate();
      referee = null;
      ready = false;
      spares.length = 0;
      ahead = 0;
      sandboxes.clear();
      window.parlorSandbox.end();
    },
    stop() {
      if (!run) return;
      clearInterval(run.timer);
      run = null;
      // The referee drops the job and stops the sandbox of a question still out (it may
      // be an endless loop); the other sandboxes stay warm for the next Run.
      if (referee && ready) referee.postMessage({ kind: P.toReferee.stop });
      ahead = 0;
      keepOne();
      idle();
    },
  };
  // A reload or a closed tab: nothing of the Lab outlives the page.
  addEventListener("pagehide", () => window.parlorLab.end());
})();
