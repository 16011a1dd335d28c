#!/usr/bin/env node
// Random Kabaleo games per second (and medium-bot move times) inside Pyodide under Node.js.
//
//   node tools/bench/pyodide.mjs [games]      # default 300 games per player count
//
// Called by `python3 -m tools.bench --only pyodide`, which reads the last line starting
// with "RESULT " (JSON) and prints it next to CPython's numbers. The Python loops are the
// very functions tools/bench/loops.py runs in CPython (random_games, bot_move_times), imported
// from the repository mounted with NODEFS, so both sides measure the same code.
// Pyodide comes from node_modules/pyodide; nothing is fetched from the network.

import path from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { loadPyodide, version as pyodideVersion } from "pyodide";

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const MOUNT = "/repo";
const games = Number.parseInt(process.argv[2] ?? "300", 10);

const started = Date.now();
const pyodide = await loadPyodide({ env: { PYTHONDONTWRITEBYTECODE: "1" } });
const bootS = (Date.now() - started) / 1000;
pyodide.FS.mkdirTree(MOUNT);
pyodide.mountNodeFS(MOUNT, REPO);

const out = await pyodide.runPythonAsync(`
import json, sys
sys.dont_write_bytecode = True
sys.path[:0] = ["${MOUNT}/py", "${MOUNT}"]
from tools.bench import loops as bench

speeds = {p: bench.best_games_per_second(p, ${games}) for p in bench.PLAYERS}
moves = {}
for p in bench.PLAYERS:
    ts = bench.bot_move_times("medium", p, 3)
    moves[f"{p}p"] = {"mean": 1000 * sum(ts) / len(ts), "p95": 1000 * bench.pct(ts, 0.95),
                "max": 1000 * max(ts)}
ts = bench.bot_move_times("medium", 2, 3, options={"targets_per_player": 2})
moves["2p, 2 targets each"] = {"mean": 1000 * sum(ts) / len(ts),
                                "p95": 1000 * bench.pct(ts, 0.95), "max": 1000 * max(ts)}
sim = {p: bench.sim_moves_per_second(p, max(20, ${games} // 10)) for p in bench.PLAYERS}
for p in (2, 4):
    sim[f"ciao{p}"] = bench.ciao_sim_moves_per_second(p, max(4, ${games} // 50))
for p in (2, 1):
    sim[f"sab{p}"] = bench.saboteur_sim_moves_per_second(p, max(4, ${games} // 50))
json.dumps({"games_per_s": speeds, "medium_move_ms": moves, "sim": sim,
            "python": sys.version.split()[0]})
`);
const data = JSON.parse(out);
data.pyodide = pyodideVersion;
data.boot_s = bootS;
for (const [p, gps] of Object.entries(data.games_per_s)) {
  console.log(`${p} players: ${gps.toFixed(0)} games/s`);
}
console.log(`RESULT ${JSON.stringify(data)}`);
